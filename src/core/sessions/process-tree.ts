// Which processes launched this one: how a command finds the harness session (or shell) it runs in.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { HARNESSES } from '../../harnesses/registry.js';

export interface ProcessInfo {
  pid: number;
  /** Kernel start time (clock ticks since boot), so a reused pid is never mistaken for the old process. */
  start: string;
  name: string;
}

// Harnesses known in the process tree that baton does not wire (yet), with the names their processes run under.
const UNWIRED: Record<string, readonly string[]> = { cursor: ['cursor-agent', 'cursor'] };
export const UNWIRED_HARNESSES = Object.keys(UNWIRED);

// Each name a harness's process runs under, with the harness it is (each harness's processNames in its harness.ts).
const PROCESS_HARNESS = new Map<string, string>([
  ...HARNESSES.flatMap((harness) =>
    harness.processNames.map((name): [string, string] => [name, harness.name]),
  ),
  ...Object.entries(UNWIRED).flatMap(([harness, names]) =>
    names.map((name): [string, string] => [name, harness]),
  ),
]);

/**
 * Set by the hook gate for a session start it answered itself and records in the background (hooks/gate): the
 * processes the gate ran under, nearest first, as `<pid>:<start time>` — the background process, started in a session
 * of its own, is no longer among their descendants.
 */
export const ANCESTRY_ENV = 'BATON_HOOK_ANCESTRY';

/**
 * The ancestors that speak for a command on `board`: none when the board was opened for callers elsewhere
 * (`processTree: false`, as `baton serve` does), since a server's own process tree says nothing of their sessions;
 * those the gate named (ANCESTRY_ENV) that still run, for a start it handed to the background.
 */
export function boardAncestors(board: {
  processTree: boolean;
  env?: Record<string, string | undefined>;
}): ProcessInfo[] {
  if (!board.processTree) return [];
  const named = board.env?.[ANCESTRY_ENV];
  return named ? namedAncestors(named) : ancestors();
}

/** The processes `list` names (`<pid>:<start> …`, at most 12) that still run as the very same processes. */
function namedAncestors(list: string): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const item of list.trim().split(/\s+/).slice(0, 12)) {
    const match = /^(\d{1,10}):(\d{1,20})$/.exec(item);
    const info = match ? readProc(Number(match[1])) : undefined;
    if (info && info.self.start === match?.[2]) out.push(info.self);
  }
  return out;
}

/** This process's ancestors, nearest first (Linux /proc; elsewhere only the parent, without a start time). */
export function ancestors(pid: number = process.pid, depth = 12): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  let current = pid;
  for (let i = 0; i < depth; i++) {
    const info = readProc(current);
    if (!info) break;
    if (current !== pid) out.push(info.self);
    if (info.parent <= 1) break;
    current = info.parent;
  }
  if (out.length === 0 && process.platform !== 'linux') out.push({ pid: process.ppid, start: '', name: '' });
  return out;
}

/** The process a session is anchored to: the nearest harness process if one launched us, else the parent shell. */
export function sessionAnchor(list: ProcessInfo[] = ancestors()): ProcessInfo | undefined {
  return list.find((p) => PROCESS_HARNESS.has(p.name)) ?? list[0];
}

export function harnessOf(anchor: ProcessInfo | undefined): string {
  return PROCESS_HARNESS.get(anchor?.name ?? '') ?? 'shell';
}

// Harnesses written in JavaScript run as `node …/gemini` or `bun …/opencode`: name them by their script, or, run
// straight from its package (`node …/node_modules/<package>/cli.js`), by the package (each harness's packagePaths).
function programName(pid: number, comm: string): string {
  if (!/^(node|bun|deno)$/.test(comm)) return comm;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1);
    const script = args.find((arg) => !arg.startsWith('-')) ?? '';
    const base = basename(script).replace(/\.(c|m)?js$/, '');
    if (PROCESS_HARNESS.has(base)) return base;
    return HARNESSES.find((harness) => harness.packagePaths.some((path) => path.test(script)))?.name ?? comm;
  } catch {
    return comm;
  }
}

function readProc(pid: number): { self: ProcessInfo; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may itself contain spaces or parentheses: split after the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const rest = stat.slice(close + 2).split(' ');
    return { self: { pid, start: rest[19] ?? '', name: programName(pid, comm) }, parent: Number(rest[1]) };
  } catch {
    return undefined;
  }
}
