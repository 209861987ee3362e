// A board held in memory, for tests and tools that want a board without a disk: a tree of folders and files with the
// file store's semantics (exclusive creation of markers, rename as a claim that only one caller wins, caps, refusals
// with the same messages, a new identity for every written file, folder times that move with their entries). There
// are no links, FIFOs or other processes here, so the checks that guard against them have nothing to find; every
// other check is made as on disk. What inspects the disk itself (doctor, gc, sync, the hooks' log and quiet check)
// needs the file store: see OpenBoardOptions.store.
import { isUtf8 } from 'node:buffer';
import { basename, dirname, join, sep } from 'node:path';
import { BOARD_FILE, boardInfoProblem, type FolderState } from '../board/resolve.js';
import { BatonError } from '../errors.js';
import { isBatonTempName } from './atomic-write.js';
import type { BoardStore, StoreEntry, StoreStat } from './board-store.js';
import { type HeadRead, NOT_UTF8, type TextRead, textHead } from './read-file.js';
import { type FolderCheck, isDirectlyIn, type Problem, partsBelow, unsafePath } from './safe-fs.js';

interface MemoryFile {
  kind: 'file';
  data: Buffer;
  mtimeMs: number;
  ino: number;
}

// A folder's time changes whenever an entry is added, removed or replaced in it, as on disk (a cache of a folder's
// listing is checked against it).
interface MemoryFolder {
  kind: 'dir';
  mtimeMs: number;
  ino: number;
  children: Map<string, MemoryNode>;
}

type MemoryNode = MemoryFile | MemoryFolder;

const DEFAULT_MAX_BYTES = 1024 * 1024;
const MISSING: StoreStat = { kind: 'missing', size: 0, mtimeMs: 0, links: 0, ino: 0 };

/** A store for the board folder `root`, empty (no root folder yet) until something is written. */
export function memoryStore(root: string): BoardStore {
  return new MemoryStore(root);
}

class MemoryStore implements BoardStore {
  private top: MemoryFolder | undefined;
  private readonly locks = new Set<string>();
  // The last serial number given to a file or folder (an inode number).
  private serial = 0;

  constructor(readonly root: string) {}

  rootState(): FolderState {
    if (!this.top) return { kind: 'missing' };
    const names = [...this.top.children.keys()].filter((name) => !isBatonTempName(name));
    if (!names.includes(BOARD_FILE)) {
      return names.length === 0
        ? { kind: 'empty' }
        : { kind: 'other', why: `it holds files but no ${BOARD_FILE}` };
    }
    const info = this.readText(join(this.root, BOARD_FILE), 64 * 1024);
    if (!info.ok) return { kind: 'other', why: `its ${BOARD_FILE} ${info.reason}` };
    const problem = boardInfoProblem(info.text);
    return problem ? { kind: 'other', why: `its ${BOARD_FILE} ${problem}` } : { kind: 'board' };
  }

  createRoot(): void {
    this.top ??= this.folder();
  }

  readText(path: string, maxBytes = DEFAULT_MAX_BYTES): TextRead {
    const check = this.checkFolders(dirname(path));
    if (check.state === 'missing') return { ok: false, missing: true, reason: 'missing' };
    if (check.state === 'unsafe') {
      return { ok: false, missing: false, reason: `is inside ${check.path}, which ${check.reason}` };
    }
    const node = this.node(path);
    if (!node) return { ok: false, missing: true, reason: 'missing' };
    if (node.kind !== 'file') return { ok: false, missing: false, reason: 'is not a regular file' };
    if (node.data.length > maxBytes)
      return { ok: false, missing: false, reason: `larger than ${maxBytes} bytes` };
    if (!isUtf8(node.data)) return { ok: false, missing: false, reason: NOT_UTF8 };
    return { ok: true, text: node.data.toString('utf8') };
  }

  readHeads(dir: string, paths: string[], end: string, headBytes: number): HeadRead[] {
    const check = this.checkFolders(dir);
    if (check.state !== 'ok') {
      const failed: HeadRead =
        check.state === 'missing'
          ? { ok: false, missing: true, reason: 'missing' }
          : { ok: false, missing: false, reason: `is inside ${check.path}, which ${check.reason}` };
      return paths.map(() => failed);
    }
    return paths.map((path) => {
      if (!isDirectlyIn(dir, path)) return { ok: false, missing: false, reason: `is not directly in ${dir}` };
      const node = this.node(path);
      if (!node) return { ok: false, missing: true, reason: 'missing' };
      if (node.kind !== 'file') return { ok: false, missing: false, reason: 'is not a regular file' };
      return textHead(node.data.subarray(0, headBytes), end);
    });
  }

  // Durability (fsync) means nothing in memory.
  write(path: string, data: string | Uint8Array): void {
    const parent = this.ensure(dirname(path));
    const name = basename(path);
    if (parent.children.get(name)?.kind === 'dir') {
      throw new BatonError(
        'unsafe_path',
        `${path} is not a regular file — nothing was written; remove or rename it`,
      );
    }
    // A copy: the caller's buffer may change after the write, a file on disk would not.
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    parent.children.set(name, { kind: 'file', data: bytes, mtimeMs: Date.now(), ino: ++this.serial });
    parent.mtimeMs = Date.now();
  }

  touch(path: string): boolean {
    const parent = this.ensure(dirname(path));
    const name = basename(path);
    const node = parent.children.get(name);
    if (!node) {
      parent.children.set(name, {
        kind: 'file',
        data: Buffer.alloc(0),
        mtimeMs: Date.now(),
        ino: ++this.serial,
      });
      parent.mtimeMs = Date.now();
    }
    return node === undefined || node.kind === 'file';
  }

  ensureFolder(dir: string): void {
    this.ensure(dir);
  }

  list(dir: string, problems?: Problem[]): StoreEntry[] {
    const check = this.checkFolders(dir);
    if (check.state === 'unsafe') {
      problems?.push({ path: check.path, reason: check.reason });
      return [];
    }
    const node = check.state === 'ok' ? this.node(dir) : undefined;
    if (node?.kind !== 'dir') return [];
    return [...node.children].map(([name, child]) => ({ name, kind: child.kind }));
  }

  stat(path: string): StoreStat {
    const check = this.checkFolders(dirname(path));
    if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
    return check.state === 'ok' ? statOf(this.node(path)) : MISSING;
  }

  statMany(dir: string, paths: string[]): StoreStat[] {
    const check = this.checkFolders(dir);
    if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
    return paths.map((path) => {
      if (!isDirectlyIn(dir, path)) throw new BatonError('unsafe_path', `${path} is not directly in ${dir}`);
      return check.state === 'ok' ? statOf(this.node(path)) : MISSING;
    });
  }

  setMtime(path: string, ms: number): boolean {
    if (this.stat(path).kind !== 'file') return false;
    (this.node(path) as MemoryFile).mtimeMs = ms;
    return true;
  }

  remove(path: string): boolean {
    const check = this.checkFolders(dirname(path));
    if (check.state === 'missing') return false;
    if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
    const node = this.node(path);
    if (!node) return false;
    if (node.kind !== 'file') throw unsafePath(path, 'is not a regular file');
    const parent = this.node(dirname(path)) as MemoryFolder;
    parent.children.delete(basename(path));
    parent.mtimeMs = Date.now();
    return true;
  }

  rename(from: string, to: string): boolean {
    for (const dir of new Set([dirname(from), dirname(to)])) {
      const check = this.checkFolders(dir);
      if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
      if (check.state === 'missing') return false;
    }
    const source = this.node(from);
    if (!source) return false;
    const target = this.node(to);
    if (target === source) return true;
    // What rename(2) refuses: a file onto a folder, a folder onto a file or a folder that is not empty, a folder
    // into itself.
    if (target?.kind === 'dir' && source.kind === 'file') throw errno('EISDIR', 'rename', to);
    if (target?.kind === 'file' && source.kind === 'dir') throw errno('ENOTDIR', 'rename', to);
    if (target?.kind === 'dir' && target.children.size > 0) throw errno('ENOTEMPTY', 'rename', to);
    if (source.kind === 'dir' && to.startsWith(`${from}${sep}`)) throw errno('EINVAL', 'rename', to);
    const left = this.node(dirname(from)) as MemoryFolder;
    const entered = this.node(dirname(to)) as MemoryFolder;
    left.children.delete(basename(from));
    entered.children.set(basename(to), source);
    left.mtimeMs = Date.now();
    entered.mtimeMs = left.mtimeMs;
    return true;
  }

  withLock<T>(path: string, fn: () => T): T {
    this.ensure(dirname(path));
    // One process, synchronous callers: a lock already held here is held by a caller further up this stack, which
    // would wait for it forever on disk; on disk that ends as `conflict` after the timeout, here at once.
    if (this.locks.has(path)) {
      throw new BatonError(
        'conflict',
        `${path} is locked by another writer — retry, or run \`baton gc\` if its writer is gone`,
      );
    }
    this.locks.add(path);
    try {
      return fn();
    } finally {
      this.locks.delete(path);
    }
  }

  private folder(): MemoryFolder {
    return { kind: 'dir', mtimeMs: Date.now(), ino: ++this.serial, children: new Map() };
  }

  // The node at `path`, or undefined; the folders on the way are not checked (checkFolders() does that).
  private node(path: string): MemoryNode | undefined {
    let at: MemoryNode | undefined = this.top;
    for (const part of partsBelow(this.root, path)) {
      if (at?.kind !== 'dir') return undefined;
      at = at.children.get(part);
    }
    return at;
  }

  // As safe-fs's checkFolders: every folder from the root (exclusive) down to `dir` (inclusive).
  checkFolders(dir: string): FolderCheck {
    const parts = partsBelow(this.root, dir);
    if (!this.top) return { state: 'missing' };
    let at: MemoryFolder = this.top;
    let path = this.root;
    for (const part of parts) {
      path = join(path, part);
      const next = at.children.get(part);
      if (!next) return { state: 'missing' };
      if (next.kind !== 'dir') return { state: 'unsafe', path, reason: 'is not a folder' };
      at = next;
    }
    return { state: 'ok' };
  }

  // As safe-fs's ensureFolders: creates what is missing below the root; a file on the way is `unsafe_path`.
  private ensure(dir: string): MemoryFolder {
    const parts = partsBelow(this.root, dir);
    // On disk, mkdir of the first folder fails when the root itself is missing (only ensureBoard makes it).
    if (!this.top) throw errno('ENOENT', 'mkdir', parts.length > 0 ? join(this.root, parts[0]!) : this.root);
    let at: MemoryFolder = this.top;
    let path = this.root;
    for (const part of parts) {
      path = join(path, part);
      let next = at.children.get(part);
      if (!next) {
        next = this.folder();
        at.children.set(part, next);
        at.mtimeMs = next.mtimeMs;
      }
      if (next.kind !== 'dir') throw unsafePath(path, 'is not a folder');
      at = next;
    }
    return at;
  }
}

function statOf(node: MemoryNode | undefined): StoreStat {
  if (!node) return MISSING;
  const size = node.kind === 'file' ? node.data.length : 4096;
  return { kind: node.kind, size, mtimeMs: node.mtimeMs, links: 1, ino: node.ino };
}

// The error a file system call would throw, so callers that tell ENOENT from the rest behave the same.
function errno(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${syscall} '${path}'`);
  error.code = code;
  error.syscall = syscall;
  error.path = path;
  return error;
}
