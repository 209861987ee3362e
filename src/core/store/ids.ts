// Time-ordered unique ids (`m-`, `c-`, `e-`, `n-`, `b-` + 26 Crockford base32 chars: 10 of time, 16 random).
export type IdPrefix = 'm' | 'c' | 'e' | 'n' | 'b';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;
const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(ms: number): string {
  let out = '';
  let rest = ms;
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

// Ids need uniqueness, not secrecy: V8 seeds each process's Math.random from the OS, and 80 bits keep processes
// apart. Loading crypto (node:crypto or Web Crypto) would cost ~3 ms on every `send`, most of its budget.
function freshRandom(): number[] {
  return Array.from({ length: RANDOM_CHARS }, () => Math.floor(Math.random() * 32));
}

// Within one millisecond the random part is incremented, so ids from one process stay strictly ordered.
function nextRandom(ms: number): number[] {
  if (ms !== lastTime) {
    lastTime = ms;
    lastRandom = freshRandom();
    return lastRandom;
  }
  const next = [...lastRandom];
  for (let i = next.length - 1; i >= 0; i--) {
    const digit = next[i]!;
    if (digit < 31) {
      next[i] = digit + 1;
      break;
    }
    next[i] = 0;
  }
  lastRandom = next;
  return next;
}

/** A new id for `now` (ms since epoch). Monotonic within a process; 80 random bits keep processes apart. */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  const random = nextRandom(now)
    .map((d) => ALPHABET[d])
    .join('');
  return `${prefix}-${encodeTime(now)}${random}`;
}

/** The greatest id of `prefix` at `ms`: every id made later sorts after it (a bound for a listing's `after`). */
export function lastIdAt(prefix: IdPrefix, ms: number): string {
  return `${prefix}-${encodeTime(ms)}${ALPHABET[31]!.repeat(RANDOM_CHARS)}`;
}

export function isId(value: string, prefix?: IdPrefix): boolean {
  const dash = value.indexOf('-');
  if (dash !== 1) return false;
  if (prefix !== undefined && value[0] !== prefix) return false;
  return 'mcenb'.includes(value[0]!) && ID_BODY.test(value.slice(2));
}

/** The creation time encoded in an id, in ms since epoch. */
export function idTime(id: string): number {
  let ms = 0;
  for (const ch of id.slice(2, 2 + TIME_CHARS)) ms = ms * 32 + ALPHABET.indexOf(ch);
  return ms;
}
