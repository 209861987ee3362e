// Test helpers: a temp folder per test (removed afterwards) and a way to run the built `baton` binary.
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach } from 'vitest';
import { endStdin, killTestProcesses, track } from './processes.js';

const made: string[] = [];
afterEach(async () => {
  // A process the test started may still write there: it ends first.
  await killTestProcesses();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the current test. */
export function testdir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baton-test-'));
  made.push(dir);
  return dir;
}

export const BIN = resolve(import.meta.dirname, '../../bin/baton.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let emptyHome: string | undefined;

/**
 * A clean environment: no BATON_* from the developer's shell leaks into a test, and HOME is an empty folder of the
 * test run's own, so the developer's real ~/.baton (the global board, a fallback) is never read or written.
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('BATON_')) env[key] = value;
  }
  if (emptyHome === undefined) {
    const home = mkdtempSync(join(tmpdir(), 'baton-test-home-'));
    process.once('exit', () => rmSync(home, { recursive: true, force: true }));
    emptyHome = home;
  }
  return { ...env, HOME: emptyHome, ...extra };
}

/** Runs `baton <args>` synchronously with the built binary. */
export function baton(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; input?: string } = { cwd: process.cwd() },
): RunResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    input: options.input ?? '',
    encoding: 'utf8',
    // A command that hangs (a FIFO opened by mistake) fails its test instead of holding the whole run: no command
    // a test runs takes minutes, even on a loaded machine.
    timeout: 180_000,
    killSignal: 'SIGKILL',
  });
  // A command that exits before reading all its input (a refusal of its flags) leaves the write with EPIPE: its
  // result stands. A command that could not start, or died of a signal, is never a result a test should read.
  const epipe =
    (result.error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE' && result.status !== null;
  if ((result.error && !epipe) || result.signal) {
    throw new Error(
      `baton ${args.join(' ')}: ${result.error?.message ?? `killed by ${result.signal}`} (stderr: ${result.stderr})`,
    );
  }
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Starts `baton <args>` in the background; killed when the test ends if it is still running. */
export function batonAsync(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  return track(spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: cleanEnv(options.env) }));
}

/**
 * Runs `baton <args>` without blocking this process (a server it talks to may live in it, or runs beside it start at
 * the same instant); resolves with its output when it exits.
 */
export function batonRun(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; input?: string },
): Promise<RunResult> {
  const child = batonAsync(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
    endStdin(child, options.input ?? '');
  });
}

/** Walks `dir` (never following links), calling `visit` with each entry's relative path; nothing when it is absent. */
function walkRelative(
  dir: string,
  visit: (rel: string, path: string, kind: 'dir' | 'file' | 'link' | 'other') => void,
): void {
  const walk = (at: string, prefix: string) => {
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(at, name);
      const stat = lstatSync(path, { throwIfNoEntry: false });
      const kind = stat?.isDirectory()
        ? 'dir'
        : stat?.isSymbolicLink()
          ? 'link'
          : stat?.isFile()
            ? 'file'
            : 'other';
      visit(`${prefix}${name}`, path, kind);
      if (kind === 'dir') walk(path, `${prefix}${name}/`);
    }
  };
  walk(dir, '');
}

/** Every file below `dir` (relative paths, sorted); [] when `dir` does not exist. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  walkRelative(dir, (rel, _path, kind) => {
    if (kind !== 'dir') out.push(rel);
  });
  return out.sort();
}

/**
 * Every file (with its bytes, as latin1 text), folder (as `name/`), link (as `-> target`) and other entry under
 * `dir`, with each entry's mtime, for "nothing changed" checks. Never follows a link, never opens a FIFO.
 */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  walkRelative(dir, (rel, path, kind) => {
    const mtime = lstatSync(path).mtimeMs;
    if (kind === 'dir') out[`${rel}/`] = '';
    else if (kind === 'link') out[rel] = `-> ${readlinkSync(path)} @${mtime}`;
    else if (kind === 'file') out[rel] = `${readFileSync(path, 'latin1')} @${mtime}`;
    else out[rel] = `(special) @${mtime}`;
  });
  return out;
}
