// Best-effort git facts read straight from .git (no child process: this sits on the send hot path).
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface GitInfo {
  /** The work tree's top folder. */
  root: string;
  /** Short commit id of HEAD, when there is one. */
  rev?: string;
}

/** Finds the enclosing git checkout of `cwd`, or undefined. Never throws. */
export function readGitInfo(cwd: string): GitInfo | undefined {
  try {
    let dir = resolve(cwd);
    for (;;) {
      const dotGit = join(dir, '.git');
      const gitDir = gitDirOf(dotGit);
      if (gitDir) return { root: dir, rev: readHead(gitDir) };
      const parent = dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  } catch {
    return undefined;
  }
}

function gitDirOf(dotGit: string): string | undefined {
  try {
    const stat = statSync(dotGit);
    if (stat.isDirectory()) return dotGit;
    if (!stat.isFile()) return undefined;
    // Worktrees and submodules: `.git` is a file saying `gitdir: <path>`.
    const match = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
    return match ? resolve(dirname(dotGit), match[1]!.trim()) : undefined;
  } catch {
    return undefined;
  }
}

function readHead(gitDir: string): string | undefined {
  const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  if (/^[0-9a-f]{40,64}$/.test(head)) return head.slice(0, 7);
  const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  const common = commonDir(gitDir);
  for (const base of [gitDir, common]) {
    try {
      return readFileSync(join(base, ref), 'utf8').trim().slice(0, 7);
    } catch {
      // not a loose ref here
    }
  }
  try {
    const packed = readFileSync(join(common, 'packed-refs'), 'utf8');
    const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
    return line?.slice(0, 7);
  } catch {
    return undefined; // a fresh repository with no commit yet
  }
}

function commonDir(gitDir: string): string {
  try {
    return resolve(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim());
  } catch {
    return gitDir;
  }
}
