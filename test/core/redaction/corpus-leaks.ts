// The classes issue 8 saw reach the board, each in the shape it was reported in, with fresh random values.

import { randomBytes } from 'node:crypto';
import type { PositiveCase, Secret } from './corpus-positives.js';
import { fullWidth } from './generators.js';
import { BASE64, DIGITS, HEX, LOWER, pem, rand, UPPER } from './random.js';

const s = (kind: string, value: string): Secret => ({ kind, value });

const awsId = () => `AK${'IA'}${rand(16, UPPER + DIGITS)}`;
const awsSecret = () => `Ab${rand(36, BASE64)}9z`;
const twilioSid = () => `A${'C'}${rand(30, HEX)}a1`;
const hex32 = () => `${rand(30, HEX)}f7`;
const githubToken = () => `gh${'p'}_${rand(36)}`;

export function leakCases(): PositiveCase[] {
  return [
    {
      name: 'flask config subscript',
      parts: ["app.config['SECRET_KEY'] = '", s('secret-assignment', rand(32)), "'\n"],
    },
    {
      name: 'quoted subscript with colon',
      parts: ['settings["api_key"]: "', s('secret-assignment', `${rand(20)}/${rand(11)}+`), '"\n'],
    },
    {
      name: 'os.environ subscript',
      parts: ['os.environ["X_TOKEN"] = "', s('secret-assignment', rand(28)), '"\n'],
    },
    {
      name: 'ruby symbol subscript',
      parts: ['settings[:api_key] = "', s('secret-assignment', rand(28)), '"\n'],
    },
    {
      name: 'basic header whose credential is not printable',
      parts: [
        'Authorization: Basic ',
        s('basic-auth-header', Buffer.from([0, 255, ...randomBytes(10), 7]).toString('base64')),
        '\r\n',
      ],
    },
    {
      name: 'azure storage key after a key-like name',
      parts: [
        'AZURE_STORAGE_KEY=',
        s('secret-assignment', `${rand(40, BASE64)}/${rand(45, BASE64)}+==`),
        '\n',
      ],
    },
    {
      name: 'base64 key that starts with a slash',
      parts: ['{"accountKey": "', s('secret-assignment', `/${rand(20, BASE64)}+${rand(22, BASE64)}=`), '"}'],
    },
    {
      name: 'age identity despite the word SECRET',
      parts: [
        '# public key: age1example\n',
        s('age-secret-key', `AGE-${'SECRET'}-KEY-1${rand(58, 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L')}`),
        '\n',
      ],
    },
    {
      name: 'twilio auth token next to its account sid',
      parts: ['client = Client("', s('twilio-key', twilioSid()), '", "', s('twilio-key', hex32()), '")\n'],
    },
    {
      name: 'hex token in a token-named assignment',
      parts: ['TWILIO_AUTH_TOKEN=', s('secret-assignment', hex32()), '\n'],
    },
    {
      name: 'password holding & and digits',
      parts: ['password=', s('password-assignment', `Tr0ub4dor&${rand(1, DIGITS)}${rand(3, LOWER)}`), '\n'],
    },
    {
      name: 'password holding parentheses',
      parts: ['password=', s('password-assignment', `Zq9(${rand(4)})${rand(4)}`), '\n'],
    },
    {
      name: 'password holding ; , | { } < \\',
      parts: ['DB_PASSWORD=', s('password-assignment', `k3;x,${rand(3)}|{y}<\\Q${rand(4)}`), '\n'],
    },
    {
      name: 'quoted password with spaces',
      parts: ['DB_PASSWORD="', s('password-assignment', `correct horse ${rand(6, LOWER)} staple`), '"\n'],
    },
    {
      name: 'a password may contain any word',
      parts: ['password=', s('password-assignment', `My${'Secret'}Passw0rd!${rand(4, DIGITS)}`), '\n'],
    },
    {
      name: 'a url password may contain any word too',
      parts: [
        'DATABASE_URL=postgres://app:',
        s('url-password', `My${'Secret'}Password${rand(4, DIGITS)}`),
        '@db:5432/app\n',
      ],
    },
    {
      name: 'mysql -p glued password',
      parts: ['$ mysql -u root -p', s('password-assignment', `${rand(8)}!${rand(2, DIGITS)}`), ' shop\n'],
    },
    {
      name: '--password with a space and with =',
      parts: [
        'docker login --password ',
        s('password-assignment', `${rand(10)}#1`),
        ' ghcr.io && psql --password=',
        s('password-assignment', `${rand(10)}%2`),
        '\n',
      ],
    },
    {
      name: 'PWD, _PW and credentials keys',
      parts: [
        'MYSQL_PWD=',
        s('password-assignment', `${rand(10)}-9`),
        '\nADMIN_PW=',
        s('password-assignment', `${rand(10)}+8`),
        '\ncredentials: ',
        s('secret-assignment', `${rand(12)}~7`),
        '\n',
      ],
    },
    {
      name: 'yaml folded block scalar',
      parts: ['db:\n  password: >\n    ', s('password-assignment', `${rand(12)}@4`), '\n  user: app\n'],
    },
    {
      name: 'yaml literal block scalar',
      parts: ['db:\n  password: |-\n    ', s('password-assignment', `${rand(12)}^5`), '\n\n  user: app\n'],
    },
    {
      name: 'zero-width space inside a token',
      parts: ['GITHUB_TOKEN=', s('github-token', `gh${'p'}_${rand(10)}\u200b${rand(26)}`), '\n'],
    },
    {
      name: 'zero-width joiner and soft hyphen inside tokens',
      parts: [
        'token ',
        s('github-token', `${githubToken().slice(0, 20)}\u200d${rand(20)}`),
        ' and ',
        s('stripe-key', `sk_${'live'}_${rand(12)}\u00ad${rand(12)}`),
        '\n',
      ],
    },
    {
      name: 'full-width token',
      parts: ['paste: ', s('github-token', fullWidth(githubToken())), ' (from the chat)'],
    },
    {
      name: 'lowercase pem header',
      parts: [
        'key:\n',
        s(
          'private-key',
          pem('RSA PRIVATE KEY').replace(/(BEGIN|END) RSA PRIVATE KEY/g, (h) => h.toLowerCase()),
        ),
        '\n',
      ],
    },
    {
      name: 'four-dash pem header',
      parts: ['', s('private-key', pem('PRIVATE KEY').replaceAll('-----', '----')), '\n'],
    },
    {
      name: 'word-processor dashes around a pem header',
      parts: [
        'pasted from the doc: ',
        s('private-key', pem('EC PRIVATE KEY').replaceAll('-----', '\u2014\u2013')),
        '\n',
      ],
    },
    {
      name: 'aws secret key on the line after its id',
      parts: ['', s('aws-access-key', awsId()), '\n', s('aws-secret-key', awsSecret()), '\n'],
    },
    {
      name: 'aws secret key in the same json object as its id',
      parts: [
        '{"id": "',
        s('aws-access-key', awsId()),
        '", "user": "ci", "key": "',
        s('aws-secret-key', awsSecret()),
        '"}',
      ],
    },
  ];
}
