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

  // Claude Code 2.1.197 runs `/compact` as an internal agent and fires SubagentStop for it: captured from
  // `claude -p /compact --resume <id>`, its agent_type is "" and its agent_transcript_path names a file never
  // written; a delegated sub-agent (Agent/Task tool) always has a type ("general-purpose" by default).
  const COMPACTION = 'no result note: agent_type is empty — a compaction summary, not a delegated sub-agent';
  it('Claude Code’s /compact (agent_type "", its transcript never written) writes no result note', () => {
    const cwd = project();
    expectSilent(hook('session-start', { source: 'startup' }, { cwd }));
    expectSilent(hook('pre-compact', { trigger: 'manual', custom_instructions: null }, { cwd }));
    const before = notes(cwd).map((note) => note.id);
    const summary = '<summary>COMPACTION SUMMARY TEXT</summary>';
    expectSilent(
      hook(
        'subagent-stop',
        {
          transcript_path: join(cwd, 'parent.jsonl'),
          prompt_id: 'f5e3333d-4050-4b8e-b023-52a645c6fdaf',
          permission_mode: 'default',
          agent_id: 'a703eb3505f034340',
          agent_type: '',
          effort: { level: 'high' },
          hook_event_name: 'SubagentStop',
          stop_hook_active: false,
          agent_transcript_path: join(cwd, 'subagents', 'agent-a703eb3505f034340.jsonl'),
          last_assistant_message: summary,
          background_tasks: [],
          session_crons: [],
        },
        { cwd },
      ),
    );
    expect(notes(cwd).map((note) => note.id)).toEqual(before);
    expect(notes(cwd).some((note) => note.kind === 'result' || note.body.includes(summary))).toBe(false);
    expect(hookLog(cwd)).toContain(`claude subagent-stop ${SESSION} ${COMPACTION}`);
  });

  it('an empty agent_type writes no note even when a transcript and a reply are there', () => {
    const cwd = project();
    expectSilent(hook('session-start', { source: 'startup' }, { cwd }));
    const transcript = subagentTranscript(cwd);
    expectSilent(hook('subagent-stop', subagentStop(cwd, transcript, { agent_type: '' }), { cwd }));
    expect(notes(cwd)).toEqual([]);
    expect(hookLog(cwd)).toContain(COMPACTION);
  });

  it('with no board here, stays silent and creates nothing', () => {
    const cwd = testdir();
    expectSilent(hook('subagent-stop', subagentStop(cwd, subagentTranscript(cwd)), { cwd }));
    expect(filesUnder(cwd)).toEqual([]);
  });
});
