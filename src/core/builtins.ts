// Node built-ins that cost a hook or a `send` measurable start-up time when loaded (child_process, tty and
// fs/promises each pull in streams or sockets) and that most runs never use: loaded on first use instead of when
// the bundle starts. Types stay the modules' own. (Hashing a path: sha256.ts, without node:crypto.) Not import():
// a hot bundle starts from V8's code cache (bin/load-hot.cjs), where a dynamic import has no loader to call.
import { fstatSync } from 'node:fs';
import { createRequire } from 'node:module';

let required: NodeJS.Require | undefined;
function load<Module>(id: string): Module {
  required ??= createRequire(import.meta.url);
  return required(id) as Module;
}

export const childProcess = (): typeof import('node:child_process') => load('node:child_process');
export const fsPromises = (): typeof import('node:fs/promises') => load('node:fs/promises');
export const readlinePromises = (): typeof import('node:readline/promises') => load('node:readline/promises');
export const http = (): typeof import('node:http') => load('node:http');
export const https = (): typeof import('node:https') => load('node:https');

/** Whether `fd` is a terminal: only a character device can be, so a pipe or a file never loads `node:tty`. */
export function isTerminal(fd: number): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return load<typeof import('node:tty')>('node:tty').isatty(fd);
}
