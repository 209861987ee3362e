// Fresh values that look like secrets and are not: hashes, ids, digests, images, paths, placeholders, references.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the texts quote shell and CI `${…}` references on purpose.

import { DIGITS, HEX, LOWER, type Random, UPPER } from './random.js';

/** A family of look-alikes: fresh values, and the texts they are pasted into (`§` where they go). */
export interface LookAlike {
  name: string;
  value: (r: Random) => string;
  contexts: readonly string[];
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const NAME = `${UPPER}_`;

function uuid(r: Random, version: string): string {
  const h = (n: number) => r.string(n, HEX);
  return `${h(8)}-${h(4)}-${version}${h(3)}-${r.pick(['8', '9', 'a', 'b'])}${h(3)}-${h(12)}`;
}

/** The base64 of random bytes behind an image format's magic number. */
function image(r: Random): [string, string] {
  const [type, magic] = r.pick([
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0]],
    ['gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]],
    ['webp', [0x52, 0x49, 0x46, 0x46]],
  ] as const);
  const body = Array.from({ length: r.int(150, 2400) }, () => r.int(0, 256));
  return [type, Buffer.from([...magic, ...body]).toString('base64')];
}

const envName = (r: Random) => `${r.string(1, UPPER)}${r.string(r.int(2, 12), NAME)}${r.string(1, UPPER)}`;

/** Where secrets would be, holding what is not one: names that say secret, and values that are not. */
const SECRET_SLOTS = [
  'API_KEY=§\n',
  'export GITHUB_TOKEN=§\n',
  'VAULT_TOKEN=§\n',
  'DB_PASSWORD=§\n',
  'token: §\n',
  '  password: §\n',
  '{"password": "§", "user": "ci"}',
  "config['SECRET_KEY'] = '§'",
  'Authorization: Bearer §\n',
  'docker login --password §\n',
];

export const LOOK_ALIKES: readonly LookAlike[] = [
  {
    name: 'git SHA',
    value: (r) => r.string(r.pick([7, 8, 12, 40]), HEX),
    contexts: [
      'commit §\nAuthor: Dev <dev@acme.dev>\n',
      '{"sha": "§", "ref": "main"}',
      'https://github.com/acme/api/commit/§',
      'git checkout § && git log -1',
      'Merge § into main',
    ],
  },
  {
    name: 'UUID',
    value: (r) => {
      const id = uuid(r, r.pick(['4', '7', '1']));
      return r.pick([id, id.toUpperCase()]);
    },
    contexts: [
      'request_id=§ status=200',
      '{"id": "§", "type": "session"}',
      'GET /v1/users/§/sessions',
      'idempotency_key: §\n',
      'X-Request-Id: §\r\n',
    ],
  },
  {
    name: 'ULID',
    value: (r) => `0${r.string(1, '1234567')}${r.string(24, CROCKFORD)}`,
    contexts: ['{"id": "§"}', 'ulid=§', 'event § stored', 'run_id: §\n'],
  },
  {
    name: 'sha256 and sha512 hex digest',
    value: (r) => r.string(r.pick([64, 128]), HEX),
    contexts: [
      'ghcr.io/acme/api@sha256:§',
      '§  dist/baton-0.1.0.tgz',
      '{"digest": "sha256:§"}',
      'checksum: §\n',
      'SHA512 (baton.tgz) = §',
    ],
  },
  {
    name: 'subresource integrity',
    value: (r) => {
      const [algorithm, bytes] = r.pick([
        ['sha512', 64],
        ['sha384', 48],
        ['sha256', 32],
      ] as const);
      const digest = Buffer.from(Array.from({ length: bytes }, () => r.int(0, 256))).toString('base64');
      return `${algorithm}-${digest}`;
    },
    contexts: ['"integrity": "§"', '<script src="/a.js" integrity="§" crossorigin>', 'integrity §\n'],
  },
  {
    name: 'base64 data: image',
    value: (r) => {
      const [type, data] = image(r);
      return `data:image/${type};base64,${data}`;
    },
    contexts: ['<img src="§" alt="logo">', '.logo { background: url(§); }', '![diagram](§)', '{"icon": "§"}'],
  },
  {
    name: 'file path',
    value: (r) =>
      r.pick([
        () => `/home/${r.string(r.int(3, 8), LOWER)}/.ssh/id_ed25519`,
        () => `./keys/${r.string(r.int(3, 8), LOWER)}.pem`,
        () => `C:\\Users\\dev\\AppData\\Roaming\\acme\\${r.string(5, LOWER)}.json`,
        () => `/run/secrets/${r.string(r.int(3, 10), LOWER)}_password`,
        () => `~/.config/acme/${r.string(4, LOWER)}/token.json`,
        () =>
          `node_modules/.pnpm/pkg@1.2.${r.string(1, DIGITS)}_${r.string(26, LOWER + DIGITS)}/node_modules/pkg/index.js`,
        () => `/var/lib/docker/overlay2/${r.string(64, HEX)}/diff`,
        () => `/tmp/tmp.${r.string(10, LOWER + UPPER + DIGITS)}/out.log`,
      ])(),
    contexts: [
      'cat §\n',
      'open("§")',
      '{"path": "§"}',
      'ls -la § && echo done',
      'error: cannot read §: no such file',
    ],
  },
  {
    name: 'file path after a secret-named key',
    value: (r) =>
      r.pick([
        () => `/home/${r.string(r.int(3, 8), LOWER)}/.ssh/id_ed25519`,
        () => `./keys/${r.string(r.int(3, 8), LOWER)}.pem`,
        () => `/run/secrets/${r.string(r.int(3, 10), LOWER)}`,
        () => `~/.config/acme/credentials.json`,
        () => `C:\\keys\\${r.string(5, LOWER)}.pfx`,
      ])(),
    contexts: ['SSH_KEY=§\n', 'private_key: §\n', 'DB_PASSWORD=§\n', 'password_file = §\n', '"secret": "§"'],
  },
  {
    name: 'placeholder',
    value: (r) =>
      r.pick([
        '<your-token>',
        '<API_KEY>',
        '<token>',
        '<storage-account-key>',
        'xxxx',
        'x'.repeat(r.int(8, 40)),
        'X'.repeat(r.int(8, 40)),
        '*'.repeat(r.int(4, 20)),
        'your_api_key_here',
        'changeme',
        'CHANGE_ME',
        'replace-me-with-a-secret',
        'example-token-value',
        '<password>',
      ]),
    contexts: SECRET_SLOTS,
  },
  {
    name: 'reference',
    value: (r) => {
      const name = envName(r);
      return r.pick([
        `\${${name}}`,
        `$${name}`,
        `\${{ secrets.${name} }}`,
        `{{ .Values.${name.toLowerCase()} }}`,
        `process.env.${name}`,
        `os.environ["${name}"]`,
        `os.getenv("${name}")`,
        `%${name}%`,
      ]);
    },
    contexts: SECRET_SLOTS,
  },
  {
    name: 'code in a secret-named slot',
    value: (r) =>
      r.pick([
        'this.form.password',
        'options?.token',
        'req.body.password',
        'ctx.session.accessToken',
        'config.services.stripe.apiKey',
        `e.${r.pick(['password', 'token', 'secret'])}`,
        'settings.SECRET_KEY',
        'getPassword()',
        'z.string().min(8)',
        'string | undefined',
      ]),
    contexts: ['  password: §,\n', '  token: §,\n', 'const secret = §;\n', '{ apiKey: §, retries: 3 }'],
  },
  {
    name: 'a prefix in ordinary text',
    value: (r) =>
      r.pick([
        'the key-value store',
        'pattern.test(line)',
        'Access-Control-Allow-Origin: *',
        'a t1.micro instance',
        'API-Version: 2024-01-01',
        'sl.no, name, qty',
        'dp.px conversions',
        'docs at hvs.example',
        `a ${'pat'}.json file`,
        'YCombinator W24',
        'sk-folding-cube',
        'ico-arrow-left',
        'access-sandbox-mode',
        `sha256~ is not a digest`,
        'EAAA grade',
        'glc_ prefix',
      ]),
    contexts: ['§\n', 'Note: §.', '<p>§</p>', '# §'],
  },
];
