// GitHub Copilot CLI writes its events file (session-state/<id>/events.jsonl) in batches, a moment after it has
// started a hook: at agentStop the file may not exist yet, or end before the turn's reply; at sessionEnd it may still
// lack the last turn (seen in 1.0.102: the file appeared 5–150 ms after agentStop's hook had started). A hook that
// reads the transcript there waits, bounded, until the file holds what it is about:
// - at the stop, the `hook.start` record of this very agentStop (its `input` is the hook's stdin, `timestamp`
//   included), which Copilot writes after the turn's reply;
// - at the session's end (its own hook.start is never written before its hook runs), an agentStop `hook.start`
//   after the last `user.message`: the last turn ended and is in the file.
// After the bound the hook reads what is there (a session that ended mid-turn never satisfies the second rule).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { FlushCheck } from '../../hooks/harness-hooks.js';

/** How much of the file's end is read to find the records (a turn's records are far smaller). */
const TAIL_BYTES = 1024 * 1024;

export interface FlushWait {
  /** How long to wait at most (ms). */
  timeoutMs: number;
  /** How often to look (ms). */
  intervalMs: number;
}

/** Copilot's own session-end hook timeout is 30 s by default: a wait of 2 s leaves the draft all the rest. */
const WAIT: FlushWait = { timeoutMs: 2000, intervalMs: 20 };

/** Resolves true once the file holds the turn `check` is about, false when the wait ran out first. */
export async function copilotFlushed(check: FlushCheck, wait: FlushWait = WAIT): Promise<boolean> {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    if (holdsTurn(tailRecords(check.transcriptPath), check)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, wait.intervalMs));
  }
}

function holdsTurn(records: Record<string, unknown>[], check: FlushCheck): boolean {
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (record.type === 'user.message') return false;
    const data = record.data;
    if (record.type !== 'hook.start' || data === null || typeof data !== 'object') continue;
    const { hookType, input } = data as { hookType?: unknown; input?: unknown };
    if (hookType !== 'agentStop') continue;
    // At the stop, its own record (a stop without a time is satisfied by any stop of the last turn).
    if (check.event !== 'stop' || check.eventTime === undefined) return true;
    if (
      input !== null &&
      typeof input === 'object' &&
      (input as { timestamp?: unknown }).timestamp === check.eventTime
    )
      return true;
  }
  return false;
}

/** The complete JSON records in the last TAIL_BYTES of a regular file; none when it is missing or not one. */
function tailRecords(path: string): Record<string, unknown>[] {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return [];
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return [];
    const length = Math.min(info.size, TAIL_BYTES);
    const bytes = Buffer.alloc(length);
    const read = readSync(fd, bytes, 0, length, info.size - length);
    const lines = bytes.subarray(0, read).toString('utf8').split('\n');
    // The first line may be cut by the tail (it is dropped), the last half written (it does not parse).
    if (length < info.size) lines.shift();
    const records: Record<string, unknown>[] = [];
    for (const line of lines) {
      try {
        const value: unknown = JSON.parse(line);
        if (value !== null && typeof value === 'object' && !Array.isArray(value))
          records.push(value as Record<string, unknown>);
      } catch {
        // not a whole record
      }
    }
    return records;
  } finally {
    closeSync(fd);
  }
}
