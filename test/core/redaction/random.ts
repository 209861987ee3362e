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
