// GitHub Copilot CLI 1.0.102 writes events.jsonl in batches after it has started a hook: the stop and the session's
// end wait (bounded) until the file holds the turn they read. The captured session (test/fixtures/transcripts) cut
// where a flush could have left it.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copilotFlushed } from '../../../src/harnesses/copilot/hooks-flush.js';
import { testdir } from '../../helpers/testdir.js';

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/transcripts/copilot/events-1.0.102.jsonl');
const LINES = readFileSync(FIXTURE, 'utf8').trimEnd().split('\n');
/** The agentStop's own time: its stdin's `timestamp`, which its hook.start record repeats (line 49). */
const STOP_TIME = 1796200748878;
const SHORT = { timeoutMs: 60, intervalMs: 10 };

/** The captured file's first `count` lines (what a flush had written), at a fresh path. */
function flushedUpTo(count: number, tail = ''): string {
  const path = join(testdir(), 'events.jsonl');
  writeFileSync(path, `${LINES.slice(0, count).join('\n')}\n${tail}`);
  return path;
}

describe('copilot: waiting for the events file to hold the turn', () => {
  it('a stop is satisfied by its own hook.start record, not before', async () => {
    const stop = (path: string) =>
      copilotFlushed({ event: 'stop', transcriptPath: path, eventTime: STOP_TIME }, SHORT);
    // Up to the reply and the turn's end, not the agentStop: not yet.
    expect(await stop(flushedUpTo(49))).toBe(false);
    expect(await stop(flushedUpTo(50))).toBe(true);
    expect(await stop(flushedUpTo(LINES.length))).toBe(true);
    // Another stop's record (an earlier turn's) does not stand for this one.
    expect(
      await copilotFlushed(
        { event: 'stop', transcriptPath: flushedUpTo(50), eventTime: STOP_TIME + 1 },
        SHORT,
      ),
    ).toBe(false);
  });

  it('the session end is satisfied by an agentStop after the last prompt', async () => {
    const end = (path: string) => copilotFlushed({ event: 'session-end', transcriptPath: path }, SHORT);
    expect(await end(flushedUpTo(4))).toBe(false);
    expect(await end(flushedUpTo(48))).toBe(false);
    expect(await end(flushedUpTo(50))).toBe(true);
    // A later prompt (a stop's block is the next prompt) with no stop after it: the last turn is not in yet.
    const next = LINES[7]!;
    expect(await end(flushedUpTo(50, `${next}\n`))).toBe(false);
  });

  it('waits for a file that is not there yet (its first look is before the file is written)', async () => {
    const path = join(testdir(), 'events.jsonl');
    const wait = copilotFlushed(
      { event: 'stop', transcriptPath: path, eventTime: STOP_TIME },
      { timeoutMs: 60_000, intervalMs: 5 },
    );
    writeFileSync(path, `${LINES.slice(0, 50).join('\n')}\n`);
    expect(await wait).toBe(true);
  });

  it('does not take half a record for one', async () => {
    const record = LINES[49]!;
    const path = flushedUpTo(49, record.slice(0, record.indexOf('"input"')));
    const stop = { event: 'stop', transcriptPath: path, eventTime: STOP_TIME } as const;
    expect(await copilotFlushed(stop, SHORT)).toBe(false);
    appendFileSync(path, `${record.slice(record.indexOf('"input"'))}\n`);
    expect(await copilotFlushed(stop, SHORT)).toBe(true);
  });

  it('gives up after its bound on a missing file, a FIFO, a folder or a file that is not JSON', async () => {
    const dir = testdir();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    writeFileSync(join(dir, 'text'), 'hook.start agentStop\n'.repeat(100));
    for (const name of ['missing', 'fifo', '.', 'text']) {
      expect(await copilotFlushed({ event: 'session-end', transcriptPath: join(dir, name) }, SHORT)).toBe(
        false,
      );
    }
  });

  it('finds the record at the end of a file larger than what it reads', async () => {
    const filler = `${JSON.stringify({ type: 'tool.shell_output', data: { output: 'x'.repeat(4000) } })}\n`;
    const path = flushedUpTo(48, `${filler.repeat(400)}${LINES[48]}\n${LINES[49]}\n`);
    expect(await copilotFlushed({ event: 'stop', transcriptPath: path, eventTime: STOP_TIME }, SHORT)).toBe(
      true,
    );
  });
});
