// A wiring plan: every file's new text worked out (and every refusal found) before anything is written; then the
// writes, each atomic. So a settings file that is not valid JSON/TOML leaves every file as it was.
import { readdirSync, rmdirSync } from 'node:fs';
import { dirname, isAbsolute, relative, sep } from 'node:path';
import { BatonError } from '../core/errors.js';
import { isOwnedText } from './owned-file.js';
import type { FileEdit, HarnessName, HarnessWiring, WiringContext } from './types.js';
import { readForEdit, removeFile, writeFileReplacing } from './write-file.js';

export type ChangeAction = 'create' | 'update' | 'delete' | 'unchanged' | 'kept';

export interface FileChange {
  path: string;
  action: ChangeAction;
  harnesses: HarnessName[];
  what: string[];
  /** Why a file was kept as it was ('kept': a person's own file where baton would write one). */
  note?: string;
}

export interface WiringPlan {
  changes: FileChange[];
  /** The new text of every file that changes (null: deleted). */
  writes: Map<string, string | null>;
}

interface Slot {
  before: string | null;
  after: string | null;
  harnesses: HarnessName[];
  what: string[];
  kept?: string;
}

/**
 * Works out what wiring (or unwiring, `remove`) `harnesses` changes, reading every file once and applying every edit
 * in memory. Throws one BatonError listing every file that cannot be edited; nothing has been written then.
 */
export function planWiring(
  ctx: WiringContext,
  harnesses: HarnessWiring[],
  remove: boolean,
  all: HarnessWiring[],
): WiringPlan {
  const slots = new Map<string, Slot>();
  const errors: string[] = [];
  const names = new Set(harnesses.map((harness) => harness.name));
  // On removal, a file another wired harness still needs (AGENTS.md, the shared skill) stays.
  const stillNeeded = new Set<string>();
  if (remove)
    for (const other of all)
      if (!names.has(other.name) && other.wired(ctx))
        for (const edit of other.edits(ctx, false)) stillNeeded.add(`${edit.path}\0${edit.what}`);
  for (const harness of harnesses) {
    for (const edit of harness.edits(ctx, remove)) {
      if (remove && edit.sharedBy && stillNeeded.has(`${edit.path}\0${edit.what}`)) continue;
      let slot = slots.get(edit.path);
      if (!slot) {
        let before: string | null;
        try {
          before = readForEdit(edit.path);
        } catch (error) {
          const message = (error as Error).message;
          if (!errors.includes(message)) errors.push(message);
          continue;
        }
        slot = { before, after: before, harnesses: [], what: [] };
        slots.set(edit.path, slot);
      }
      if (!slot.harnesses.includes(harness.name)) slot.harnesses.push(harness.name);
      if (!slot.what.includes(edit.what)) slot.what.push(edit.what);
      try {
        applyEdit(slot, edit);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!errors.includes(message)) errors.push(message);
      }
    }
  }
  if (errors.length > 0) throw new BatonError('corrupt', errors.join('\n'));
  const changes: FileChange[] = [];
  const writes = new Map<string, string | null>();
  for (const [path, slot] of slots) {
    let action: ChangeAction;
    // On removal a person's file is simply not baton's: nothing to say about it.
    if (slot.kept) action = remove ? 'unchanged' : 'kept';
    else if (slot.after === slot.before) action = 'unchanged';
    else if (slot.after === null) action = 'delete';
    else if (slot.before === null) action = 'create';
    else action = 'update';
    if (action === 'create' || action === 'update' || action === 'delete') writes.set(path, slot.after);
    changes.push({
      path,
      action,
      harnesses: slot.harnesses,
      what: slot.what,
      ...(slot.kept ? { note: slot.kept } : {}),
    });
  }
  return { changes, writes };
}

function applyEdit(slot: Slot, edit: FileEdit): void {
  if (edit.owned && slot.after !== null && !isOwnedText(slot.after)) {
    slot.kept = 'a file of the same name that is not baton’s is there: left as it was';
    return;
  }
  slot.after = edit.apply(slot.after);
}

/**
 * Writes the plan: each file atomically, deletions last. A folder a deletion leaves empty goes too, and so on up
 * (never `root` itself nor anything outside it): `--remove` leaves no empty .claude/commands or .agents/skills.
 */
export function applyPlan(plan: WiringPlan, root: string): void {
  for (const [path, text] of plan.writes) if (text !== null) writeFileReplacing(path, text);
  for (const [path, text] of plan.writes) {
    if (text !== null) continue;
    removeFile(path);
    pruneEmpty(dirname(path), root);
  }
}

function pruneEmpty(dir: string, root: string): void {
  for (let at = dir; ; at = dirname(at)) {
    const rel = relative(root, at);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return;
    try {
      if (readdirSync(at).length > 0) return;
      rmdirSync(at);
    } catch {
      return;
    }
  }
}
