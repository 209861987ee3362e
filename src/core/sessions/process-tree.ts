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

/**
 * The ancestors that speak for a command on `board`: none when the board was opened for callers elsewhere
 * (`processTree: false`, as `baton serve` does), since a server's own process tree says nothing of their sessions.
 */
export function boardAncestors(board: { processTree: boolean }): ProcessInfo[] {
  return board.processTree ? ancestors() : [];
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
  return list.find((p) => HARNESS_NAMES.test(p.name)) ?? list[0];
}

export function harnessOf(anchor: ProcessInfo | undefined): string {
  const name = anchor?.name ?? '';
  return HARNESS_NAMES.test(name) ? name.replace(/-agent$/, '') : 'shell';
}

// Run straight from its package (`node …/node_modules/<package>/cli.js`), a harness is named by the package.
const HARNESS_PACKAGES: [RegExp, string][] = [
  [/\/@anthropic-ai\/claude-code\//, 'claude'],
  [/\/@google\/gemini-cli\//, 'gemini'],
  [/\/@openai\/codex\//, 'codex'],
  [/\/opencode-ai\//, 'opencode'],
  [/\/@mariozechner\/pi-coding-agent\//, 'pi'],
];

// Harnesses written in JavaScript run as `node …/gemini` or `bun …/opencode`: name them by their script.
function programName(pid: number, comm: string): string {
  if (!/^(node|bun|deno)$/.test(comm)) return comm;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1);
    const script = args.find((arg) => !arg.startsWith('-')) ?? '';
    const base = basename(script).replace(/\.(c|m)?js$/, '');
    if (HARNESS_NAMES.test(base)) return base;
    return HARNESS_PACKAGES.find(([pattern]) => pattern.test(script))?.[1] ?? comm;
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
