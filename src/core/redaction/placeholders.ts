// Values that stand in for a secret without being one: documentation placeholders and references.

const PLACEHOLDER_VALUES = new Set([
  'admin',
  'changeit',
  'changeme',
  'default',
  'empty',
  'false',
  'hidden',
  'masked',
  'none',
  'null',
  'nil',
  'pass',
  'password',
  'required',
  'root',
  'secret',
  'string',
  'test',
  'token',
  'true',
  'undefined',
]);

// Words that mark a value as made up. Matched as `word`, `Word` or `WORD` only, so that random
// mixed-case tokens (which contain `mOcK` or `FaKe` now and then) are not mistaken for them.
const PLACEHOLDER_WORDS = [
  'example',
  'placeholder',
  'changeme',
  'change_me',
  'change-me',
  'replace_me',
  'replace-me',
  'replaceme',
  'your_',
  'your-',
  'yourpass',
  'yourtoken',
  'yoursecret',
  'yourkey',
  'yourapi',
  'dummy',
  'sample',
  'redacted',
  'filtered',
  'fake',
  'mock',
  'insert_',
  'insert-',
  'enter_',
  'enter-',
  'password',
  'passwd',
  'secret',
  'xxxx',
];

const MASKS = ['****', '...', '\u2022'];
const FILLER = /^[xX*\u2022.#_0-]+$/;

const PLACEHOLDER_WORD = new RegExp(
  PLACEHOLDER_WORDS.flatMap((word) => [
    word,
    word[0]!.toUpperCase() + word.slice(1),
    word.toUpperCase(),
  ]).join('|'),
);

/**
 * True for documentation stand-ins: `changeme`, `<your-token>`, `xxxx`, `***`, `your_api_key_here`,
 * `example`, `dummy`, `fake`, `mock`, and values containing the words password/secret. Such values
 * are either public defaults or filler, so redacting them would only add noise.
 */
export function isPlaceholder(value: string): boolean {
  if (PLACEHOLDER_VALUES.has(value.toLowerCase()) || FILLER.test(value)) return true;
  if (value.startsWith('<') || value.endsWith('>')) return true;
  if (MASKS.some((mask) => value.includes(mask))) return true;
  return PLACEHOLDER_WORD.test(value);
}

const REFERENCE_PREFIXES = [
  '$',
  '%',
  '{{',
  '<%',
  '#{',
  '@',
  '!',
  'process.env',
  'os.environ',
  'os.getenv',
  'env.',
  'env:',
  'secrets.',
  'vault:',
  'ENV[',
];

/**
 * True for values that name a secret instead of holding it: `$TOKEN`, `${API_KEY}`,
 * `${{ secrets.X }}`, `{{ .Values.x }}`, `%s`, `process.env.API_KEY`, YAML tags like `!vault`.
 */
export function isReference(value: string): boolean {
  if (value.includes('${') || value.includes('{{') || value.includes('}}')) return true;
  return REFERENCE_PREFIXES.some((prefix) => value.startsWith(prefix));
}
