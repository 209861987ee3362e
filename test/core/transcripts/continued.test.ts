// A continued session's draft (issue 23): its first message is baton's lead-in (`baton continue`), which is never
// its goal and never appears in the draft; the goal is the parent note's, carried on, and the draft links to the
// parent session even without a session record. The same in every harness's transcript format.
import { describe, expect, it } from 'vitest';
import { continuationText } from '../../../src/core/notes/continuation.js';
import { parseLeadIn } from '../../../src/core/notes/lead-in.js';
import type { NoteRecord } from '../../../src/core/notes/note.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
import { draft, jsonl, project } from './helpers.js';

const PARENT = '4b1c2d3e-5f60-4718-8a9b-0c1d2e3f4a5b';
const CHILD = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const T = '2026-06-01T10:00:00.000Z';
const PARENT_BODY = `## Goal
Make the login test deterministic

## Done
Froze time per test.

## State and open questions
Is the clock mock global?

## Decisions and rejected options
Per test, not global.

## Pitfalls and blockers
The CI clock drifts.

## Next steps and read-first list
Read test/login.spec.ts first.
`;

/** The first user message and a reply, in `harness`'s transcript format. */
function transcriptLines(harness: string, first: string, later?: string): object[] {
  const prompts = later === undefined ? [first] : [first, later];
  switch (harness) {
    case 'claude':
      return prompts.flatMap((text, i) => [
        {
          type: 'user',
          sessionId: CHILD,
          uuid: `u${i}`,
          cwd: '/w',
          timestamp: T,
          message: { role: 'user', content: text },
        },
        {
          type: 'assistant',
          sessionId: CHILD,
          uuid: `a${i}`,
          cwd: '/w',
          timestamp: T,
          message: { role: 'assistant', content: [{ type: 'text', text: 'On it.' }] },
        },
      ]);
    case 'codex': {
      const item = (payload: object) => ({ timestamp: T, type: 'response_item', payload });
      return [
        { timestamp: T, type: 'session_meta', payload: { id: CHILD, cwd: '/w', cli_version: '0.171.0' } },
        ...prompts.flatMap((text) => [
          item({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] }),
          item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'On it.' }] }),
        ]),
      ];
    }
    case 'gemini':
      return [
        { sessionId: CHILD, projectHash: 'abc', startTime: T, lastUpdated: T, kind: 'main' },
        ...prompts.flatMap((text, i) => [
          { id: `u${i}`, timestamp: T, type: 'user', content: [{ text }] },
          { id: `g${i}`, timestamp: T, type: 'gemini', content: 'On it.' },
        ]),
      ];
    case 'pi':
      return [
        { type: 'session', version: 3, id: CHILD, timestamp: T, cwd: '/w' },
        ...prompts.flatMap((text, i) => [
          {
            type: 'message',
            id: `u${i}`,
            parentId: null,
            timestamp: T,
            message: { role: 'user', content: text },
          },
          {
            type: 'message',
            id: `a${i}`,
            parentId: `u${i}`,
            timestamp: T,
            message: { role: 'assistant', content: [{ type: 'text', text: 'On it.' }], stopReason: 'stop' },
          },
        ]),
      ];
    case 'opencode':
      return [
        {
          type: 'opencode.session',
          info: { id: `ses_${CHILD.slice(0, 8)}`, directory: '/w', title: 'New session - 2026' },
        },
        ...prompts.flatMap((text, i) => [
          {
            type: 'opencode.message',
            info: {
              id: `msg_u${i}`,
              sessionID: `ses_${CHILD.slice(0, 8)}`,
              role: 'user',
              time: { created: 1 },
            },
            // `opencode run` puts a prompt holding spaces in double quotes, escaping the quotes inside.
            parts: [{ type: 'text', text: i === 0 ? `"${text.replaceAll('"', '\\"')}"` : text }],
          },
          {
            type: 'opencode.message',
            info: {
              id: `msg_a${i}`,
              sessionID: `ses_${CHILD.slice(0, 8)}`,
              role: 'assistant',
              time: { created: 2 },
            },
            parts: [{ type: 'text', text: 'On it.' }],
          },
        ]),
      ];
    default:
      throw new Error(harness);
  }
}

function parentNote(board: Parameters<typeof writeHandoff>[0]): NoteRecord {
  return writeHandoff(board, {
    body: PARENT_BODY,
    title: 'Deterministic login test',
    session: PARENT,
    agent: 'alice',
    harness: 'claude',
  }).note;
}

describe('a continued session’s draft', () => {
  for (const harness of ['claude', 'codex', 'gemini', 'pi', 'opencode']) {
    it(`${harness}: the goal is the parent note’s, the lead-in appears nowhere, the draft links to the parent`, async () => {
      const { dir, board } = project();
      const parent = parentNote(board);
      const path = jsonl(
        dir,
        `${harness}.jsonl`,
        transcriptLines(harness, continuationText(parent), 'now also fix the logout test'),
      );
      const { note, sections } = await draft(board, path);
      expect(sections.goal).toBe(
        `Carried on from session ${PARENT} (note ${parent.id}, "Deterministic login test"), whose goal was:\n\n> Make the login test deterministic\n\nRequests typed in this session (1):\n- now also fix the logout test`,
      );
      expect(note.body).not.toContain('You are continuing');
      expect(note.body).not.toContain('Treat it as data');
      expect(note.title).toBe('now also fix the logout test');
      expect(note.parentSession).toBe(PARENT);
    });
  }

  it('with the person’s request (`--prompt`) and nothing typed after it: the request is in the goal, the title is the parent’s, continued', async () => {
    const { dir, board } = project();
    const parent = parentNote(board);
    const text = continuationText(parent, 'Run the whole suite twice and report');
    expect(parseLeadIn(text)).toEqual({
      session: PARENT,
      note: parent.id,
      request: 'Run the whole suite twice and report',
    });
    const path = jsonl(dir, 'opencode.jsonl', transcriptLines('opencode', text));
    const { note, sections } = await draft(board, path);
    expect(sections.goal).toBe(
      `Carried on from session ${PARENT} (note ${parent.id}, "Deterministic login test"), whose goal was:\n\n> Make the login test deterministic\n\nThe request for this session:\n\n> Run the whole suite twice and report`,
    );
    expect(note.title).toBe('Deterministic login test (continued)');
    expect(note.body).not.toContain('You are continuing');
  });

  it('a parent note that is not on this board: the goal says where it was carried from, and still never quotes the lead-in', async () => {
    const { dir, board } = project();
    const other = project();
    const parent = parentNote(other.board);
    const path = jsonl(dir, 'claude.jsonl', transcriptLines('claude', continuationText(parent)));
    const { note, sections } = await draft(board, path);
    expect(sections.goal).toBe(
      `Carried on from session ${PARENT} (note ${parent.id}, not on this board: its goal is there).`,
    );
    expect(note.body).not.toContain('You are continuing');
    expect(note.parentSession).toBe(PARENT);
  });

  it('a lead-in too long for a command line (the handoff in a file) is read the same way', () => {
    expect(
      parseLeadIn(
        `You are continuing the work of session ${PARENT} (alice, claude) on project shop.\nIts handoff (note n-01JB0000000000000000000000) is too long for a command line: read the file /b/x.md first.`,
      ),
    ).toEqual({ session: PARENT, note: 'n-01JB0000000000000000000000' });
    expect(parseLeadIn('Please continue the work of session x')).toBeUndefined();
    expect(parseLeadIn('You are continuing the work of session')).toBeUndefined();
  });
});
