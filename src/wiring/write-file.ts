// Writing a harness's files (outside any board): temp file in the same folder, then rename, so a crash leaves the
// old file or the new one. A symlinked settings file (dotfiles) is written through to its target, never replaced.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

function target(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Replaces (or creates) `path` with `text` atomically, keeping an existing file's permission bits. */
export function writeFileReplacing(path: string, text: string): void {
  const real = target(path);
  mkdirSync(dirname(real), { recursive: true });
  let mode = 0o644;
  try {
    mode = statSync(real).mode & 0o777;
  } catch {
    // A new file: the default mode.
  }
  const temp = join(
    dirname(real),
    `.${basename(real)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.baton-tmp`,
  );
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, real);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Already gone.
    }
    throw error;
  }
}

/** Deletes `path` (a link itself, not its target); an absent file is fine. */
export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
