// The board side of the end-to-end scenarios: `baton` run in a harness workspace (its HOME, its project), wiring
// with `baton init`, and the reads the scenarios assert on.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BATON_BIN, type Workspace } from './harnesses.js';

export interface BatonResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `baton <args>` in the workspace's project, with its HOME and no BATON_* from outside but `env`. */
export function batonIn(
  ws: Workspace,
  args: string[],
  env: Record<string, string> = {},
  input = '',
): BatonResult {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('BATON_')) base[key] = value;
  }
  const result = spawnSync(process.execPath, [BATON_BIN, ...args], {
    cwd: ws.project,
    env: { ...base, HOME: ws.home, PWD: ws.project, ...env },
    input,
    encoding: 'utf8',
  });
  if (result.error || result.signal) {
    throw new Error(`baton ${args.join(' ')}: ${result.error?.message ?? `killed by ${result.signal}`}`);
  }
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `baton <args> --json`, parsed; throws with stderr when it fails. */
export function batonJson<T = unknown>(ws: Workspace, args: string[], env: Record<string, string> = {}): T {
  const result = batonIn(ws, [...args, '--json'], env);
  if (result.code !== 0) throw new Error(`baton ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** `baton init --harness <h>` in the project (the board and the harness's wiring); throws when it fails. */
export function init(ws: Workspace): string {
  const result = batonIn(ws, ['init', '--harness', ws.harness]);
  if (result.code !== 0)
    throw new Error(`baton init exited ${result.code}: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Sends `body` to `to` as `from` (a person outside any session); returns the message id. */
export function send(ws: Workspace, to: string, from: string, body: string): string {
  const result = batonJson<{ sent?: { id: string }[]; id?: string }>(ws, [
    'send',
    '--to',
    to,
    '--as',
    from,
    '--body',
    body,
  ]);
  const id = result.sent?.[0]?.id ?? result.id;
  if (!id) throw new Error(`baton send printed no id: ${JSON.stringify(result)}`);
  return id;
}

export interface SessionRow {
  id: string;
  harness: string;
  agent: string;
  live?: boolean;
  endedAt?: string;
  [key: string]: unknown;
}

/** The session records, as `baton sessions --json` lists them. */
export function sessions(ws: Workspace): SessionRow[] {
  const out = batonJson<SessionRow[] | { sessions: SessionRow[] }>(ws, ['sessions']);
  return Array.isArray(out) ? out : out.sessions;
}

/** The raw session record file (sessions/<id>.json), or undefined. */
export function sessionFile(ws: Workspace, id: string): Record<string, unknown> | undefined {
  const path = join(ws.project, '.baton/sessions', `${id}.json`);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/** The board's hook log (state/hooks.log), '' when absent. */
export function hookLog(ws: Workspace): string {
  const path = join(ws.project, '.baton/state/hooks.log');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/** Every card file's text, by file name. */
export function cardFiles(ws: Workspace): Record<string, string> {
  const dir = join(ws.project, '.baton/cards');
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

/** The files under the board's pending/ folder. */
export function pendingFiles(ws: Workspace): string[] {
  const dir = join(ws.project, '.baton/pending');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
}

/**
 * A second session on the same board that edited `path` a moment ago, registered and recorded through its hooks
 * (as agent `other-agent`): the session the write scenarios' warning and who-else name. Returns its id.
 */
export function otherSessionTouched(ws: Workspace, path: string): string {
  const other = 'second-session-e2e';
  const hook = (event: string, payload: Record<string, unknown>) => {
    const input = JSON.stringify({ session_id: other, cwd: ws.project, ...payload });
    const result = batonIn(ws, ['hook', event, '--harness', 'claude'], { BATON_AGENT: 'other-agent' }, input);
    if (result.code !== 0) throw new Error(`hook ${event} for the second session failed: ${result.stderr}`);
  };
  hook('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
  hook('post-tool-use', {
    hook_event_name: 'PostToolUse',
    tool_name: 'Write',
    tool_input: { file_path: path },
  });
  return other;
}
