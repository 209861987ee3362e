// The one watcher of a board's folders (the web UI's live pages, `baton sync --watch`, `baton listen`): it says which
// parts of the board changed (messages, cards, notes, sessions, agents, pending), a few milliseconds after they did.
// It watches real folders only (a link planted in the board is never watched through), at most MAX_WATCHES of them,
// and falls back to comparing folder mtimes where the system refuses a watch.
import { type FSWatcher, lstatSync, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';

/** The parts of a board a change is reported for. */
export type Area = 'messages' | 'cards' | 'notes' | 'sessions' | 'agents' | 'pending';
/** `folders`: the watched folders whose entries changed (a file came, went or was written in place). */
export type ChangeListener = (areas: Area[], folders: string[]) => void;

const AREAS: Area[] = ['messages', 'cards', 'notes', 'sessions', 'agents', 'pending'];
/** Folders watched at most: inotify watches are a shared, limited resource. */
export const MAX_WATCHES = 512;
// Mailboxes hold one folder per day; a new message lands in today's, so only the newest few are watched.
const DAYS_WATCHED = 2;

export interface WatcherOptions {
  /** How long changes are gathered before listeners hear of them. Default 25 ms. */
  settleMs?: number;
  /** How often new folders are looked for and unwatchable folders' mtimes compared. Default 2,000 ms. */
  rescanMs?: number;
  /**
   * The folders to watch and the area each reports (default: the board's area folders, their subfolders, and the
   * newest days of each mailbox). Only real folders are watched.
   */
  folders?: (root: string) => Map<string, Area | undefined>;
}

export class BoardWatcher {
  private readonly listeners = new Set<ChangeListener>();
  private readonly watchers = new Map<string, FSWatcher>();
  /** Folders the system would not watch: their mtimes are compared on each rescan instead. */
  private readonly polled = new Map<string, number>();
  private pending = new Set<Area>();
  private pendingFolders = new Set<string>();
  private rescanSoon = false;
  private settleTimer: NodeJS.Timeout | undefined;
  private rescanTimer: NodeJS.Timeout | undefined;
  private readonly settleMs: number;
  private readonly rescanMs: number;
  private readonly folders: (root: string) => Map<string, Area | undefined>;

  constructor(
    private readonly root: string,
    options: WatcherOptions = {},
  ) {
    this.settleMs = options.settleMs ?? 25;
    this.rescanMs = options.rescanMs ?? 2_000;
    this.folders = options.folders ?? boardFolders;
  }

  /** Listens for changes; the folders are watched while anyone listens. Returns the way to stop listening. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  get watching(): number {
    return this.watchers.size;
  }

  close(): void {
    this.listeners.clear();
    this.stop();
  }

  private start(): void {
    this.rescan();
    this.rescanTimer = setInterval(() => this.rescan(), this.rescanMs);
    this.rescanTimer.unref();
  }

  private stop(): void {
    clearInterval(this.rescanTimer);
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    this.pending.clear();
    this.pendingFolders.clear();
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.polled.clear();
  }

  // Adds watches for folders that appeared (a new mailbox, day or project) and compares the polled ones' mtimes.
  private rescan(): void {
    const wanted = new Map([...this.folders(this.root)].filter(([dir]) => isRealFolder(dir)));
    for (const [dir, watcher] of this.watchers) {
      if (!wanted.has(dir)) {
        watcher.close();
        this.watchers.delete(dir);
      }
    }
    for (const [dir, area] of wanted) {
      if (this.watchers.has(dir)) continue;
      const mtime = mtimeOf(dir);
      if (this.polled.has(dir)) {
        if (this.polled.get(dir) !== mtime) {
          this.polled.set(dir, mtime);
          this.changed(area, dir);
        }
        continue;
      }
      if (this.watchers.size >= MAX_WATCHES) {
        this.polled.set(dir, mtime);
        continue;
      }
      try {
        const watcher = watch(dir, { persistent: false }, (_event, name) => this.onEvent(area, name, dir));
        watcher.on('error', () => {
          watcher.close();
          this.watchers.delete(dir);
        });
        this.watchers.set(dir, watcher);
      } catch {
        this.polled.set(dir, mtime);
      }
    }
  }

  private onEvent(area: Area | undefined, name: string | Buffer | null, dir: string): void {
    const which = area ?? (AREAS.find((a) => a === String(name ?? '')) as Area | undefined);
    // A change at the top (a new area folder) or maybe a new subfolder: look for folders to watch once it settles.
    if (area === undefined || area === 'messages' || area === 'notes') this.rescanSoon = true;
    this.changed(which, dir);
  }

  private changed(area: Area | undefined, dir: string): void {
    if (this.listeners.size === 0) return;
    if (area !== undefined) this.pending.add(area);
    this.pendingFolders.add(dir);
    if (this.settleTimer) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = undefined;
      if (this.rescanSoon) {
        this.rescanSoon = false;
        this.rescan();
      }
      const areas = [...this.pending];
      const folders = [...this.pendingFolders];
      this.pending.clear();
      this.pendingFolders.clear();
      if (areas.length > 0) for (const listener of this.listeners) listener(areas, folders);
    }, this.settleMs);
  }
}

/** The board's own folders: its root, each area, the area's subfolders, and the newest days of each mailbox. */
export function boardFolders(root: string): Map<string, Area | undefined> {
  const wanted = new Map<string, Area | undefined>([[root, undefined]]);
  for (const area of AREAS) {
    const dir = join(root, area);
    if (!isRealFolder(dir)) continue;
    wanted.set(dir, area);
    for (const sub of subfolders(dir)) {
      wanted.set(sub, area);
      if (area === 'messages') for (const day of subfolders(sub).slice(-DAYS_WATCHED)) wanted.set(day, area);
    }
  }
  return wanted;
}

/**
 * boardFolders, and where deliveries are receipted (`state/receipts`, each mailbox's folder and its newest day,
 * reported as `messages`): the web UI's mail view shows a delivery as it happens. Not for `sync --watch`: `state/` is
 * never synced, so a delivery is no reason to sync.
 */
export function pageFolders(root: string): Map<string, Area | undefined> {
  const wanted = boardFolders(root);
  const receipts = join(root, 'state', 'receipts');
  if (!isRealFolder(receipts)) return wanted;
  wanted.set(receipts, 'messages');
  for (const mailbox of subfolders(receipts)) {
    wanted.set(mailbox, 'messages');
    for (const day of subfolders(mailbox).slice(-1)) wanted.set(day, 'messages');
  }
  return wanted;
}

function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function subfolders(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => join(dir, name))
    .filter(isRealFolder);
}

function mtimeOf(path: string): number {
  try {
    return lstatSync(path).mtimeMs;
  } catch {
    return -1;
  }
}
