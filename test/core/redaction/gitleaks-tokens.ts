// The row shape of the gitleaks tables, the texts fresh tokens are planted in, and the pieces tokens are built from.

import { ALNUM, BASE64, BASE64URL, DIGITS, HEX, LOWER, type Random, UPPER } from './random.js';

/** A gitleaks rule and the kind of our rule that redacts its tokens. */
export interface CoveredRow {
  /** The gitleaks rule id. */
  id: string;
  /** Our `[REDACTED:<kind>]`. */
  kind: string;
  /** A fresh token (or, with `contexts`, the secret part of one) in the rule's format. */
  token: (r: Random) => string;
  /** Texts to plant it in, `§` where it goes; {@link PROSE} when omitted. */
  contexts?: readonly string[];
  /** `false` for a rule whose prefix gitleaks makes optional: tested, not counted among fixed-prefix rules. */
  fixedPrefix?: false;
}

/** A fixed-prefix gitleaks rule we leave alone on purpose. */
export interface LeftOutRow {
  id: string;
  why: string;
}

/**
 * A token alone, in the places people paste them: a log line, JSON, YAML, Markdown, a header.
 * None names the token as a secret, so only the token's own format can find it.
 */
export const PROSE = [
  'deploy failed: the token § was rejected (HTTP 401)\n',
  '{"name": "ci", "value": "§", "scope": "write"}',
  '  value: §\n  scope: write\n',
  'Paste `§` into Settings, then run it again.',
  'curl -s -H "X-Client: §" https://api.acme.dev/v1/me',
];

/** Secret-named assignments, for formats gitleaks finds only next to the provider's name. */
export function assignments(provider: string): string[] {
  const upper = provider.toUpperCase();
  return [`${upper}_API_TOKEN=§\n`, `{"${provider}_token": "§"}`, `  ${provider}_secret: "§"\n`];
}

export const WORD = `${ALNUM}_`;
export const WORD_DASH = `${ALNUM}_-`;
export const UPPER_DIGITS = UPPER + DIGITS;
export const LOWER_DIGITS = LOWER + DIGITS;
export const HEX_ANY_CASE = `${HEX}ABCDEF`;
export const LETTERS = UPPER + LOWER;
export { ALNUM, BASE64, BASE64URL, DIGITS, HEX };

/** Random hex that reads as random: a digit and a letter, as any real key of 12 or more has. */
export function hex(r: Random, length: number, alphabet = HEX): string {
  const value = r.string(length, alphabet);
  return `${r.string(1, 'abcdef')}${r.string(1, DIGITS)}${value.slice(2)}`;
}

export function uuid(r: Random): string {
  return `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-a${hex(r, 3)}-${hex(r, 12)}`;
}

/** `length` characters of `alphabet` that do not end with `.`: a final dot is read as the sentence's. */
export function noFinalDot(r: Random, length: number, alphabet: string): string {
  return r.string(length - 1, alphabet) + r.string(1, alphabet.replace('.', ''));
}

/** Base64 of `length` characters, padded with up to `pad` `=`. */
export function base64(r: Random, length: number, pad = 0): string {
  return r.string(length, BASE64) + '='.repeat(r.int(0, pad + 1));
}

/** A signed JWT with a real JSON header and payload. */
export function jwt(r: Random): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = part({ alg: r.pick(['HS256', 'RS256', 'ES256']), typ: 'JWT' });
  const payload = part({ sub: r.string(12, DIGITS), iat: 1_700_000_000 + r.int(0, 10 ** 8) });
  return `${header}.${payload}.${r.string(43, BASE64URL)}`;
}
