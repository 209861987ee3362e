// Character statistics that tell machine-generated secrets from words, identifiers and filler.

const asciiCounts = new Uint32Array(128);

/** Shannon entropy of `value` in bits per character (0 for the empty string). */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128) return shannonEntropyOfAny(value);
    asciiCounts[code]!++;
  }
  let bits = 0;
  // The second pass reads each count once and clears it, leaving the table zeroed for the next call.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const count = asciiCounts[code]!;
    if (count === 0) continue;
    asciiCounts[code] = 0;
    bits -= (count / value.length) * Math.log2(count / value.length);
  }
  return bits;
}

function shannonEntropyOfAny(value: string): number {
  asciiCounts.fill(0);
  const counts = new Map<number, number>();
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let bits = 0;
  for (const count of counts.values()) bits -= (count / value.length) * Math.log2(count / value.length);
  return bits;
}

/** Which character classes occur in `value`. */
export interface CharacterClasses {
  lower: boolean;
  upper: boolean;
  digit: boolean;
  other: boolean;
}

/** Scans `value` once and reports which of lower, upper, digit and other characters it holds. */
export function characterClasses(value: string): CharacterClasses {
  const classes = { lower: false, upper: false, digit: false, other: false };
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 97 && code <= 122) classes.lower = true;
    else if (code >= 65 && code <= 90) classes.upper = true;
    else if (code >= 48 && code <= 57) classes.digit = true;
    else classes.other = true;
  }
  return classes;
}

/**
 * True when a token body looks machine-generated: at least 8 characters, a digit or mixed case,
 * and ≥ 3 bits of entropy per character. Single-case words, kebab/snake identifiers and runs of
 * one character fail; random base62/base64 of 16+ characters passes with overwhelming probability.
 */
export function looksRandom(value: string): boolean {
  if (value.length < 8) return false;
  const classes = characterClasses(value);
  if (!classes.digit && !(classes.lower && classes.upper)) return false;
  return shannonEntropy(value) >= Math.min(3, Math.log2(value.length) - 0.5);
}

/**
 * True for a token of capitals and digits that looks random by gitleaks' measure alone (Shannon entropy of 3 or
 * more): such a key may hold no digit and has no lower case, which {@link looksRandom} asks for (an Octopus Deploy
 * key of 26 random capitals and digits has none of its digits about once in 5,000).
 */
export function looksRandomUpper(value: string): boolean {
  return value.length >= 8 && shannonEntropy(value) >= 3;
}

/**
 * True when a letters-only string reads as random rather than as words: 16+ characters with upper
 * and lower case in near-equal measure (30–80% capitals). camelCase names have one capital per
 * word; random base62 has about half.
 */
export function looksLikeRandomLetters(value: string): boolean {
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 65 && code <= 90) upper++;
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) letters++;
  }
  if (letters < 16) return false;
  const ratio = upper / letters;
  return ratio >= 0.3 && ratio <= 0.8;
}

/** True for hex that looks random: a digit, a letter and at least eight distinct characters. */
export function isRandomHex(value: string): boolean {
  return /[0-9]/.test(value) && /[a-fA-F]/.test(value) && new Set(value).size >= 8;
}
