// Sub-agent stop with a long final output, through the built binary as Claude Code runs it: up to 4 MiB the result
// note's body is the output exactly (a secret in it redacted), whether Claude Code sends it (last_assistant_message)
// or only the transcript has it; past 4 MiB the note keeps the head, the full size and the transcript. `baton read`
// prints such a note whole, `baton board` and `baton index` list it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNote } from '../../src/core/notes/note.js';
import { batonRun, filesUnder, testdir } from '../helpers/testdir.js';
import { AGENT, expectSilent, hook, project, SESSION } from './helpers.js';

const FIXTURE = resolve(
  import.meta.dirname,
  '../fixtures/transcripts/claude/codemie-incremental-subagents-turn-2.jsonl',
);
const AGENT_ID = 'a485154';
const MIB = 1024 * 1024;
const TOKEN = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3h2'}`;
const TASK = 'analyze existing CLI command and create specification for adding missing CLI commands';

type Line = Record<string, unknown> & { message: { content: unknown; id?: string } };

/**
 * A sub-agent transcript in Claude Code's shape (the fixture's first prompt and last reply, marked as the agent's
 * sidechain), its final reply's text being `output`.
 */
function transcriptWith(output: string, overlongReply = false): string {
  const lines = readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);
  const prompt = lines.find((line) => line.type === 'user')!;
  const reply = lines.filter((line) => line.type === 'assistant').at(-1)!;
  const final = { ...reply, message: { ...reply.message, content: [{ type: 'text', text: output }] } };
  // The same reply's next text block, on a line of its own longer than a transcript line is read (16 MiB).
  const more = {
    ...final,
    message: { ...final.message, content: [{ type: 'text', text: 'y'.repeat(17 * MIB) }] },
  };
  const path = join(testdir(), `agent-${AGENT_ID}.jsonl`);
  writeFileSync(
    path,
    `${[prompt, final, ...(overlongReply ? [more] : [])].map((line) => JSON.stringify({ ...line, isSidechain: true, agentId: AGENT_ID })).join('\n')}\n`,
  );
  return path;
}

/** A report of exactly `size` UTF-8 bytes: Markdown lines (some not ASCII), a token in the middle. */
function report(size: number): string {
  const line = '- `src/cli/commands/board.ts`: flags parsed twice — 标志解析了两次; see the table below\n';
  const half = `# CLI audit\n\n${line.repeat(Math.floor(size / 2 / Buffer.byteLength(line)))}`;
  const middle = `Found ${TOKEN} in .env.example; rotate it.\n`;
  const rest = size - Buffer.byteLength(half) - Buffer.byteLength(middle);
  const tail = line.repeat(Math.floor(rest / Buffer.byteLength(line)));
  return `${half}${middle}${tail}${'.'.repeat(rest - Buffer.byteLength(tail) - 1)}\n`;
}

const redacted = (text: string) => text.replace(TOKEN, '[REDACTED:github-token]');

function subagentStop(cwd: string, transcript: string, extra: Record<string, unknown> = {}) {
  return {
    transcript_path: join(cwd, 'parent.jsonl'),
    permission_mode: 'default',
    hook_event_name: 'SubagentStop',
    stop_hook_active: false,
    agent_id: AGENT_ID,
    agent_type: 'solution-architect',
    agent_transcript_path: transcript,
    ...extra,
  };
}

function notesOf(cwd: string) {
  const dir = join(cwd, '.baton', 'notes');
  return filesUnder(dir).map((rel) => {
    const text = readFileSync(join(dir, rel), 'utf8');
    return { text, note: parseNote(text, join(dir, rel)) };
  });
}

describe('subagent-stop: a long final output', () => {
  it.each([
    ['1 MB', 1_000_000],
    ['4 MiB (the limit)', 4 * MIB],
  ])(
    'writes %s from last_assistant_message whole, the secret in it redacted',
    (_what, size) => {
      const cwd = project();
      const output = report(size);
      expect(Buffer.byteLength(output)).toBe(size);
      const transcript = transcriptWith('an earlier, shorter reply');
      expectSilent(
        hook('subagent-stop', subagentStop(cwd, transcript, { last_assistant_message: output }), { cwd }),
      );
      const [stored, ...more] = notesOf(cwd);
      expect(more).toEqual([]);
      expect(stored?.text).not.toContain(TOKEN);
      expect(stored?.note).toMatchObject({
        kind: 'result',
        status: 'ok',
        parentSession: SESSION,
        agent: AGENT,
        transcriptPath: transcript,
        body: redacted(output),
      });
      expect(stored?.note.truncated).toBeUndefined();
    },
    60_000,
  );

  it('writes 4 MiB from the transcript alone (no last_assistant_message) whole', () => {
    const cwd = project();
    const output = report(4 * MIB);
    expectSilent(hook('subagent-stop', subagentStop(cwd, transcriptWith(output)), { cwd }));
    const [stored] = notesOf(cwd);
    expect(stored?.note).toMatchObject({ status: 'ok', body: redacted(output) });
    expect(stored?.note.task).toContain(TASK);
  });

  it('a reply whose last line is too long to read writes no note rather than the part before it', () => {
    const cwd = project();
    const transcript = transcriptWith('Here is the report:', true);
    expectSilent(hook('subagent-stop', subagentStop(cwd, transcript), { cwd }));
    expect(notesOf(cwd)).toEqual([]);
    expect(readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8')).toContain(
      `no result note: the sub-agent left no final output — its transcript ends with a line over 16 MiB, not read (the output may be in it: ${transcript}); no result note`,
    );
  });

  it('past 4 MiB keeps the head, the size and the transcript; read prints it whole, board and index list it', async () => {
    const cwd = project();
    const output = report(5 * MIB + 7);
    const transcript = transcriptWith(output);
    expectSilent(
      hook('subagent-stop', subagentStop(cwd, transcript, { last_assistant_message: output }), { cwd }),
    );
    const [stored, ...more] = notesOf(cwd);
    expect(more).toEqual([]);
    const note = stored!.note;
    const bytes = Buffer.from(output);
    const kept = bytes.lastIndexOf(0x0a, 4 * MIB - 1) + 1;
    expect(note).toMatchObject({
      status: 'degraded',
      truncated: true,
      fullBytes: 5 * MIB + 7,
      transcriptPath: transcript,
      body: `${redacted(bytes.toString('utf8', 0, kept))}\n\n---\n\n**[baton] This result was cut to its head.** The deliverable was ${(5 * MIB + 7).toLocaleString('en-US')} bytes, more than the 4,194,304 bytes (4 MiB) a result note keeps whole, so only its first ${kept.toLocaleString('en-US')} bytes are above. The whole deliverable is in the transcript ${transcript}.\n`,
    });
    expect(note.degraded).toBeUndefined();

    const read = await batonRun(['read', note.id], { cwd });
    expect(read.code).toBe(0);
    expect(read.stdout).toBe(stored!.text);
    expect(read.stderr).toBe(
      `baton: note ${note.id} holds only the head of a longer result of ${(5 * MIB + 7).toLocaleString('en-US')} bytes (truncated: true); the whole is in the transcript ${transcript}\n`,
    );
    const board = await batonRun(['board'], { cwd });
    expect(board.code).toBe(0);
    expect(board.stdout).toContain(
      `analyze existing CLI command and create specification for adding missing CLI commands. fo… | degraded | sub-agent of ${SESSION.slice(0, 8)} | 0 files | ${note.id}\n`,
    );
    const index = await batonRun(['index'], { cwd });
    expect(index.code).toBe(0);
    expect(index.stdout).toContain(`note:${note.id}`);
  });

  it('`baton read` prints a 4 MiB note whole', async () => {
    const cwd = project();
    const output = report(4 * MIB);
    expectSilent(
      hook('subagent-stop', subagentStop(cwd, transcriptWith('x'), { last_assistant_message: output }), {
        cwd,
      }),
    );
    const [stored] = notesOf(cwd);
    const read = await batonRun(['read', stored!.note.id], { cwd });
    expect({ code: read.code, stderr: read.stderr }).toEqual({ code: 0, stderr: '' });
    expect(read.stdout).toBe(stored!.text);
    expect(read.stdout.length).toBeGreaterThan(3 * MIB);
  });
});
