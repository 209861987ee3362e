// Running `baton hook` as a harness would: its JSON on stdin, in the project folder, and validating what it prints
// against the harness's own output schema.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { expect } from 'vitest';
import { BIN, baton, cleanEnv, type RunResult, testdir } from '../helpers/testdir.js';

export const SESSION = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
export const AGENT = 'claude-3f2a9c';

const SCHEMAS = resolve(import.meta.dirname, '../fixtures/harness-schemas/codex');
const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Codex's output schema of `event` (Claude Code's envelope, strictly): fails the test when `output` breaks it. */
export function expectCodexEnvelope(event: string, output: string): Record<string, unknown> {
  const parsed = JSON.parse(output) as Record<string, unknown>;
  let validate = validators.get(event);
  if (!validate) {
    validate = ajv.compile(
      JSON.parse(readFileSync(join(SCHEMAS, `${event}.command.output.schema.json`), 'utf8')),
    );
    validators.set(event, validate);
  }
  const ok = validate(parsed);
  expect(ok ? [] : validate.errors).toEqual([]);
  return parsed;
}

export interface HookCall {
  cwd: string;
  harness?: string;
  env?: Record<string, string>;
  /** Raw stdin instead of the payload. */
  raw?: string;
  /**
   * Run from a shell that stays alive while the hook runs, as harnesses do: the session's process is then that
   * shell, not the test, so a command the test runs is not "inside" the session.
   */
  viaShell?: boolean;
}

/** `baton hook <event> --harness <h>` with `payload` (session_id and cwd filled in) on stdin. */
export function hook(event: string, payload: Record<string, unknown>, call: HookCall): RunResult {
  const input = call.raw ?? JSON.stringify({ session_id: SESSION, cwd: call.cwd, ...payload });
  const args = ['hook', event, '--harness', call.harness ?? 'claude'];
  if (!call.viaShell) return baton(args, { cwd: call.cwd, env: call.env, input });
  // `; exit $?` keeps the shell from replacing itself with the command.
  const script = `"${process.execPath}" "${BIN}" ${args.join(' ')}; exit $?`;
  const result = spawnSync('sh', ['-c', script], {
    cwd: call.cwd,
    env: cleanEnv(call.env),
    input,
    encoding: 'utf8',
  });
  if (result.error || result.signal)
    throw new Error(`sh -c ${script}: ${result.error?.message ?? result.signal}`);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The parsed JSON a hook printed: exactly one JSON line, exit 0, nothing on stderr — and, given Codex's name of the
 * event, valid against Codex's output schema (Claude Code's envelope, checked strictly).
 */
export function answer(result: RunResult, codexEvent?: string): Record<string, unknown> {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  return codexEvent
    ? expectCodexEnvelope(codexEvent, result.stdout)
    : (JSON.parse(result.stdout) as Record<string, unknown>);
}

/** A hook that had nothing to say: exit 0, no output at all. */
export function expectSilent(result: RunResult): void {
  expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
    code: 0,
    stdout: '',
    stderr: '',
  });
}

export function contextOf(parsed: Record<string, unknown>): string {
  return String(
    (parsed.hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext ?? '',
  );
}

/** A project folder with a board. */
export function project(): string {
  const dir = testdir();
  expect(baton(['init'], { cwd: dir }).code).toBe(0);
  return dir;
}

export function send(cwd: string, to: string, body: string): void {
  expect(baton(['send', '--to', to, '--as', 'alice', '--body', body], { cwd }).code).toBe(0);
}

/** The session's record on the board. */
export function record(cwd: string, session = SESSION): Record<string, unknown> {
  return JSON.parse(readFileSync(join(cwd, '.baton', 'sessions', `${session}.json`), 'utf8'));
}
