// Sub-agent stop (Claude Code's SubagentStop): the sub-agent's full final output becomes a result note under the
// delegating session — its task the sub-agent's first prompt, its artifacts the files its transcript shows it
// wrote. No final output, no note. The sub-agent transcript is built from a real Claude Code transcript's lines.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNote } from '../../src/core/notes/note.js';
import { filesUnder, testdir } from '../helpers/testdir.js';
import { AGENT, expectSilent, hook, project, SESSION } from './helpers.js';

const FIXTURE = resolve(
  import.meta.dirname,
  '../fixtures/transcripts/claude/codemie-incremental-subagents-turn-2.jsonl',
);
const FIXTURE_ROOT = '/Users/User/repo/codemie-ai/codemie-code';
const AGENT_ID = 'a485154';

type Line = Record<string, unknown> & { message?: { content?: unknown; id?: string; role?: string } };

const fixtureLines = (): Line[] =>
  readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);

/** The fixture's final reply: the text block of its last assistant message. */
function fixtureFinal(): string {
  const last = fixtureLines()
    .filter((line) => line.type === 'assistant')
    .at(-1);
  const [first] = (last?.message?.content ?? []) as { text: string }[];
  return first?.text ?? '';
}

/**
 * A sub-agent transcript as Claude Code writes it (`<session>/subagents/agent-<id>.jsonl`): the fixture's user and
 * assistant lines, each marked `isSidechain` with the agent's id, its paths moved into `cwd`; plus an Edit that
 * failed. `upTo` cuts the transcript after that many lines (a sub-agent that stopped mid-work).
 */
function subagentTranscript(cwd: string, upTo?: number): string {
  const lines = fixtureLines().filter((line) => line.type === 'user' || line.type === 'assistant');
  const failedEdit: Line[] = [
    {
      ...lines[0],
      type: 'assistant',
      message: {
        id: 'msg_failed_edit',
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'toolu_failed',
            name: 'Edit',
            input: { file_path: `${FIXTURE_ROOT}/src/never.ts`, old_string: 'a', new_string: 'b' },
          },
        ],
      },
    },
    {
      ...lines[0],
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_failed', is_error: true, content: 'not found' }],
      },
    },
  ];
  const all = [...lines.slice(0, 3), ...failedEdit, ...lines.slice(3)].slice(0, upTo);
  const text = all
    .map((line) => JSON.stringify({ ...line, isSidechain: true, agentId: AGENT_ID }))
    .join('\n')
    .replaceAll(FIXTURE_ROOT, cwd);
  const path = join(testdir(), `agent-${AGENT_ID}.jsonl`);
  writeFileSync(path, `${text}\n`);
  return path;
}

/** Claude Code's SubagentStop input (session_id is the delegating session's; `hook` fills it and cwd). */
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

function notes(cwd: string) {
  const dir = join(cwd, '.baton', 'notes');
  return filesUnder(dir).map((rel) => parseNote(readFileSync(join(dir, rel), 'utf8'), join(dir, rel)));
}

const hookLog = (cwd: string) => readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8');

describe('subagent-stop: a result note', () => {
  it("writes the sub-agent's final message from its transcript, under the delegating session", () => {
    const cwd = project();
    expectSilent(hook('session-start', { source: 'startup' }, { cwd }));
    const transcript = subagentTranscript(cwd);
    expectSilent(hook('subagent-stop', subagentStop(cwd, transcript), { cwd }));
    const [note, ...more] = notes(cwd);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      kind: 'result',
      status: 'ok',
      session: `agent-${AGENT_ID}`,
      parentSession: SESSION,
      agent: AGENT,
      harness: 'claude',
      title:
        '@"solution-architect (agent)" analyze existing CLI command and create specification for adding missing CLI commands. fo…',
      task: '@"solution-architect (agent)" analyze existing CLI command and create specification for adding missing CLI commands. follow best practices in CLI to add valuable commands',
      // The Write the transcript shows; the Edit that failed wrote nothing.
      artifacts: ['SPEC-NEW-CLI-COMMANDS.md'],
      files: ['SPEC-NEW-CLI-COMMANDS.md'],
      transcriptPath: transcript,
      provenance: 'curated',
      body: fixtureFinal(),
    });
    expect(note?.degraded).toBeUndefined();
    expect(hookLog(cwd)).toContain(`claude subagent-stop ${SESSION} result note ${note?.id}`);
  });

  it('prefers last_assistant_message (whole, as Claude Code sends it) over the transcript', () => {
    const cwd = project();
    expectSilent(hook('session-start', { source: 'startup' }, { cwd }));
    const reply = '## Result\n\n```ts\nexport const x = 1;\n```\n\nAll three checks pass.\n';
    const transcript = subagentTranscript(cwd);
    expectSilent(
      hook('subagent-stop', subagentStop(cwd, transcript, { last_assistant_message: reply }), { cwd }),
    );
    expect(notes(cwd).map((note) => note.body)).toEqual([reply]);
  });

  it('a delegating session the hooks have not met yet is recorded, and the note still hangs under it', () => {
    const cwd = project();
    expectSilent(hook('subagent-stop', subagentStop(cwd, subagentTranscript(cwd)), { cwd }));
    expect(notes(cwd).map((note) => [note.parentSession, note.agent])).toEqual([[SESSION, AGENT]]);
  });

  it.each([
    [
      'an empty last_assistant_message and a transcript cut before any reply',
      { last_assistant_message: '  \n' },
      1,
    ],
    ['a transcript whose last message is a tool call', {}, 45],
  ])('writes nothing for %s (only a log line)', (_what, extra, upTo) => {
    const cwd = project();
    expectSilent(hook('session-start', { source: 'startup' }, { cwd }));
    expectSilent(hook('subagent-stop', subagentStop(cwd, subagentTranscript(cwd, upTo), extra), { cwd }));
    expect(notes(cwd)).toEqual([]);
    expect(hookLog(cwd)).toContain(
      'no result note: the sub-agent left no final output — its transcript ends without a final message; no result note',
    );
  });

  it('writes nothing when the transcript is missing and there is no final message', () => {
    const cwd = project();
    expectSilent(hook('session-start', { source: 'startup' }, { cwd }));
    const missing = join(cwd, 'nowhere', 'agent-x.jsonl');
    expectSilent(hook('subagent-stop', subagentStop(cwd, missing), { cwd }));
    expect(notes(cwd)).toEqual([]);
    expect(hookLog(cwd)).toContain(
      `no result note: the sub-agent left no final output — its transcript could not be read (no transcript at ${missing}`,
    );
  });

  it('with no board here, stays silent and creates nothing', () => {
    const cwd = testdir();
    expectSilent(hook('subagent-stop', subagentStop(cwd, subagentTranscript(cwd)), { cwd }));
    expect(filesUnder(cwd)).toEqual([]);
  });
});
