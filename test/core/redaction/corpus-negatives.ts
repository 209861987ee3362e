// Texts a naive secret regex would flag but redaction must leave untouched: hashes, ids, code, placeholders, prose.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the texts quote shell and CI `${…}` references on purpose.

import { BASE64, DIGITS, HEX, LOWER, pem, rand, UPPER } from './random.js';

export interface NegativeCase {
  name: string;
  text: string;
}

const n = (name: string, text: string): NegativeCase => ({ name, text });

function uuid(): string {
  return `${rand(8, HEX)}-${rand(4, HEX)}-4${rand(3, HEX)}-a${rand(3, HEX)}-${rand(12, HEX)}`;
}

export function negativeCases(): NegativeCase[] {
  return [
    n(
      'git sha in log',
      `commit ${rand(40, HEX)}\nAuthor: Dev <dev@acme.dev>\n\n    fix: handle token refresh`,
    ),
    n('sha256 hex digest', `${rand(64, HEX)}  dist/baton-0.1.0.tgz`),
    n('uuid', `request_id=${uuid()} status=200`),
    n('uuid as json id', `{"id": "${uuid()}", "type": "session"}`),
    n('lockfile integrity', `"integrity": "sha512-${rand(86, BASE64)}=="`),
    n('lockfile resolved', '"resolved": "https://registry.npmjs.org/yaml/-/yaml-2.9.1.tgz"'),
    n('docker digest', `ghcr.io/acme/api@sha256:${rand(64, HEX)}`),
    n('css colours', '.btn { color: #ff00aa; background: #fff; border-color: #1e90ffcc; }'),
    n('data uri image', `background: url(data:image/png;base64,iVBORw0KGgo${rand(400, BASE64)}=);`),
    n('md5 checksum', `MD5 (file.zip) = ${rand(32, HEX)}`),
    n('password form field', '<input type="password" name="password_field" autocomplete="current-password">'),
    n('max tokens', '{"model": "gpt-4o", "max_tokens": 4096, "temperature": 0.2}'),
    n('tokenizer name', 'tokenizer: "cl100k_base"\ntokens: 1234'),
    n(
      'typescript token type',
      'interface Session {\n  token: string;\n  apiKey?: string;\n  password: string | undefined;\n}',
    ),
    n('password from call', 'const password = getPassword();\nconst token = await auth.getToken();'),
    n('password comparison', 'if (password === confirmPassword) { submit(); }'),
    n('zod schema', 'const schema = z.object({ password: z.string().min(8), token: z.string() });'),
    n(
      'github actions secret',
      'env:\n  NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n  token: ${{ secrets.GITHUB_TOKEN }}',
    ),
    n('shell variable', 'curl -H "Authorization: Bearer $TOKEN" https://api.acme.dev'),
    n('braced shell variable', 'API_KEY=${API_KEY}\nDB_PASSWORD="${DB_PASSWORD:-}"'),
    n('process env', 'const apiKey = process.env.API_KEY;\nconst secret = process.env.JWT_SECRET ?? "";'),
    n('python environ', 'api_key = os.environ["API_KEY"]\ntoken = os.getenv("TOKEN")'),
    n('template bearer', 'headers: { Authorization: `Bearer ${token}` }'),
    n('placeholder angle brackets', 'curl -H "Authorization: Bearer <your-token>" https://api.acme.dev'),
    n('placeholder x', 'api_key=xxxxxxxxxxxxxxxx'),
    n('placeholder stars', 'password: ********'),
    n('placeholder your key here', 'OPENAI_API_KEY=your_api_key_here'),
    n('placeholder example', 'token: "example-token-value"'),
    n('placeholder dummy', 'password = "dummy-password"'),
    n('placeholder changeme', 'password=changeme'),
    n('public key pem', pem('PUBLIC KEY', 6)),
    n('certificate pem', pem('CERTIFICATE', 10)),
    n('private key with elided body', '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'),
    n('ssh public key', `ssh-rsa AAAAB3NzaC1yc2E${rand(360, BASE64)} dev@laptop`),
    n(
      'prose about keys',
      'Remember to rotate the api key every 90 days; the token expired at 10:42 and the secret manager paged us.',
    ),
    n('prose bearer', 'The API uses Bearer authentication with short-lived tokens.'),
    n('www-authenticate', 'WWW-Authenticate: Basic realm="Access to staging"'),
    n('token type field', '{"token_type": "Bearer", "expires_in": 3600, "scope": "read"}'),
    n(
      'aws documentation keys',
      'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    ),
    n(
      'url without password',
      'git clone https://github.com/acme/api.git && open https://user@host.acme.dev/path',
    ),
    n('url with placeholder password', 'postgres://user:password@localhost:5432/app'),
    n('url with templated password', 'mongodb://${DB_USER}:${DB_PASS}@mongo:27017/app'),
    n('url on example host', 'https://alice:s3cr3tpw@example.com/private'),
    n('sk prefixed identifiers', '.sk-folding-cube .sk-cube1 { } import sklearn; task-1234 disk-usage'),
    n(
      'prefix mentioned in prose',
      'Classic GitHub tokens start with ghp_ and fine-grained ones with github_pat_.',
    ),
    n('truncated jwt', 'the header eyJhbGciOiJIUzI1NiJ9 decodes to {"alg":"HS256"}'),
    n('npm config env', 'npm_config_cache=/home/dev/.npm npm_package_version=1.2.3'),
    n(
      'hugging face api names',
      'from huggingface_hub import hf_hub_download; hf_hub_download(repo_id="gpt2")',
    ),
    n('slack hugs', 'xoxo-hugs and kisses'),
    n('stripe publishable key', `Stripe.setPublishableKey('pk_${'live'}_${rand(24)}')`),
    n(
      'java stack trace',
      'at com.acme.auth.TokenService.refresh(TokenService.java:42)\nat com.acme.auth.PasswordEncoder.encode(PasswordEncoder.java:17)',
    ),
    n('numeric settings', 'PASSWORD_MIN_LENGTH=12\nTOKEN_TTL=3600\nmax_token = 4096'),
    n('yaml vault tag', 'password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256'),
    n('auth flag', 'auth: true\nauthor: "Jane Doe"\noauth: enabled'),
    n('kubernetes secret ref', 'secretName: api-tls\nsecretRef: db-credentials\nsecret: my-app-secret'),
    n('i18n labels', '{"password": "Mot de passe", "token": "Jeton", "secret": "Secret"}'),
    n('printf placeholder', 'password: "%s"\nDSN = "postgres://%s:%s@%s/%s"'),
    n('ruby erb', 'secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>'),
    n('local storage', "localStorage.setItem('token', token); headers['x-api-key'] = apiKey;"),
    n('member path', 'password: this.form.password,\ntoken: options?.token,'),
    n('markdown table', '| name | type | description |\n|---|---|---|\n| token | string | The API token |'),
    n('azure placeholder', 'AccountKey=<storage-account-key>;'),
    n('faq tilde', 'See the FAQ~ section; version 8Q~ is old.'),
    n('sendgrid prose', 'Signed, SG. Smith'),
    n('telegram short', 'chat 12345:AAB is the id'),
    n('random camel case', 'export const cancellationToken: CancellationToken = NoopCancellationToken;'),
    n(
      'keyword in identifier',
      `const TOKEN_KEY = 'auth_token'; const ${rand(6, LOWER)}Token = ${rand(4, DIGITS)};`,
    ),
    n('upper snake reference', `password: DB_PASSWORD_${rand(4, UPPER)}`),
    ...nearMisses(),
  ];
}

/** Near misses of the rules added for issue 8: each is what a looser rule would have redacted. */
function nearMisses(): NegativeCase[] {
  return [
    // subscripts and quoted keys
    n('destructured token', "const [type, token] = authHeader.split(' ');"),
    n('subscript from a reference', "app.config['SECRET_KEY'] = os.environ['SECRET_KEY']"),
    n('subscript from a variable', 'os.environ["X_TOKEN"] = token_value\nsettings["api_key"]: str'),
    n('subscript read', "token = tokens[index++];\ncomment_token = line[pos:].rstrip('\\r\\n')"),
    // code after a secret name, now that values may hold brackets and symbols
    n('negation', 'const pass = !this.result.issues || this.result.issues.length === 0;'),
    n('keyword arguments', 'auth = dict(Email=credentials[0], Passwd=credentials[1], service=name)'),
    n(
      'call with spread',
      'self.auth = MultiDomainBasicAuth(index_urls=index_urls)\nauth = HTTPBasicAuth(*auth)',
    ),
    n('python slice', 'pw = pw[:-1]'),
    n('generic type cut at a space', 'progressToken: z.ZodOptional<z.ZodUnion<readonly [z.ZodString]>>;'),
    n('typed parameter', 'setPrivateKey(privateKey: NodeJS.ArrayBufferView): void;'),
    n('optional call', 'propertiesPass = this.options.isEqual?.(received, properties) ?? false;'),
    n('regex literal', 'const MYSQL_PASSWORD = /(?<!\\S)-p(?=[^\\s])/g;'),
    n('minified call', 'login({password:pw}),next()'),
    n('union type', 'password: string|undefined;\ntoken?: Promise<string>;'),
    // prose and labels with spaces
    n(
      'password label sentences',
      '{"password": "Your password is incorrect", "hint": "at least 8 characters"}',
    ),
    n(
      'yaml block of prose',
      'password: >\n  The password used to connect to the database.\n  Must be at least 12 characters.\nuser: app',
    ),
    n('yaml block placeholder', 'password: |\n  <your-password>\ntoken: >-\n  ${DEPLOY_TOKEN}\n'),
    // key-like names whose values are not keys
    n('public key values', `PUBLIC_KEY=${rand(60, BASE64)}==\nvapidPublicKey: "${rand(86)}"`),
    n(
      'ordinary keys',
      "sort_key = 'created_at'\nkey: user-profile\nprimaryKey: 'id'\nhotKey: 'ctrl+shift+k'",
    ),
    n('hex and uuid keys', `cache_key=${rand(40, HEX)}\nidempotency_key: ${uuid()}`),
    n('react key', '<Row key={item.id} token={token} />'),
    n('key file path', 'SSH_KEY=/home/dev/.ssh/id_ed25519\nprivate_key: ./keys/server.pem'),
    // PWD, _PW, credentials
    n('working directory', 'PWD=/home/dev/project\nOLDPWD=/tmp\ncd $PWD'),
    n('fetch credentials', "fetch(url, { credentials: 'include' });\ncredentials: same-origin"),
    // command-line flags
    n(
      '-p that is not mysql',
      'mkdir -p build/out && ssh -p 22 deploy@host && docker run -p 3306:3306 mysql:8',
    ),
    n('mysql prompting', 'mysql -u root -p\nmysql -u root -p shop\nmysql -P 3306 -h db'),
    n(
      'password flag prose',
      'Pass the --password option, or --password-stdin; the --password flag is deprecated.',
    ),
    n(
      'password flag references',
      'docker login --password "$REGISTRY_PASSWORD" && tool --password=<password> && sshpass -f ~/.pw ssh host',
    ),
    // Authorization: Basic
    n('basic auth prose', 'Authorization: Basic authentication sends base64 of user:password.'),
    n('basic auth placeholder', 'Authorization: Basic <base64-credentials>'),
    // placeholders: whole values only
    n(
      'whole-value placeholders',
      'api_key: "your-api-key"\nSECRET_KEY=replace-me-with-a-secret\npassword: CHANGE_ME\ntoken: <token>',
    ),
    // disguise-like characters in ordinary text
    n(
      'emoji sequences',
      'Shipped \u{1f469}\u200d\u{1f4bb} \u2714\ufe0f done \u2014 \u201cquoted\u201d \u2026 caf\u00e9',
    ),
    n(
      'cjk punctuation',
      '\u5bc6\u7801\uff1a\u8bf7\u8f93\u5165\uff0c\u8c22\u8c22\uff01\uff34\uff48\uff41\uff4e\uff4b\uff53',
    ),
    // PEM look-alikes
    n(
      'lowercase public key',
      pem('PUBLIC KEY', 6).replace(/(BEGIN|END) PUBLIC KEY/g, (line) => line.toLowerCase()),
    ),
    n('four-dash certificate', pem('CERTIFICATE', 8).replaceAll('-----', '----')),
    n(
      'private key header in prose',
      'Paste the -----BEGIN PRIVATE KEY----- block into the store, then save.',
    ),
  ];
}
