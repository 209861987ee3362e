// Values that stand in for a secret without being one: documentation placeholders and references.

// A value made only of these words (in any case, joined by separators or camelCase) is a stand-in:
// `your_api_key_here`, `example-token-value`, `<storage-account-key>`, `CHANGE_ME`. One word that is
// not on the list (or any digit) makes it a real value, so `MySecretPassw0rd!2024` is not excused.
const PLACEHOLDER_WORDS = new Set([
  // what a stand-in says it is
  'example',
  'examples',
  'sample',
  'placeholder',
  'dummy',
  'fake',
  'mock',
  'test',
  'testing',
  'demo',
  'redacted',
  'filtered',
  'hidden',
  'masked',
  'todo',
  'fixme',
  'tbd',
  'foo',
  'bar',
  'baz',
  'qux',
  // what to do with it
  'change',
  'changeme',
  'changeit',
  'replace',
  'replaceme',
  'insert',
  'enter',
  'put',
  'fill',
  'paste',
  'set',
  'use',
  'goes',
  'go',
  // glue
  'your',
  'yours',
  'my',
  'our',
  'the',
  'a',
  'an',
  'here',
  'this',
  'me',
  'to',
  'of',
  'for',
  'with',
  'real',
  'actual',
  'own',
  'some',
  'new',
  // what it stands for
  'secret',
  'secrets',
  'password',
  'passwd',
  'passphrase',
  'pass',
  'pwd',
  'pw',
  'token',
  'tokens',
  'key',
  'keys',
  'api',
  'apikey',
  'access',
  'private',
  'auth',
  'credential',
  'credentials',
  'value',
  'string',
  'base64',
  'hex',
  'account',
  'storage',
  'client',
  'app',
  'user',
  'username',
  'admin',
  'root',
  'db',
  'database',
  'service',
  'bearer',
  'id',
  // literals
  'none',
  'null',
  'nil',
  'empty',
  'default',
  'required',
  'true',
  'false',
  'undefined',
]);

const MASKS = ['****', '...', '\u2022'];
const FILLER = /^[xX*\u2022.#_0-]+$/;
// `<storage-account-key>`, `<API_TOKEN>`: an angle-bracketed name is a template slot whatever its words.
const ANGLE_SLOT = /^<[A-Za-z][\w .:-]{0,62}>$/;
// AWS documentation credentials all end in EXAMPLE or EXAMPLEKEY (`AKIAIOSFODNN7EXAMPLE`).
const AWS_DOCUMENTATION = /EXAMPLE(?:KEY)?$/;
const WORD_SEPARATORS = /[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/;
const FILLER_WORD = /^x{3,}$/i;

function isPlaceholderWord(word: string): boolean {
  return word === '' || PLACEHOLDER_WORDS.has(word.toLowerCase()) || FILLER_WORD.test(word);
}

/**
 * True when the WHOLE value is a documentation stand-in: `changeme`, `<your-token>`, `xxxx`, `***`,
 * `your_api_key_here`, `example-token-value`, values ending in AWS's `EXAMPLE`, or values shown
 * masked (`sk-...abcd`, `****`). A value that merely contains such a word (`MySecretPassw0rd!2024`,
 * `AGE-SECRET-KEY-1…`) is not excused: real passwords and provider keys may contain any word.
 */
export function isPlaceholder(value: string): boolean {
  if (FILLER.test(value) || ANGLE_SLOT.test(value) || AWS_DOCUMENTATION.test(value)) return true;
  if (MASKS.some((mask) => value.includes(mask))) return true;
  const words = value.split(WORD_SEPARATORS);
  // Symbols alone (`!@#$%^&*`) are a value; filler symbols were caught above.
  return words.some((word) => word !== '') && words.every(isPlaceholderWord);
}

const REFERENCE_PREFIXES = [
  'process.env',
  'os.environ',
  'os.getenv',
  'env.',
  'env:',
  'secrets.',
  'vault:',
  'ENV[',
  '<%',
  '#{',
];

// `$TOKEN`, `$env:TOKEN`, `$(cat file)`; `%s`, `%(pw)s`, `%PASSWORD%`; `@Microsoft.KeyVault(…)`,
// `@file`; YAML tags `!vault`, `!Ref`. Anchored to the whole value so a random password that merely
// starts with `$`, `%`, `@` or `!` is still a value.
const REFERENCE_SHAPES =
  /^(?:\$(?:\(|[A-Za-z_]\w*(?:[.:]\w+)*$)|%(?:[sdr]|\(\w+\)s|\w+%)$|@[A-Za-z_][\w.]*(?:\(.*\))?$|!{1,2}[A-Za-z]\w*$)/;

/**
 * True for values that name a secret instead of holding it: `$TOKEN`, `${API_KEY}`,
 * `${{ secrets.X }}`, `{{ .Values.x }}`, `%s`, `process.env.API_KEY`, YAML tags like `!vault`.
 */
export function isReference(value: string): boolean {
  if (value.includes('${') || value.includes('{{') || value.includes('}}')) return true;
  return REFERENCE_SHAPES.test(value) || REFERENCE_PREFIXES.some((prefix) => value.startsWith(prefix));
}
