// Generated secrets recognised by their surroundings: headers, URLs, ids, PEM frames, secret names, flags, env.

import { randomInt } from 'node:crypto';
import {
  awsSecret,
  base64Key,
  type Generator,
  hex,
  inContext,
  type Planted,
  passphrase,
  password,
  pick,
  quotedPassword,
  token,
} from './generated-values.js';
import { BASE64URL, DIGITS, pem, rand, UPPER } from './random.js';

/** Secrets recognised by a header, a URL, a keyword or an id beside them. */
export const CONTEXT_GENERATORS: Record<string, Generator> = {
  'aws secret key after its name': () =>
    inContext('aws-secret-key', awsSecret(), [
      '[default]\naws_secret_access_key = §\n',
      '{"SecretAccessKey": "§"}',
      'AWS_SECRET_ACCESS_KEY=§\n',
    ]),
  'aws secret key beside its id': () => {
    const id = `AK${'IA'}${rand(16, UPPER + DIGITS)}`;
    const contexts = [
      `${id}\n§\n`,
      `${id},§\n`,
      `{"id": "${id}", "k": "§"}`,
      `{"k": "§", "user": "ci", "id": "${id}"}`,
    ];
    return {
      ...inContext('aws-secret-key', awsSecret(), contexts),
      id: { value: id, kind: 'aws-access-key' },
    };
  },
  // A leading digit: a random token can otherwise start like a provider's (`sk-`, `gh…_`) and be named so.
  'bearer token': () =>
    inContext('bearer-header', `${rand(1, DIGITS)}${rand(randomInt(20, 60), BASE64URL)}`, [
      '-H "Authorization: Bearer §"',
    ]),
  'authorization token': () =>
    inContext('bearer-header', `${rand(1, DIGITS)}${rand(40, BASE64URL)}`, [
      'Authorization: token §\r\n',
      '"authorization": "token §"',
    ]),
  'basic header, any bytes': () =>
    inContext('basic-auth-header', base64Key(randomInt(6, 48)), [
      'Authorization: Basic §\r\nHost: acme.dev',
      '> authorization: basic §\n',
      '"Authorization": "Basic §"',
    ]),
  'basic credentials without the header name': () =>
    inContext('basic-auth-header', Buffer.from(`deploy:${password()}`).toString('base64'), [
      'curl -H "X-Forward: Basic §" https://acme.dev',
    ]),
  'url password': () =>
    inContext('url-password', password().replace(/[@/?#<>]/g, 'q'), [
      'DATABASE_URL=postgres://app:§@db.internal:5432/app\n',
      'redis://:§@cache:6379/0',
      'amqp://user:§@rabbit/vhost',
    ]),
  'twilio auth token beside its account sid': () => {
    const sid = `A${'C'}${hex(32)}`;
    const contexts = [
      `client = Client("${sid}", "§")`,
      `curl -u ${sid}:§ https://api.twilio.com`,
      `{"account_sid": "${sid}", "auth": "§"}`,
    ];
    return { ...inContext('twilio-key', hex(32), contexts), id: { value: sid, kind: 'twilio-key' } };
  },
};

/** A private key block in the shapes people paste: standard, lowercase, odd dashes, escaped, cut. */
export const PRIVATE_KEY_GENERATORS: Record<string, Generator> = {
  'pem private key': () => {
    const label = pick([
      'RSA PRIVATE KEY',
      'EC PRIVATE KEY',
      'OPENSSH PRIVATE KEY',
      'PRIVATE KEY',
      'ENCRYPTED PRIVATE KEY',
    ]);
    const style = pick(['standard', 'lowercase', 'four dashes', 'unicode dashes', 'escaped', 'truncated']);
    let block = pem(label, randomInt(6, 20));
    if (style === 'lowercase') block = block.replace(/(BEGIN|END) [A-Z ]+KEY/g, (line) => line.toLowerCase());
    if (style === 'four dashes') block = block.replaceAll('-----', '----');
    if (style === 'unicode dashes') block = block.replaceAll('-----', '\u2014\u2013');
    if (style === 'escaped') block = block.replaceAll('\n', '\\n');
    if (style === 'truncated') block = block.split('\n').slice(0, 5).join('\n');
    return inContext('private-key', block, ['$ cat deploy_key\n§\n$ ', '{"private_key": "§", "type": "sa"}']);
  },
};

const PASSWORD_NAMES = [
  'password',
  'PASSWORD',
  'DB_PASSWORD',
  'passwd',
  'passphrase',
  'db_pass',
  'DB_PASS',
  'MYSQL_PWD',
  'ADMIN_PW',
  'userPassword',
  'pass',
];
const SECRET_NAMES = [
  'api_key',
  'API_KEY',
  'apiKey',
  'secret',
  'client_secret',
  'SECRET_KEY',
  'token',
  'auth_token',
  'accessToken',
  'private_key',
  'credentials',
];

/**
 * `name` assigned `value` in a syntax chosen at random: env, YAML (plain and block), JSON, code,
 * subscripts, query and connection strings, XML. An unquoted value after a spaced `=` is code
 * (a variable), so only values that cannot be identifiers go there; XML text cannot hold `<`.
 */
function assignment(kind: string, name: string, value: string): Planted {
  const forms = [
    `${name}=§\n`,
    `export ${name}=§; run`,
    `  ${name}: §\n  next: 1`,
    `?${name}=§&next=1`,
    `Server=db;${name}=§;Database=app`,
    `{"${name}": "§", "user": "ci"}`,
    `${name} = '§'\n`,
    `app.config['${name}'] = '§'`,
    `settings["${name}"]: "§"`,
    `os.environ["${name}"] = "§"`,
    `<${name}>§</${name}>`,
    `  ${name}: |\n    §\n  next: 1`,
    `  ${name}: >-\n    §\n`,
  ];
  if (!/^[A-Za-z_$][\w$]*$/.test(value)) forms.push(`${name} = §\n`);
  const planted = inContext(kind, value, forms);
  if (!planted.before.endsWith('>')) return planted;
  return { ...planted, secret: value.replaceAll('<', '%') };
}

/** Literal values given to secret-named keys, and passwords on command lines. */
export const ASSIGNMENT_GENERATORS: Record<string, Generator> = {
  'password assignment': () => assignment('password-assignment', pick(PASSWORD_NAMES), password()),
  'quoted password with spaces': () => {
    const name = pick(PASSWORD_NAMES.filter((n) => n === n.toUpperCase()));
    return inContext('password-assignment', quotedPassword('"'), [`${name}="§"\n`]);
  },
  passphrase: () =>
    inContext('password-assignment', passphrase(), [
      'password: "§"\n',
      '{"passphrase": "§"}',
      'DB_PASSWORD="§"\n',
      '  password: |\n    §\n  user: x',
    ]),
  'password flag': () =>
    inContext('password-assignment', password().replace(/^-/, 'x'), [
      'docker login --password § ghcr.io',
      'psql --db-password=§ app',
      "tool --password '§' --user x",
    ]),
  'mysql -p': () =>
    inContext('password-assignment', password(), [
      'mysql -u root -p§ app\n',
      '$ mysqldump -h db -u app -p§ --all > x.sql',
    ]),
  'secret assignment': () => assignment('secret-assignment', pick(SECRET_NAMES), token()),
  // Padded sizes: an unpadded value that starts with `/` and has no `+` may read as a path.
  'base64 secret assignment': () =>
    assignment('secret-assignment', pick(SECRET_NAMES), base64Key(pick([20, 32, 64]))),
  'key-named base64': () =>
    inContext('secret-assignment', base64Key(pick([20, 32, 64])), [
      'AZURE_STORAGE_KEY=§\n',
      'AZURE_STORAGE_ACCOUNT_KEY=§;',
      '"signingKey": "§"',
      'ENCRYPTION_KEY: §\n',
      "config['MASTER_KEY'] = '§'",
    ]),
  'token-named hex': () =>
    inContext('secret-assignment', hex(32), ['TWILIO_AUTH_TOKEN=§\n', 'auth_token: "§"']),
};

/** A value of the process's own secret-named environment variable, wherever it appears. */
export const ENV_GENERATORS: Record<string, Generator> = {
  'environment value': () => {
    const value = `${rand(6)}-${rand(12)}`;
    return {
      ...inContext('env-secret', value, ['deploying with § now', 'echo §']),
      env: { DEPLOY_TOKEN: value },
    };
  },
};
