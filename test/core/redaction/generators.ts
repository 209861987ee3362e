// Fresh random secrets of every supported kind, each planted in a randomly chosen realistic context.
// Prefixes are concatenated so that this file never holds a literal that secret scanners flag.

import { randomBytes, randomInt } from 'node:crypto';
import {
  ALNUM,
  BASE64,
  BASE64URL,
  DIGITS,
  discordToken,
  HEX,
  jwt,
  LOWER,
  pem,
  rand,
  UPPER,
} from './random.js';

/** A secret planted in a text: redaction must turn exactly `secret` into `[REDACTED:kind]`. */
export interface Planted {
  before: string;
  secret: string;
  after: string;
  kind: string;
  env?: Record<string, string>;
  /** The id that travels with the secret, itself redacted as `[REDACTED:<idKind>]`. */
  id?: { value: string; kind: string };
}

export type Generator = () => Planted;

const BECH32_UPPER = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
const SYMBOLS = '!#%^*+-_=~@:?<>$.|&;,\\/';

export function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)]!;
}

const planted = (kind: string, before: string, secret: string, after: string): Planted => ({
  before,
  secret,
  after,
  kind,
});

/** Plants `secret` in one of `contexts` (`§` marks where it goes). */
function inContext(kind: string, secret: string, contexts: readonly string[]): Planted {
  const parts = pick(contexts).split('§');
  if (parts.length !== 2) throw new Error(`a context needs exactly one §: ${parts.join('§')}`);
  const [before, after] = parts as [string, string];
  return planted(kind, before, secret, after);
}

const hex = (n: number) => {
  let value = rand(n, HEX);
  // Random hex of this length always mixes digits and letters; force it for the rare draw that does not.
  if (!/[a-f]/.test(value)) value = `a${value.slice(1)}`;
  if (!/\d/.test(value)) value = `1${value.slice(1)}`;
  return value;
};

/**
 * A password as a generator with a policy makes one: letters, digits and any symbols (brackets
 * included, balanced), at least one of `#@^`. Shapes that are deliberately read as something else
 * are rewritten: `${…}` (a template), `...`/`****` (a masked value), `://` (a URL), `\n`-style
 * escapes and `</` (they end a value inside JSON and XML), `&name=` (the next query parameter),
 * a first character that makes a reference (`$NAME`, `@file`, `%s`, `!tag`) or a Windows path,
 * and a secret name with a separator inside (`…pw=…` starts an assignment of its own).
 */
export function password(): string {
  const mixed = ALNUM + SYMBOLS;
  let core = rand(1, ALNUM) + rand(randomInt(8, 20), mixed);
  if (randomInt(2) === 0) {
    const pair = pick(['()', '[]', '{}']);
    const at = randomInt(1, core.length);
    const inner = rand(randomInt(1, 5), mixed.replace(/[()[\]{}]/g, ''));
    core = `${core.slice(0, at)}${pair[0]}${inner}${pair[1]}${core.slice(at)}`;
  }
  const at = randomInt(1, core.length);
  const value = `${core.slice(0, at)}${rand(1, '#@^')}${core.slice(at)}${rand(1, DIGITS)}${rand(1, ALNUM)}`;
  return value
    .replace(/\.{3,}|\*{4,}|:\/\/|\\(?=[nrtu"'])|<\//g, 'x9')
    .replaceAll('${', 'S{')
    .replace(/([&;,])(?=(?:amp;)?[A-Za-z_][\w.-]*=)/g, '+')
    .replace(/^([A-Za-z]):\\/, '$1')
    .replace(/(pass|pwd|pw|key|token|secret|auth|credential)(s?[:=])/gi, '$1%$2');
}

/** A quoted password may hold anything but its own quote and a line break. */
function quotedPassword(quote: string): string {
  return `${password()} ${rand(4)}`.replaceAll(quote, '').replaceAll('\\', '').replaceAll('${', 'S{');
}

/** A passphrase: lowercase words, as diceware makes them. */
function passphrase(): string {
  const words = [
    'correct',
    'horse',
    'battery',
    'staple',
    'orbit',
    'maple',
    'quartz',
    'lantern',
    'velvet',
    'cobalt',
  ];
  return Array.from({ length: randomInt(3, 7) }, () => `${pick(words)}${rand(randomInt(0, 3), LOWER)}`).join(
    ' ',
  );
}

/**
 * An API token: random letters and digits. A letters-only value counts only when its cases are
 * evenly mixed (so `SuperLongConfigName` stays a name), so a digit always leads (which also keeps
 * it from starting like a provider's token). Never 40 long: after `SECRET_KEY` that is an AWS
 * secret key, and named so.
 */
function token(): string {
  const value = rand(pick([16, 20, 24, 32, 36, 44, 48]));
  return `${rand(1, DIGITS)}${value.slice(1)}`;
}

/** Random bytes as base64, never mistaken for printable text. */
function base64Key(bytes: number): string {
  let value = randomBytes(bytes).toString('base64');
  // Both cases and a digit or symbol occur in any real key of this length; force them on the rare draw.
  if (!/[a-z]/.test(value)) value = `a${value.slice(1)}`;
  if (!/[A-Z]/.test(value)) value = `A${value.slice(1)}`;
  if (!/[\d+/]/.test(value)) value = `7${value.slice(1)}`;
  return value;
}

const awsId = () =>
  `${pick(['AK', 'AS', 'AB', 'AC'])}${pick(['IA', 'IA'])}${rand(16, UPPER + DIGITS)}`.replace(
    /^ACIA/,
    'ACCA',
  );
const awsSecret = () => {
  let value = rand(40, BASE64);
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value)) value = `Ab${value.slice(2)}`;
  return value;
};

/** Provider formats: the token alone identifies itself. */
export const FORMAT_GENERATORS: Record<string, Generator> = {
  'aws access key id': () =>
    inContext('aws-access-key', awsId(), [
      'INFO signing with § for s3://bucket',
      '{"AccessKeyId": "§", "Expiration": "2030-01-01"}',
      'aws_access_key_id = §\nregion = eu-west-1',
    ]),
  'github classic token': () =>
    inContext('github-token', `gh${pick(['p', 'o', 'u', 's', 'r'])}_${rand(36)}`, [
      'export GITHUB_TOKEN=§\n',
      'git clone https://x-access-token:§@github.com/acme/api.git',
      'token § expires in 1h',
    ]),
  'github fine-grained token': () =>
    inContext('github-token', `github_${'pat'}_${rand(22)}_${rand(59)}`, [
      'curl -H "Authorization: token §" https://api.github.com/user',
      'GH_PAT=§\n',
    ]),
  'gitlab token': () =>
    inContext(
      'gitlab-token',
      `gl${pick(['pat', 'dt', 'rt', 'ptt', 'soat', 'ft', 'cbt', 'oas'])}-${rand(randomInt(20, 40))}`,
      ['curl --header "PRIVATE-TOKEN: §" https://gitlab.acme.org/api/v4', 'GITLAB_TOKEN=§\n'],
    ),
  'anthropic key': () =>
    inContext('anthropic-key', `sk-${'ant'}-api03-${rand(93, BASE64URL)}AA`, [
      'ANTHROPIC_API_KEY=§\n',
      '{"apiKey": "§"}',
    ]),
  'openai key': () =>
    inContext(
      'openai-key',
      pick([`sk-${'proj'}-${rand(randomInt(74, 156), BASE64URL)}${rand(1)}`, `sk-${rand(48)}`]),
      ['OPENAI_API_KEY=§\n', 'client = OpenAI(api_key="§")'],
    ),
  'google api key': () =>
    inContext('google-api-key', `AI${'za'}${rand(35, BASE64URL)}`, [
      'https://maps.googleapis.com/maps/api/js?key=§&callback=init',
      'GOOGLE_API_KEY=§ \n',
    ]),
  'groq key': () => inContext('groq-key', `gs${'k'}_${rand(52)}`, ['export GROQ_API_KEY="§"\n']),
  'hugging face token': () =>
    inContext('huggingface-token', `h${'f'}_${rand(34)}`, ['huggingface-cli login --token §\n']),
  'xai key': () => inContext('xai-key', `xa${'i'}-${rand(80)}`, ['{"xai": {"api_key": "§"}}']),
  'slack token': () =>
    inContext(
      'slack-token',
      pick([
        `xo${pick(['xb', 'xp', 'xa', 'xo', 'xs', 'xr', 'xe'])}-${rand(12, DIGITS)}-${rand(13, DIGITS)}-${rand(24)}`,
        `xa${'pp'}-1-A${rand(10, UPPER + DIGITS)}-${rand(13, DIGITS)}-${rand(64, HEX)}`,
      ]),
      ['slack: connecting with token § (team T1)', 'SLACK_BOT_TOKEN=§\n'],
    ),
  'slack webhook': () =>
    inContext('slack-webhook', `T${rand(8, UPPER + DIGITS)}/B${rand(10, UPPER + DIGITS)}/${rand(24)}`, [
      'curl -X POST https://hooks.slack.com/services/§\n',
      'webhook: "https://hooks.slack.com/services/§"',
    ]),
  'discord webhook': () =>
    inContext('discord-webhook', `${rand(18, DIGITS)}/${rand(68, BASE64URL)}`, [
      'webhook_url: https://discord.com/api/webhooks/§\n',
    ]),
  'discord bot token': () => inContext('discord-token', discordToken(), ["client.login('§');\n"]),
  'telegram bot token': () =>
    inContext('telegram-token', `${rand(9, DIGITS)}:A${'A'}${rand(33, BASE64URL)}`, [
      'POST https://api.telegram.org/bot§/sendMessage',
      'TELEGRAM_TOKEN=§\n',
    ]),
  'stripe key': () =>
    inContext('stripe-key', `${pick(['sk', 'rk'])}_${pick(['live', 'test'])}_${rand(randomInt(24, 99))}`, [
      'stripe.api_key = "§"\n',
      'STRIPE_KEY=§\n',
    ]),
  'twilio sid or api key': () =>
    inContext('twilio-key', `${pick(['A', 'S'])}${pick(['C', 'K'])}${hex(32)}`.replace(/^AK|^SC/, 'SK'), [
      'TWILIO_ACCOUNT_SID=§\n',
      'using api key §\n',
    ]),
  'sendgrid key': () =>
    inContext('sendgrid-key', `S${'G'}.${rand(22, BASE64URL)}.${rand(43, BASE64URL)}`, [
      'curl -H "Authorization: Bearer §" https://api.sendgrid.com/v3/mail/send',
    ]),
  'npm token': () => inContext('npm-token', `np${'m'}_${rand(36)}`, ['//registry.npmjs.org/:_authToken=§\n']),
  'pypi token': () =>
    inContext('pypi-token', `py${'pi'}-AgEIcHlwaS5vcmc${rand(randomInt(60, 160), BASE64URL)}${rand(1)}`, [
      '[pypi]\nusername = __token__\npassword = §\n',
    ]),
  'digitalocean token': () =>
    inContext('digitalocean-token', `do${pick(['p', 'o', 'r'])}_v1_${hex(64)}`, ['doctl auth init -t §\n']),
  'azure storage key': () =>
    inContext('azure-storage-key', `${rand(86, BASE64)}==`, [
      'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=§;EndpointSuffix=core.windows.net',
      'Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=§\n',
    ]),
  'azure client secret': () =>
    inContext(
      'azure-client-secret',
      `${rand(3)}${rand(1, DIGITS)}Q${'~'}${rand(randomInt(30, 33), `${ALNUM}_~.-`)}${rand(1)}`,
      ['{"tenantId": "contoso", "clientSecret": "§"}', 'AZURE_CLIENT_SECRET=§\n'],
    ),
  'age secret key': () =>
    inContext('age-secret-key', `AGE-${'SECRET'}-KEY-1${rand(58, BECH32_UPPER)}`, [
      '# created: 2030-01-01\n# public key: age1xyz\n§\n',
      'SOPS_AGE_KEY=§\n',
    ]),
  jwt: () =>
    inContext('jwt', jwt(), [
      'Authorization: Bearer §\n',
      'Set-Cookie: session=§; Path=/; HttpOnly',
      'GET /callback?id_token=§&state=xyz',
    ]),
};

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

export const ALL_GENERATORS: Record<string, Generator> = {
  ...FORMAT_GENERATORS,
  ...CONTEXT_GENERATORS,
  ...PRIVATE_KEY_GENERATORS,
  ...ASSIGNMENT_GENERATORS,
  ...ENV_GENERATORS,
};

/** Invisible characters that hide inside a token without showing. */
export const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\ufeff'];

/** `value` with one invisible character at a random inner position. */
export function withInvisible(value: string): string {
  const at = randomInt(1, value.length);
  return `${value.slice(0, at)}${pick(INVISIBLES)}${value.slice(at)}`;
}

/** `value` in full-width forms (all of it, or a random part of its characters). */
export function fullWidth(value: string, share = 1): string {
  return [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && code < 0x7f && Math.random() < share ? String.fromCharCode(code + 0xfee0) : char;
    })
    .join('');
}
