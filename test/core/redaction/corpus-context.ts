// Fake credentials recognised by their surroundings: JWTs, PEM blocks, assignments, headers, URLs.

import type { PositiveCase, Secret } from './corpus-positives.js';
import { BASE64URL, DIGITS, HEX, jwt, LOWER, password, pem, rand } from './random.js';

const s = (kind: string, value: string): Secret => ({ kind, value });

export function contextCases(): PositiveCase[] {
  return [
    {
      name: 'jwt in bearer header',
      parts: ['> GET /api/me HTTP/1.1\n> Authorization: Bearer ', s('jwt', jwt()), '\n< HTTP/1.1 200 OK'],
    },
    {
      name: 'jwt in cookie and query',
      parts: [
        'Set-Cookie: session=',
        s('jwt', jwt()),
        '; Path=/; HttpOnly\nGET /callback?id_token=',
        s('jwt', jwt()),
        '&state=xyz',
      ],
    },
    {
      name: 'pem private key file',
      parts: ['$ cat deploy_key\n', s('private-key', pem('OPENSSH PRIVATE KEY')), '\n$ '],
    },
    {
      name: 'rsa private key json-escaped',
      parts: [
        '{"type": "service_account", "private_key": "',
        s('private-key', pem('PRIVATE KEY', 12, '\\n')),
        '\\n", "client_email": "bot@acme.iam"}',
      ],
    },
    {
      name: 'truncated private key',
      parts: [
        'key starts like this:\n',
        s('private-key', pem('RSA PRIVATE KEY', 8).split('\n').slice(0, 5).join('\n')),
        '\n...',
      ],
    },
    {
      name: 'password in .env',
      parts: ['DB_HOST=db.internal\nDB_PASSWORD=', s('password-assignment', password()), '\nDB_PORT=5432\n'],
    },
    {
      name: 'password in yaml',
      parts: [
        'services:\n  db:\n    environment:\n      password: ',
        s('password-assignment', password()),
        '\n',
      ],
    },
    {
      name: 'password in json',
      parts: ['{"user": "admin", "password": "', s('password-assignment', password()), '"}'],
    },
    {
      name: 'password cli flag',
      parts: ['$ mysql --user=root --password=', s('password-assignment', password()), ' app\n'],
    },
    {
      name: 'password in xml',
      parts: [
        '<server>\n  <id>nexus</id>\n  <password>',
        s('password-assignment', password()),
        '</password>\n</server>',
      ],
    },
    {
      name: 'secret in query string',
      parts: [
        'POST /oauth/token?client_id=acme&client_secret=',
        s('secret-assignment', rand(32, BASE64URL)),
        '&grant_type=client_credentials',
      ],
    },
    {
      name: 'api key in python',
      parts: [
        'API_KEY = "',
        s('secret-assignment', rand(32, HEX)),
        '"\nresp = requests.get(url, headers={"X-Api-Key": API_KEY})',
      ],
    },
    {
      name: 'django secret key',
      parts: [
        "SECRET_KEY = '",
        s('secret-assignment', `django-insecure-${rand(40, `${LOWER}${DIGITS}!@#%^&*(-_=+)`)}`),
        "'\nDEBUG = False\n",
      ],
    },
    {
      name: 'api key http header',
      parts: ['> x-api-key: ', s('secret-assignment', rand(40)), '\n> accept: */*'],
    },
    {
      name: 'opaque bearer token',
      parts: [
        'curl -H "Authorization: Bearer ',
        s('bearer-header', rand(40, BASE64URL)),
        '" https://api.acme.dev/v1/items',
      ],
    },
    {
      name: 'basic auth header',
      parts: [
        'Authorization: Basic ',
        s('basic-auth-header', Buffer.from(`deploy:${password()}`).toString('base64')),
        '\r\nHost: acme.dev',
      ],
    },
    {
      name: 'database url with password',
      parts: [
        'DATABASE_URL=postgres://app:',
        s('url-password', password().replace(/[#^%]/g, '!')),
        '@db.internal:5432/app\n',
      ],
    },
    {
      name: 'redis url with empty user',
      parts: ['connecting to redis://:', s('url-password', rand(24)), '@cache:6379/0 ...'],
    },
  ];
}
