// Sub-agent stop in Codex (SubagentStop after `spawn_agent`): the result note is as complete as Claude Code's — the
// task the parent handed over, `session` the sub-agent's own thread and `parentSession` the delegating session, the
// title from the task, the files its patches wrote as artifacts. The rollout is a real Codex 0.171.0 sub-agent's
// (test/fixtures/subagent-transcripts/codex/subagent-v2-fork-0.171.0.jsonl: spawned with the parent's history, after the
// parent wrote parent-wrote.txt itself), its project folder moved into the test's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNote } from '../../src/core/notes/note.js';
import { filesUnder, testdir } from '../helpers/testdir.js';
import { expectSilent, hook, project, record, SESSION } from './helpers.js';

const FIXTURE = resolve(
  import.meta.dirname,
  '../fixtures/subagent-transcripts/codex/subagent-v2-fork-0.171.0.jsonl',
);
const FIXTURE_PROJECT = '/w/e2e/project';
const THREAD = '01a235e8-83ad-7a71-b035-7d8e21eb08ec';
const TASK = 'Audit the login flow and write audit.txt (explore).';
const REPLY = 'SUBAGENT DELIVERABLE\n\nline two';

type Line = Record<string, unknown> & { payload: Record<string, unknown> };

/** A line copied from the parent's history into a forked sub-agent's rollout. */
const inherited = (line: Line) =>
  (line.metadata as { inherited_user_message?: boolean } | undefined)?.inherited_user_message === true;

const fixtureLines = (): Line[] =>
  readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);

/** The fixture (or `lines`) as a rollout file, its project folder moved to `cwd`. */
function rollout(cwd: string, lines: Line[] = fixtureLines()): string {
  const path = join(testdir(), `rollout-2026-12-02T08-39-20-${THREAD}.jsonl`);
  const text = lines.map((line) => JSON.stringify(line)).join('\n');
  writeFileSync(path, `${text.replaceAll(FIXTURE_PROJECT, cwd)}\n`);
  return path;
}

/** Codex 0.171.0's SubagentStop input, as captured (session_id is the delegating session's; `hook` fills it). */
function subagentStop(cwd: string, transcript: string, extra: Record<string, unknown> = {}) {
  return {
    turn_id: '01a235e8-7893-7c13-8f1a-4a6c2b8b8b9e',
    transcript_path: join(cwd, 'parent-rollout.jsonl'),
    agent_transcript_path: transcript,
    hook_event_name: 'SubagentStop',
    model: 'gpt-5.5',
    permission_mode: 'bypassPermissions',
    stop_hook_active: false,
    agent_id: THREAD,
    agent_type: 'default',
    last_assistant_message: REPLY,
    ...extra,
  };
}

function notes(cwd: string) {
  const dir = join(cwd, '.baton', 'notes');
  return filesUnder(dir).map((rel) => parseNote(readFileSync(join(dir, rel), 'utf8'), join(dir, rel)));
}

const start = (cwd: string) =>
  expectSilent(hook('session-start', { source: 'startup' }, { cwd, harness: 'codex' }));

describe('subagent-stop (Codex): a result note as complete as Claude Code’s', () => {
  it('task, own thread as session, the delegating session as parent, title from the task, written files', () => {
    const cwd = project();
    start(cwd);
    const transcript = rollout(cwd);
    expectSilent(hook('subagent-stop', subagentStop(cwd, transcript), { cwd, harness: 'codex' }));
    const [note, ...more] = notes(cwd);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      kind: 'result',
      status: 'ok',
      session: THREAD,
      parentSession: SESSION,
      agent: record(cwd).agent,
      harness: 'codex',
      title: TASK,
      task: TASK,
      // Its patch wrote audit.txt; parent-wrote.txt was the parent's (inherited history), shell-made.txt a shell
      // redirect (as for Claude Code's Bash, not a file tool's write).
      artifacts: ['audit.txt'],
      files: ['audit.txt'],
      transcriptPath: transcript,
      body: REPLY,
    });
  });

  it('without last_assistant_message, the body is the rollout’s last assistant message', () => {
    const cwd = project();
    start(cwd);
    const transcript = rollout(cwd);
    expectSilent(
      hook('subagent-stop', subagentStop(cwd, transcript, { last_assistant_message: null }), {
        cwd,
        harness: 'codex',
      }),
    );
    expect(notes(cwd).map((note) => [note.body, note.task])).toEqual([[REPLY, TASK]]);
  });

  it('a task sent encrypted (as OpenAI’s models do) is not shown; the title names the task instead', () => {
    const cwd = project();
    start(cwd);
    const sealed = `gAAAAABn${'Qk9yZ0hJa2xtTm9QcVJzVHVWd1h5WjAxMjM0NTY3ODk'.repeat(4)}==`;
    const lines = fixtureLines().map((line) => {
      if (line.payload.type !== 'agent_message') return line;
      const content = (line.payload.content as Record<string, unknown>[]).map((part) =>
        part.type === 'encrypted_content' ? { ...part, encrypted_content: sealed } : part,
      );
      return { ...line, payload: { ...line.payload, content } };
    });
    expectSilent(hook('subagent-stop', subagentStop(cwd, rollout(cwd, lines)), { cwd, harness: 'codex' }));
    const [note] = notes(cwd);
    expect(note?.task).toBeUndefined();
    expect(note?.title).toBe('Sub-agent task /root/audit');
    expect(JSON.stringify(note)).not.toContain(sealed.slice(0, 20));
  });

  it('a patch that failed wrote nothing; a v1 sub-agent’s first prompt is its task', () => {
    const cwd = project();
    start(cwd);
    const lines = fixtureLines()
      // v1 hands the task over as a user message, not an agent message.
      .map((line) =>
        line.payload.type === 'agent_message'
          ? {
              ...line,
              payload: {
                type: 'message',
                role: 'user',
                content: [{ type: 'input_text', text: 'Check the v1 path (e2e v1).' }],
              },
            }
          : line,
      )
      // Its patch failed.
      .map((line) =>
        line.payload.type === 'custom_tool_call_output' && !inherited(line)
          ? {
              ...line,
              payload: {
                ...line.payload,
                output: 'Exit code: 1\nWall time: 0 seconds\nOutput:\napply_patch verification failed',
              },
            }
          : line,
      );
    expectSilent(hook('subagent-stop', subagentStop(cwd, rollout(cwd, lines)), { cwd, harness: 'codex' }));
    expect(notes(cwd).map((note) => [note.task, note.title, note.artifacts])).toEqual([
      ['Check the v1 path (e2e v1).', 'Check the v1 path (e2e v1).', []],
    ]);
  });
});
