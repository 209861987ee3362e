// Random, format-valid fake credentials for the redaction tests (built at run time, never committed).

import { randomBytes, randomInt } from 'node:crypto';

export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const ALNUM = UPPER + LOWER + DIGITS;
export const BASE64 = `${ALNUM}+/`;
export const BASE64URL = `${ALNUM}-_`;

/** `length` characters drawn from `alphabet` (modulo bias is irrelevant for test data). */
export function rand(length: number, alphabet = ALNUM): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes.readUInt16LE(i * 2) % alphabet.length];
  return out;
}

/** A password-like value: letters, digits and a symbol, as a person or generator would pick. */
export function password(): string {
  return `${rand(5, LOWER)}${rand(3, DIGITS)}${rand(1, '!#%^*+-_')}${rand(5, UPPER + LOWER)}`;
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

/** A signed-looking JWT with a real JSON header and payload. */
export function jwt(): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ sub: rand(12, DIGITS), name: rand(8, LOWER), iat: 1_700_000_000 }),
  );
  return `${header}.${payload}.${rand(43, BASE64URL)}`;
}

/** A Discord bot token: base64 of an 18-digit user id, a timestamp part and an HMAC part. */
export function discordToken(): string {
  const id = `${randomInt(1, 10)}${rand(17, DIGITS)}`;
  return `${Buffer.from(id).toString('base64').replace(/=+$/, '')}.${rand(6, BASE64URL)}.${rand(38, BASE64URL)}`;
}

/** A PEM block with `lines` lines of 64 base64 characters. */
export function pem(label: string, lines = 12, newline = '\n'): string {
  const body = Array.from({ length: lines }, () => rand(64, BASE64));
  return [`-----BEGIN ${label}-----`, ...body, `-----END ${label}-----`].join(newline);
}

/** A source of random choices. The generated tests take one, so that a seeded run can be replayed. */
export interface Random {
  /** An integer in [min, max). */
  int(min: number, max: number): number;
  /** `length` characters drawn from `alphabet`. */
  string(length: number, alphabet?: string): string;
  pick<T>(items: readonly T[]): T;
}

function fromFloats(next: () => number): Random {
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min));
  return {
    int,
    string: (length, alphabet = ALNUM) => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[int(0, alphabet.length)];
      return out;
    },
    pick: (items) => items[int(0, items.length)]!,
  };
}

/** Fresh choices on every run, from `node:crypto`. */
export const cryptoRandom: Random = fromFloats(() => randomInt(2 ** 32) / 2 ** 32);

/** Choices replayed from `seed` (mulberry32): the same seed gives the same values. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return fromFloats(() => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  });
}
