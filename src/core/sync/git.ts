// Running git for `baton sync`: argument lists only (no shell), never a prompt, never blocking this process (a signal
// stops git at once), and nothing another machine pushed can make git run a program here: none of the user's hooks,
// no filter (git-lfs's, or any other configured on this machine) — disarmed by name, as git has no switch for all of
// them — no textconv, no attributes from this machine's system or global files (the board's own: attributes.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { BatonError } from '../errors.js';
import { ByteReader } from './byte-reader.js';

export interface GitResult {
  status: number;
  stdout: string;
  stderr: string;
  /** stdout was longer than `maxOutput`: git was stopped and the rest not kept. */
  truncated: boolean;
}

export interface GitOptions {
  /** Written to git's stdin. */
  input?: string | Buffer;
  /** Extra `-c key=value` settings for this one call (the merge driver, the identity of a commit). */
  config?: Record<string, string>;
  /** Extra environment for this one call (a scratch GIT_INDEX_FILE, a commit's dates). */
  env?: Record<string, string>;
  /** Bytes of stdout kept (default 16 MiB); past them git is stopped and `truncated` set. Blobs are streamed. */
  maxOutput?: number;
}

/** A git process whose stdout is read piece by piece (`cat-file --batch`, a diff read record by record). */
export interface GitProcess {
  stdin: Writable;
  stdout: ByteReader;
  /** Resolves once git has exited (its status and stderr); rejects with GitInterrupted on the signal. */
  done: Promise<GitResult>;
  /** Stops git (its output is no longer wanted). */
  stop(): void;
}

export interface Git {
  /** Runs `git <args>` in `cwd`. Never rejects for a non-zero exit (callers read `status`). */
  run(cwd: string, args: string[], options?: GitOptions): Promise<GitResult>;
  /** Like `run`, but a non-zero exit (or a truncated output) is an `io` error carrying git's own words. */
  ok(cwd: string, args: string[], options?: GitOptions): Promise<string>;
  /** Starts `git <args>` with its stdin and stdout as streams. */
  start(cwd: string, args: string[], options?: GitOptions): Promise<GitProcess>;
  /** Waits `ms` without blocking this process; rejects with GitInterrupted at once on the signal. */
  nap(ms: number): Promise<void>;
}

export interface GitRunnerOptions {
  /** Stops every git this runner started, and fails what is pending with GitInterrupted. */
  signal?: AbortSignal;
}

/** The signal stopped a git command; what the sync had done so far stays consistent. */
export class GitInterrupted extends BatonError {
  constructor() {
    super('io', 'baton sync was interrupted — nothing is lost; run `baton sync` again to finish');
  }
}

// Settings every call gets. The board branch is baton's: a project's pre-commit hook (a linter) or commit signing
// must not run on it, a symlink committed by another machine is checked out as a plain file, only the ordinary
// transports are allowed (a `sync.repo` from a board's config.json is untrusted), no attributes file of this machine
// and no submodule a pushed .gitmodules names is read, and no housekeeping forks off a process that could outlive a
// killed sync.
const HARDENING: Record<string, string> = {
  'core.hooksPath': '/dev/null',
  'core.attributesFile': '/dev/null',
  'commit.gpgsign': 'false',
  'tag.gpgsign': 'false',
  'core.symlinks': 'false',
  'core.autocrlf': 'false',
  'core.fsmonitor': 'false',
  'core.quotePath': 'false',
  'protocol.ext.allow': 'never',
  'protocol.fd.allow': 'never',
  'submodule.recurse': 'false',
  'fetch.recurseSubmodules': 'false',
  'gc.auto': '0',
  'maintenance.auto': 'false',
  'merge.renames': 'false',
  'diff.renames': 'false',
  'advice.detachedHead': 'false',
  'init.defaultBranch': 'main',
};

const MAX_OUTPUT = 16 * 1024 * 1024;
// Of stderr only the end is kept (it is read for errors, which git prints last).
const MAX_STDERR = 64 * 1024;

/** A runner of git commands; every command it starts stops on `signal`. */
export function createGit(options: GitRunnerOptions = {}): Git {
  const { signal } = options;
  // Filters configured on this machine, by repository (the config git reads depends on where it runs).
  const disarmed = new Map<string, Promise<Record<string, string>>>();
  const envFor = async (cwd: string, options: GitOptions) => {
    let filters = disarmed.get(cwd);
    if (!filters) {
      filters = configuredFilters(cwd, signal);
      disarmed.set(cwd, filters);
    }
    return withSettings({ ...baseEnv(), ...options.env }, await filters);
  };
  const git: Git = {
    async run(cwd, args, options = {}) {
      const child = startGit(cwd, args, options, await envFor(cwd, options), signal);
      child.stdin.end(options.input ?? '');
      const chunks: Buffer[] = [];
      const limit = options.maxOutput ?? MAX_OUTPUT;
      let kept = 0;
      let truncated = false;
      try {
        for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
          if (kept + chunk.length > limit) {
            chunks.push(chunk.subarray(0, limit - kept));
            truncated = true;
            child.stop();
            break;
          }
          chunks.push(chunk);
          kept += chunk.length;
        }
      } catch {
        // the stream was torn down: `done` says why
      }
      const { status, stderr } = await child.done;
      return { status, stdout: Buffer.concat(chunks).toString('utf8'), stderr, truncated };
    },
    async ok(cwd, args, options = {}) {
      const result = await git.run(cwd, args, options);
      // Checked first: a git stopped for printing too much may also have failed for being stopped.
      if (result.truncated)
        throw new BatonError(
          'io',
          `git ${commandName(args)} printed more than baton reads — nothing was written`,
        );
      if (result.status !== 0) throw gitFailure(args, result);
      return result.stdout;
    },
    async start(cwd, args, options = {}) {
      const child = startGit(cwd, args, options, await envFor(cwd, options), signal);
      if (options.input !== undefined) child.stdin.end(options.input);
      const done = child.done.then(({ status, stderr }) => ({
        status,
        stdout: '',
        stderr,
        truncated: false,
      }));
      // Awaited by the caller that gets this far; one that gives up earlier (an error of its own) need not.
      done.catch(() => {});
      return { stdin: child.stdin, stdout: new ByteReader(child.stdout), done, stop: child.stop };
    },
    nap(ms) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(new GitInterrupted());
        const stop = () => {
          clearTimeout(timer);
          reject(new GitInterrupted());
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', stop);
          resolve();
        }, ms);
        signal?.addEventListener('abort', stop, { once: true });
      });
    },
  };
  return git;
}

interface StartedGit {
  stdin: Writable;
  stdout: Readable;
  done: Promise<{ status: number; stderr: string }>;
  stop(): void;
}

function startGit(
  cwd: string,
  args: string[],
  options: GitOptions,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal | undefined,
): StartedGit {
  if (signal?.aborted) throw new GitInterrupted();
  const settings = { ...HARDENING, ...options.config };
  const flags = Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const child = spawn('git', [...flags, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-MAX_STDERR);
  });
  // A git stopped on purpose (or one that exits before reading all its input) closes its stdin under our writes.
  child.stdin.on('error', () => {});
  child.stdout.on('error', () => {});
  let interrupted = false;
  const onAbort = () => {
    interrupted = true;
    child.kill('SIGTERM');
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const done = new Promise<{ status: number; stderr: string }>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      reject(spawnFailure(cwd, args, error));
    });
    child.once('exit', () => {
      signal?.removeEventListener('abort', onAbort);
      if (!interrupted) return;
      // A process git started (ssh, a slow upload-pack) may hold the pipes open after git is gone: nothing more is
      // read from them.
      child.stdout.destroy();
      child.stderr.destroy();
      reject(new GitInterrupted());
    });
    child.once('close', (code) => resolve({ status: code ?? 1, stderr }));
  });
  return {
    stdin: child.stdin,
    stdout: child.stdout,
    done,
    stop: () => {
      child.stdin.destroy();
      child.stdout.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}

function spawnFailure(cwd: string, args: string[], error: NodeJS.ErrnoException): BatonError {
  if (error.code === 'ENOENT') {
    // spawn says ENOENT for a missing cwd too (a board deleted while its sync runs).
    if (!existsSync(cwd)) return new BatonError('no_board', `${cwd} is gone — nothing more was written`);
    return new BatonError('io', 'git is not installed — `baton sync` moves the board through git');
  }
  return new BatonError('io', `git ${commandName(args)} failed to run: ${error.message}`);
}

export function gitFailure(args: string[], result: Pick<GitResult, 'stdout' | 'stderr'>): BatonError {
  const said = (result.stderr || result.stdout).trim().split('\n').slice(-4).join(' / ');
  return new BatonError('io', `git ${commandName(args)} failed: ${maskPassword(said)}`);
}

function commandName(args: string[]): string {
  return args.find((a) => !a.startsWith('-')) ?? '';
}

/** `text` with the password of any URL in it (`https://user:secret@host`) masked. */
export function maskPassword(text: string): string {
  return text.replace(/(\/\/[^/\s:@]+):[^/\s@]+@/g, '$1:***@');
}

// No terminal prompt for credentials (a sync in a hook or a CI job has no one to answer), no pager, and the
// process's locale does not change what git prints (messages are read only for errors, but stay English).
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    // A GIT_DIR or GIT_WORK_TREE from the caller's shell would point every call at another repository.
    if (
      /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|EXTERNAL_DIFF|CONFIG_PARAMETERS|ATTR_SOURCE)$/.test(
        key,
      )
    )
      delete env[key];
  }
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_PAGER = 'cat';
  env.GIT_ATTR_NOSYSTEM = '1';
  env.LC_ALL = 'C';
  return env;
}

// The settings go after any the caller's environment gives (later entries win), and through the environment rather
// than `-c`, which cannot name a filter whose name holds "=".
function withSettings(env: NodeJS.ProcessEnv, settings: Record<string, string>): NodeJS.ProcessEnv {
  const entries = Object.entries(settings);
  if (entries.length === 0) return env;
  const given = Number(env.GIT_CONFIG_COUNT ?? 0);
  const first = Number.isInteger(given) && given > 0 ? given : 0;
  entries.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${first + i}`] = key;
    env[`GIT_CONFIG_VALUE_${first + i}`] = value;
  });
  env.GIT_CONFIG_COUNT = String(first + entries.length);
  return env;
}

/**
 * Every filter driver configured where `cwd` is (system, global, the repository's, the environment's), each
 * disarmed: no clean, smudge or process command, not required. Git runs a filter only when an attribute names it,
 * and the board's attributes name none — but `.git/info/attributes` is read whatever the worktree holds.
 */
async function configuredFilters(
  cwd: string,
  signal: AbortSignal | undefined,
): Promise<Record<string, string>> {
  const child = startGit(
    cwd,
    ['config', '--name-only', '-z', '--get-regexp', '^filter\\.'],
    {},
    baseEnv(),
    signal,
  );
  child.stdin.end();
  const keys = new ByteReader(child.stdout);
  const names = new Set<string>();
  for (;;) {
    const key = await keys.until(0, 64 * 1024).catch(() => undefined);
    if (key === undefined) break;
    if (key === 'too_long') continue;
    const text = key.toString('utf8');
    const dot = text.lastIndexOf('.');
    if (dot > 'filter.'.length) names.add(text.slice('filter.'.length, dot));
  }
  // A config git cannot read fails the command that follows, with git's own words.
  await child.done;
  const settings: Record<string, string> = {};
  for (const name of names) {
    for (const command of ['clean', 'smudge', 'process']) settings[`filter.${name}.${command}`] = '';
    settings[`filter.${name}.required`] = 'false';
  }
  return settings;
}

/** The name baton commits under (the board's branch is baton's, whoever runs it). */
export function identity(): Record<string, string> {
  return { 'user.name': 'baton', 'user.email': 'baton@localhost' };
}
