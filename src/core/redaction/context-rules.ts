// Secrets recognisable by what surrounds them: AWS secret keys, Authorization headers, URL passwords.

import { looksRandom } from './entropy.js';
import type { PatternRule } from './pattern-rule.js';
import { isPlaceholder, isReference } from './placeholders.js';

function isCredential(value: string): boolean {
  return !isPlaceholder(value) && !isReference(value);
}

/**
 * After `Authorization: Basic` any plausible base64 is a credential, printable or not: padded to a
 * multiple of four, or random-looking when unpadded; never a lowercase word (`Basic authentication`).
 */
function isBasicHeaderCredential(value: string): boolean {
  if (/^[a-z]+$/.test(value) || isPlaceholder(value)) return false;
  return value.length % 4 === 0 || looksRandom(value);
}

/** A bare `Basic …` without the header name counts only as the base64 of printable `user:password`. */
function isBasicCredential(value: string): boolean {
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return /^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded) && isCredential(decoded.slice(decoded.indexOf(':') + 1));
}

// `Authorization`, `authorization`, `AUTHORIZATION`, `Proxy-Authorization`: cheaper to look for than to match.
const AUTHORIZATION = ['uthorization', 'UTHORIZATION'];

/** Rules that need a keyword, header name or URL shape next to the secret. */
export const CONTEXT_RULES: readonly PatternRule[] = [
  {
    kind: 'aws-secret-key',
    keywords: ['ecret', 'ECRET'],
    pattern:
      /(?<![A-Za-z0-9])(?:aws[_-]?)?secret[_-]?(?:access[_-]?)?key["']?\s{0,4}(?::=|=>|[:=])\s{0,4}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dgi,
    group: 1,
    accept: (value) => looksRandom(value) && !isPlaceholder(value),
  },
  {
    kind: 'bearer-header',
    keywords: ['earer', 'EARER'],
    pattern: /(?<![A-Za-z0-9])bearer[ \t]{1,4}([A-Za-z0-9._~+/-]{8,4096}=*)(?![A-Za-z0-9._~+/=-])/dgi,
    group: 1,
    accept: (value) => looksRandom(value) && isCredential(value),
  },
  {
    kind: 'bearer-header',
    keywords: AUTHORIZATION,
    pattern:
      /authorization["']?[ \t]{0,4}[:=][ \t]{0,4}["']?token[ \t]{1,4}([A-Za-z0-9._~+/-]{8,4096}=*)(?![A-Za-z0-9._~+/=-])/dgi,
    group: 1,
    accept: (value) => looksRandom(value) && isCredential(value),
  },
  {
    kind: 'basic-auth-header',
    keywords: AUTHORIZATION,
    pattern:
      /authorization["']?[ \t]{0,4}[:=][ \t]{0,4}["']?basic[ \t]{1,4}([A-Za-z0-9+/]{8,1024}={0,2})(?![A-Za-z0-9+/=])/dgi,
    group: 1,
    accept: isBasicHeaderCredential,
  },
  {
    kind: 'basic-auth-header',
    keywords: ['asic', 'ASIC'],
    pattern: /(?<![A-Za-z0-9])basic[ \t]{1,4}([A-Za-z0-9+/]{6,1024}={0,2})(?![A-Za-z0-9+/=])/dgi,
    group: 1,
    accept: isBasicCredential,
  },
  {
    kind: 'url-password',
    keywords: ['://'],
    // Documentation hosts (RFC 2606 `example.com`) carry made-up credentials.
    pattern:
      /:\/\/[^\s:@/?#"'<>[\]]{0,128}:([^\s@/?#"'<>]{3,256})@(?!example\.(?:com|org|net)\b)(?=[A-Za-z0-9[])/dg,
    group: 1,
    accept: isCredential,
  },
];
