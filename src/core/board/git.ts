// Best-effort git facts read straight from .git (no child process: this sits on the send and hook hot paths). Every
// file of .git is read the way a board file is: no link followed at the last step, regular files only, capped, never
// blocking on a FIFO (a checkout is someone's folder, not trusted input either).
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readNamedFile, readTextFile } from '../store/read-file.js';

export interface GitInfo {
  /** The work tree's top folder. */
  root: string;
  /** Short commit id of HEAD, when there is one. */
  rev?: string;
}

export interface GitCheckout {
  /** The work tree's top folder. */
  root: string;
  /** Its git folder (`<root>/.git`, or where a `.git` file points: a worktree's or submodule's). */
  gitDir: string;
  /** The folder holding the repository's shared files (config, refs): `gitDir`, or the main one a worktree uses. */
  commonDir: string;
}

// A `.git` file (`gitdir: <path>`), HEAD, a ref, `commondir`: one line each. `packed-refs` and `config` can grow.
const SMALL_FILE = 4 * 1024;
const LARGE_FILE = 1024 * 1024;
/** The most of `.git/config` read: a real one is a few KB; a bigger one is refused, never read whole. */
export const GIT_CONFIG_BYTES = 256 * 1024;

/** Finds the enclosing git checkout of `cwd`, or undefined. Never throws. */
export function readGitInfo(cwd: string): GitInfo | undefined {
  const checkout = findCheckout(cwd);
  if (!checkout) return undefined;
  try {
    return { root: checkout.root, rev: readHead(checkout) };
  } catch {
    return { root: checkout.root };
  }
}

/** The enclosing git checkout of `cwd` (walking up), or undefined. Never throws. */
export function findCheckout(cwd: string): GitCheckout | undefined {
  try {
    let dir = resolve(cwd);
    for (;;) {
      const gitDir = gitDirOf(join(dir, '.git'));
      if (gitDir) return { root: dir, gitDir, commonDir: commonDir(gitDir) };
      const parent = dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  } catch {
    return undefined;
  }
}

export type RemoteRead = { ok: true; url: string | undefined } | { ok: false; reason: string };

/**
 * The URL of `remote` in the checkout's config (`[remote "origin"] url = …`), undefined when there is none. A config
 * that is a link, a FIFO, larger than GIT_CONFIG_BYTES or not UTF-8 is not read: the reason says why.
 */
export function readRemoteUrl(checkout: GitCheckout, remote = 'origin'): RemoteRead {
  const read = readTextFile(checkout.commonDir, join(checkout.commonDir, 'config'), GIT_CONFIG_BYTES);
  if (!read.ok) return read.missing ? { ok: true, url: undefined } : { ok: false, reason: read.reason };
  return { ok: true, url: remoteUrlIn(read.text, remote) };
}

/**
 * The first `url` of `[remote "<remote>"]` in git config text. The section name is case-insensitive, the remote's
 * name is not (git's rules); a value may be quoted and end in a comment.
 */
export function remoteUrlIn(text: string, remote: string): string | undefined {
  let inRemote = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      const section = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
      inRemote =
        !!section && section[1]!.toLowerCase() === 'remote' && section[2]?.replace(/\\(.)/g, '$1') === remote;
      continue;
    }
    if (!inRemote) continue;
    const entry = /^url\s*=\s*(.*)$/i.exec(line);
    if (!entry) continue;
    const value = configValue(entry[1]!);
    if (value) return value;
  }
  return undefined;
}

// A config value: quotes removed, `\"` and `\\` unescaped, a `#` or `;` comment outside quotes dropped.
function configValue(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < text.length) out += text[++i];
    else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}

function gitDirOf(dotGit: string): string | undefined {
  try {
    // Followed when a link: git follows a `.git` that is one, and so does finding the checkout.
    // Most folders on the way up have none: answered without an exception (each costs a hook time).
    const stat = statSync(dotGit, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    if (stat.isDirectory()) return dotGit;
    if (!stat.isFile()) return undefined;
    // Worktrees and submodules: `.git` is a file saying `gitdir: <path>`.
    const read = readNamedFile(dotGit, SMALL_FILE);
    const match = read.ok ? /^gitdir:\s*(.+)$/m.exec(read.text) : null;
    return match ? resolve(dirname(dotGit), match[1]!.trim()) : undefined;
  } catch {
    return undefined;
  }
}

function readHead(checkout: GitCheckout): string | undefined {
  const { gitDir, commonDir: common } = checkout;
  const head = readSmall(gitDir, 'HEAD')?.trim() ?? '';
  if (/^[0-9a-f]{40,64}$/.test(head)) return head.slice(0, 7);
  const ref = /^ref:\s*(refs\/[^\s]+)$/.exec(head)?.[1];
  if (!ref || ref.split('/').includes('..')) return undefined;
  for (const base of [gitDir, common]) {
    const loose = readSmall(base, ref);
    if (loose !== undefined) return loose.trim().slice(0, 7);
  }
  const packed = readNamedFile(join(common, 'packed-refs'), LARGE_FILE);
  if (!packed.ok) return undefined; // a fresh repository with no commit yet
  const line = packed.text.split('\n').find((l) => l.endsWith(` ${ref}`));
  return line?.slice(0, 7);
}

function commonDir(gitDir: string): string {
  const pointer = readSmall(gitDir, 'commondir');
  return pointer ? resolve(gitDir, pointer.trim()) : gitDir;
}

function readSmall(dir: string, name: string): string | undefined {
  const read = readNamedFile(join(dir, name), SMALL_FILE);
  return read.ok ? read.text : undefined;
}
