// Random values and contexts for the generated redaction tests: passwords, tokens, keys, disguises.
// Prefixes are concatenated so that this file never holds a literal that secret scanners flag.

import { randomBytes, randomInt } from 'node:crypto';
import { ALNUM, BASE64, DIGITS, HEX, LOWER, rand, UPPER } from './random.js';

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

export const BECH32_UPPER = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
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
export function inContext(kind: string, secret: string, contexts: readonly string[]): Planted {
  const parts = pick(contexts).split('§');
  if (parts.length !== 2) throw new Error(`a context needs exactly one §: ${parts.join('§')}`);
  const [before, after] = parts as [string, string];
  return planted(kind, before, secret, after);
}

export const hex = (n: number) => {
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
export function quotedPassword(quote: string): string {
  return `${password()} ${rand(4)}`.replaceAll(quote, '').replaceAll('\\', '').replaceAll('${', 'S{');
}

/** A passphrase: lowercase words, as diceware makes them. */
export function passphrase(): string {
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
export function token(): string {
  const value = rand(pick([16, 20, 24, 32, 36, 44, 48]));
  return `${rand(1, DIGITS)}${value.slice(1)}`;
}

/** Random bytes as base64, never mistaken for printable text. */
export function base64Key(bytes: number): string {
  let value = randomBytes(bytes).toString('base64');
  // Both cases and a digit or symbol occur in any real key of this length; force them on the rare draw.
  if (!/[a-z]/.test(value)) value = `a${value.slice(1)}`;
  if (!/[A-Z]/.test(value)) value = `A${value.slice(1)}`;
  if (!/[\d+/]/.test(value)) value = `7${value.slice(1)}`;
  return value;
}

export const awsId = () =>
  `${pick(['AK', 'AS', 'AB', 'AC'])}${pick(['IA', 'IA'])}${rand(16, UPPER + DIGITS)}`.replace(
    /^ACIA/,
    'ACCA',
  );
export const awsSecret = () => {
  let value = rand(40, BASE64);
  // One that happens to begin like Yandex's keys (`YC` and 38 more) is read as Yandex's by anyone: drawn again.
  while (value.startsWith('YC')) value = rand(40, BASE64);
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value)) value = `Ab${value.slice(2)}`;
  return value;
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
