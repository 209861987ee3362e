// Running git for `baton sync`: argument lists only (no shell), never a prompt, and none of the user's hooks,
// signing or automatic housekeeping on the board's own commits.
import { spawnSync } from 'node:child_process';
import { BatonError } from '../errors.js';

export interface GitResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  /** Written to git's stdin. */
  input?: string | Buffer;
  /** Extra `-c key=value` settings for this one call (the merge driver). */
  config?: Record<string, string>;
  /** Raw stdout (blobs); `stdout` is then ''. */
  raw?: (bytes: Buffer) => void;
}

// Settings every call gets. The board branch is baton's: a project's pre-commit hook (a linter) or commit signing
// must not run on it, a symlink committed by another machine is checked out as a plain file, only the ordinary
// transports are allowed (a `sync.repo` from a board's config.json is untrusted), and no housekeeping forks off a
// process that could outlive a killed sync.
const HARDENING: Record<string, string> = {
  'core.hooksPath': '/dev/null',
  'commit.gpgsign': 'false',
  'tag.gpgsign': 'false',
  'core.symlinks': 'false',
  'core.autocrlf': 'false',
  'core.fsmonitor': 'false',
  'core.quotePath': 'false',
  'protocol.ext.allow': 'never',
  'protocol.fd.allow': 'never',
  'gc.auto': '0',
  'maintenance.auto': 'false',
  'merge.renames': 'false',
  'diff.renames': 'false',
  'advice.detachedHead': 'false',
  'init.defaultBranch': 'main',
};

const MAX_OUTPUT = 512 * 1024 * 1024;

/** Runs `git <args>` in `cwd`. Never throws for a non-zero exit (callers read `status`); throws when git is missing. */
export function git(cwd: string, args: string[], options: GitOptions = {}): GitResult {
  const settings = { ...HARDENING, ...options.config };
  const flags = Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const result = spawnSync('git', [...flags, ...args], {
    cwd,
    input: options.input,
    maxBuffer: MAX_OUTPUT,
    env: gitEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new BatonError('io', 'git is not installed — `baton sync` moves the board through git');
    throw new BatonError('io', `git ${args[0]} failed to run: ${result.error.message}`);
  }
  if (options.raw) options.raw(result.stdout);
  return {
    status: result.status ?? 1,
    stdout: options.raw ? '' : result.stdout.toString('utf8'),
    stderr: result.stderr.toString('utf8'),
  };
}

/** Like `git`, but a non-zero exit is an `io` error carrying git's own words. */
export function gitOk(cwd: string, args: string[], options: GitOptions = {}): string {
  const result = git(cwd, args, options);
  if (result.status !== 0) throw gitFailure(args, result);
  return result.stdout;
}

export function gitFailure(args: string[], result: GitResult): BatonError {
  const said = (result.stderr || result.stdout).trim().split('\n').slice(-4).join(' / ');
  return new BatonError(
    'io',
    `git ${args.find((a) => !a.startsWith('-')) ?? ''} failed: ${maskPassword(said)}`,
  );
}

/** `text` with the password of any URL in it (`https://user:secret@host`) masked. */
export function maskPassword(text: string): string {
  return text.replace(/(\/\/[^/\s:@]+):[^/\s@]+@/g, '$1:***@');
}

// No terminal prompt for credentials (a sync in a hook or a CI job has no one to answer), no pager, and the
// process's locale does not change what git prints (messages are read only for errors, but stay English).
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    // A GIT_DIR or GIT_WORK_TREE from the caller's shell would point every call at another repository.
    if (
      /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE)$/.test(
        key,
      )
    )
      delete env[key];
  }
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_PAGER = 'cat';
  env.LC_ALL = 'C';
  return env;
}
