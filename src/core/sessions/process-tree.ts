// Which processes launched this one: how a command finds the harness session (or shell) it runs in.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface ProcessInfo {
  pid: number;
  /** Kernel start time (clock ticks since boot), so a reused pid is never mistaken for the old process. */
  start: string;
  name: string;
}

const HARNESS_NAMES = /^(claude|codex|gemini|opencode|pi|cursor-agent|cursor)$/;

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
  return list.find((p) => HARNESS_NAMES.test(p.name)) ?? list[0];
}

export function harnessOf(anchor: ProcessInfo | undefined): string {
  const name = anchor?.name ?? '';
  return HARNESS_NAMES.test(name) ? name.replace(/-agent$/, '') : 'shell';
}

// Harnesses written in JavaScript run as `node …/gemini` or `bun …/opencode`: name them by their script.
function programName(pid: number, comm: string): string {
  if (!/^(node|bun|deno)$/.test(comm)) return comm;
  try {
    const script = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1] ?? '';
    const base = basename(script).replace(/\.(c|m)?js$/, '');
    return HARNESS_NAMES.test(base) ? base : comm;
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
