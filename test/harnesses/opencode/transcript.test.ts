// opencode sessions as baton's plugin writes them (one `opencode.session` line, one `opencode.message` line per
// message, shaped as `opencode export` prints them; the shapes below are copied from opencode 1.18.33's export of a
// real run): prompts without baton's synthetic parts, tool calls by their final state, the title opencode made.
import { describe, expect, it } from 'vitest';
import { KNOWN_FORMATS } from '../../../src/core/transcripts/read-transcript.js';
import { draft, jsonl, project } from '../../core/transcripts/helpers.js';

const SESSION = 'ses_dca1e2590ffeNJ4zWvBsZxCrts';
const CWD = '/home/dev/shop';
const T0 = 1796200323695;

const info = (id: string, role: 'user' | 'assistant', extra: Record<string, unknown> = {}) => ({
  id,
  sessionID: SESSION,
  role,
  time: { created: T0 + Number(id.slice(-2)) * 1000 },
  ...(role === 'assistant'
    ? { path: { cwd: CWD, root: '/' }, modelID: 'scripted-model', providerID: 'scripted', mode: 'build' }
    : { agent: 'build' }),
  ...extra,
});
const part = (message: string, n: number, fields: Record<string, unknown>) => ({
  id: `prt_${message}_${n}`,
  sessionID: SESSION,
  messageID: message,
  ...fields,
});
const tool = (message: string, n: number, name: string, state: Record<string, unknown>) =>
  part(message, n, { type: 'tool', tool: name, callID: `call_${message}_${n}`, state });

const sessionLine = {
  type: 'opencode.session',
  info: {
    id: SESSION,
    slug: 'nimble-engine',
    projectID: 'global',
    directory: CWD,
    title: 'Fix the flaky login test',
    version: '1.18.33',
    time: { created: T0, updated: T0 + 60_000 },
  },
};

describe('opencode sessions (baton plugin JSONL)', () => {
  it('drafts the prompt the person typed, commands with their exit codes, files written, the last reply', async () => {
    const { dir, board } = project();
    const path = jsonl(dir, `${SESSION}.jsonl`, [
      sessionLine,
      {
        type: 'opencode.message',
        info: info('msg_u01', 'user'),
        parts: [
          part('msg_u01', 1, { type: 'text', text: 'The login test flakes; find out why and fix it' }),
          // baton's own context (the index, mail) rides as a synthetic part: never the person's words.
          part('msg_u01', 2, {
            type: 'text',
            synthetic: true,
            text: '<baton-index board="/x">\nSome card\n</baton-index>',
          }),
        ],
      },
      {
        type: 'opencode.message',
        info: info('msg_a02', 'assistant', { finish: 'tool-calls' }),
        parts: [
          part('msg_a02', 1, { type: 'step-start' }),
          part('msg_a02', 2, { type: 'reasoning', text: 'thinking about clocks' }),
          tool('msg_a02', 3, 'bash', {
            status: 'completed',
            input: { command: 'npm test', description: 'run tests' },
            output: 'FAIL test/login.spec.ts\nTests  1 failed | 15 passed (16)\n',
            metadata: { exit: 1, truncated: false },
            title: 'npm test',
          }),
          tool('msg_a02', 4, 'write', {
            status: 'completed',
            input: { filePath: `${CWD}/test/clock.ts`, content: 'export const frozen = 1;\n' },
            output: 'Wrote file successfully.',
          }),
          tool('msg_a02', 5, 'edit', {
            status: 'completed',
            input: { filePath: `${CWD}/test/login.spec.ts`, oldString: 'a', newString: 'b' },
            output: '',
          }),
          tool('msg_a02', 6, 'apply_patch', {
            status: 'completed',
            input: { patchText: '*** Begin Patch\n*** Add File: src/new.ts\n+x\n*** End Patch' },
            output: 'Done',
          }),
          tool('msg_a02', 7, 'read', {
            status: 'error',
            input: { filePath: `${CWD}/missing.ts` },
            error: 'File not found: /home/dev/shop/missing.ts',
          }),
          tool('msg_a02', 8, 'todowrite', {
            status: 'completed',
            input: {
              todos: [
                { content: 'Freeze the clock', status: 'completed', id: '1' },
                { content: 'Run the suite twice', status: 'in_progress', id: '2' },
              ],
            },
            output: '',
          }),
          part('msg_a02', 9, { type: 'step-finish', reason: 'tool-calls' }),
        ],
      },
      {
        type: 'opencode.message',
        info: info('msg_u03', 'user'),
        parts: [part('msg_u03', 1, { type: 'text', text: 'and run it again' })],
      },
      {
        type: 'opencode.message',
        info: info('msg_a04', 'assistant', { finish: 'stop' }),
        parts: [
          tool('msg_a04', 1, 'bash', {
            status: 'completed',
            input: { command: 'npm test' },
            output: 'Tests  16 passed (16)\n',
            metadata: { exit: 0 },
          }),
          part('msg_a04', 2, {
            type: 'text',
            text: 'The clock is frozen per test now.\n\nNext steps:\n- run the suite in CI',
          }),
        ],
      },
    ]);
    const { note, sections, digest } = await draft(board, path);
    expect(digest.harness).toBe('opencode');
    expect(note.harness).toBe('opencode');
    expect(note.session).toBe(SESSION);
    expect(note.title).toBe('Fix the flaky login test');
    expect(sections.goal).toBe(
      'The first request in the session:\n\n> The login test flakes; find out why and fix it\n\nLater requests (1):\n- and run it again',
    );
    expect(note.body).not.toContain('baton-index');
    expect(sections.done).toContain('- `test/clock.ts` — written');
    expect(sections.done).toContain('- `test/login.spec.ts` — edited');
    expect(sections.done).toContain('- `src/new.ts` — created');
    expect(sections.done).toContain('Commands run (2, 1 failed):');
    expect(sections.done).toContain('- `npm test` — exit 1 · Tests 1 failed | 15 passed (16)');
    expect(sections.done).toContain('- `npm test` — exit 0 · Tests 16 passed (16)');
    expect(sections.pitfalls).toContain('- read `/home/dev/shop/missing.ts` — File not found');
    expect(sections.state).toContain('> The clock is frozen per test now.');
    expect(sections.state).toContain(
      `Source: a opencode transcript (opencode 1.18.33), session ${SESSION}, folder ${CWD}`,
    );
    expect(sections.next).toContain('- [in_progress] Run the suite twice');
    expect(sections.next).toContain('- run the suite in CI');
    expect(digest.unknownLines).toBe(0);
    expect(KNOWN_FORMATS).toContain('opencode');
  });

  it('an aborted reply and a model error are told apart; a summary message is not a reply', async () => {
    const { dir, board } = project();
    const path = jsonl(dir, 'aborted.jsonl', [
      {
        type: 'opencode.message',
        info: info('msg_u01', 'user'),
        parts: [part('msg_u01', 1, { type: 'text', text: 'Summarise the repo' })],
      },
      {
        type: 'opencode.message',
        info: info('msg_a02', 'assistant', {
          error: { name: 'APIError', data: { message: 'upstream 500: overloaded', isRetryable: false } },
        }),
        parts: [],
      },
      {
        type: 'opencode.message',
        info: info('msg_a03', 'assistant', { summary: true }),
        parts: [part('msg_a03', 1, { type: 'text', text: 'A compaction summary' })],
      },
      {
        type: 'opencode.message',
        info: info('msg_a04', 'assistant', { error: { name: 'MessageAbortedError', data: {} } }),
        parts: [part('msg_a04', 1, { type: 'text', text: 'Half a reply' })],
      },
    ]);
    const { note, sections } = await draft(board, path);
    // No session line: the session id comes from the messages, the title from the first prompt.
    expect(note.session).toBe(SESSION);
    expect(note.title).toBe('Summarise the repo');
    expect(sections.pitfalls).toContain('- model — upstream 500: overloaded');
    expect(sections.state).toContain('> Half a reply');
    expect(sections.state).not.toContain('compaction summary');
    expect(sections.state).toContain('The session ended as its last reply was aborted.');
  });
});
