// write_result over an in-process client ↔ server pair: listed only in the notes profile (a write, opt-in), the
// note it writes, the delegating session as parent, and bad input refused with nothing written.
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { listNotes } from '../../src/core/notes/read.js';
import { DISABLED_MESSAGE } from '../../src/mcp/tools/register.js';
import { filesUnder, testdir } from '../helpers/testdir.js';
import { boardIn, call, connect, textOf } from './helpers.js';

const DELIVERABLE = '# Login audit\n\nTwo endpoints skip the CSRF check.\n';

async function notesClient(dir: string, env: Record<string, string> = {}) {
  return connect({ board: boardIn(dir, env), agent: 'alice', profile: 'notes' });
}

function notes(dir: string) {
  return listNotes(openBoard(boardIn(dir))).notes;
}

describe('write_result', () => {
  it('is listed in the notes profile only, not by default', async () => {
    const dir = testdir();
    const listed = async (profile: 'default' | 'notes' | 'full') =>
      (await (await connect({ board: boardIn(dir), agent: 'alice', profile })).listTools()).tools.map(
        (tool) => tool.name,
      );
    expect(await listed('default')).not.toContain('write_result');
    expect(await listed('notes')).toContain('write_result');
    expect(await listed('full')).toContain('write_result');
  });

  it('writes a result note with the full body and the summary', async () => {
    const dir = testdir();
    const client = await notesClient(dir);
    const result = await call(client, 'write_result', {
      body: DELIVERABLE,
      title: 'Login audit',
      status: 'ok',
      conclusion: 'Two endpoints skip the check.',
      facts: ['POST /login', 'POST /logout'],
      artifacts: ['docs/audit.md'],
      task: 'Audit the login flow',
      parent_session: 'sess-parent1',
    });
    expect(result.isError).toBeFalsy();
    const [note] = notes(dir);
    expect(textOf(result).split('\n')[0]).toBe(`wrote result ${note?.id} as alice`);
    expect(note).toMatchObject({
      kind: 'result',
      title: 'Login audit',
      status: 'ok',
      conclusion: 'Two endpoints skip the check.',
      facts: ['POST /login', 'POST /logout'],
      artifacts: ['docs/audit.md'],
      task: 'Audit the login flow',
      parentSession: 'sess-parent1',
      agent: 'alice',
      body: DELIVERABLE,
    });
  });

  it('a server without an identity writes as the delegating session would (else you)', async () => {
    const dir = testdir();
    const client = await connect({ board: boardIn(dir), profile: 'notes' });
    const result = await call(client, 'write_result', { body: DELIVERABLE });
    expect(result.isError).toBeFalsy();
    const [note] = notes(dir);
    expect(textOf(result).split('\n')[0]).toBe(`wrote result ${note?.id} as you`);
    expect(note).toMatchObject({ agent: 'you', parentSession: '', title: 'Login audit' });
  });

  it.each([
    [
      'an empty body',
      { body: '  ' },
      'empty result — nothing was written: give the full deliverable on stdin or with --file (an abandoned delegation writes no note)',
    ],
    [
      'status degraded',
      { body: DELIVERABLE, status: 'degraded' },
      'invalid arguments for write_result: "status" must be ok or error — write_result takes body, title?, status?, conclusion?, facts?, artifacts?, task?, parent_session?',
    ],
    [
      'a long fact',
      { body: DELIVERABLE, facts: ['f'.repeat(301)] },
      `fact too long: 301 characters (at most 300) — "${'f'.repeat(40)}…"; put the detail in the body. Nothing was written`,
    ],
  ])('refuses %s with the exact error and writes nothing', async (_what, args, message) => {
    const dir = testdir();
    const client = await notesClient(dir);
    const result = await call(client, 'write_result', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(message);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('answers disabled under BATON_DISABLE and writes nothing', async () => {
    const dir = testdir();
    const client = await notesClient(dir, { BATON_DISABLE: '1' });
    const result = await call(client, 'write_result', { body: DELIVERABLE });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(DISABLED_MESSAGE);
    expect(filesUnder(dir)).toEqual([]);
  });
});
