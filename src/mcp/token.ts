// The bearer token of `baton serve`: from BATON_TOKEN or a token file, trimmed, long enough to resist guessing;
// a missing token file is created with a random token, readable by its owner only.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { BatonError } from '../core/errors.js';

/** Shorter tokens are refused: 32 characters of a random token are ~190 bits; a word or two is guessable. */
export const MIN_TOKEN_LENGTH = 32;
const MAX_TOKEN_FILE_BYTES = 4096;
const MAKE_ONE = 'run `baton serve --token-file ~/.baton-token` once: it creates one';

export interface TokenFileRead {
  token: string;
  /** True when the file did not exist and was created with a new token. */
  created: boolean;
}

/** A new token: 32 random bytes as base64url, 43 characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `value` trimmed, or `invalid_input` saying how to make a token when it is shorter than 32 characters. */
export function checkToken(value: string, where: string): string {
  const token = value.trim();
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new BatonError(
      'invalid_input',
      `${where} is too short: ${token.length} characters (at least ${MIN_TOKEN_LENGTH}) — ${MAKE_ONE}, or use \`openssl rand -base64 32\``,
    );
  }
  return token;
}

/**
 * Reads the token in `path` (given as `shown` in messages). A missing file is created (never over an existing one,
 * never through a symlink) with mode 600 and a new token. A file that others may read or write is refused, as ssh
 * refuses such a key: the token would already be known to them. Windows has no such mode bits to check.
 */
export function readTokenFile(path: string, shown: string): TokenFileRead {
  const created = createTokenFile(path, shown);
  if (created) return { token: created, created: true };
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw new BatonError('invalid_input', `cannot read --token-file ${shown}: ${(error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new BatonError('invalid_input', `--token-file ${shown} is not a regular file`);
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8);
      throw new BatonError(
        'invalid_input',
        `--token-file ${shown} may be read by other users (mode ${mode}) — run \`chmod 600 ${shown}\``,
      );
    }
    if (stat.size > MAX_TOKEN_FILE_BYTES) {
      throw new BatonError('invalid_input', `--token-file ${shown} is not a token: ${stat.size} bytes`);
    }
    return { token: checkToken(readFileSync(fd, 'utf8'), `the token in ${shown}`), created: false };
  } finally {
    closeSync(fd);
  }
}

/** Creates `path` with a new token; undefined when it already exists. */
function createTokenFile(path: string, shown: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return undefined;
    throw new BatonError('invalid_input', `cannot create --token-file ${shown}: ${(error as Error).message}`);
  }
  try {
    // The umask can only remove bits from 600; set it anyway, in case the file system ignored the open mode.
    fchmodSync(fd, 0o600);
    const token = newToken();
    writeSync(fd, `${token}\n`);
    return token;
  } catch (error) {
    // A half-made file would read as a too-short token next time: leave no file instead.
    rmSync(path, { force: true });
    throw error;
  } finally {
    closeSync(fd);
  }
}
