// A file of the board edited in place by hand (no rename: its folder's mtime does not change) shows in what the web
// server keeps between requests — the mail threads, a project's lineage — once the board watcher hears of it.
import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { writeHandoff } from '../../src/core/notes/write.js';
import type { MailJson, NoteDetail } from '../../src/web/api-types.js';
import { testdir } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';
import { serveWebApp } from '../helpers/web-app.js';

const SECTIONS = {
  goal: 'Goal.',
  done: 'Done.',
  state: 'State.',
  decisions: 'Decisions.',
  pitfalls: 'Pitfalls.',
  next: 'Next.',
};

async function serve(root: string) {
  const { url } = await serveWebApp(root, { person: 'bob', watcher: { settleMs: 5 } });
  return async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}${path}`);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
}

/** Rewrites `path` in place (the same inode: no new file in its folder), checking its folder kept its mtime. */
function editInPlace(path: string, edit: (text: string) => string): void {
  const folder = join(path, '..');
  const before = lstatSync(folder).mtimeMs;
  const inode = lstatSync(path).ino;
  const text = readFileSync(path, 'utf8');
  const edited = edit(text);
  expect(edited).not.toBe(text);
  writeFileSync(path, edited);
  expect(lstatSync(path).ino).toBe(inode);
  expect(lstatSync(folder).mtimeMs).toBe(before);
}

it('a message edited in place shows in the mail list', async () => {
  const dir = testdir();
  const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
  const sent = sendMessage(board, { as: 'alice', to: ['bob'], body: 'The build is red on main.' });
  const get = await serve(board.root);
  const first = await get<MailJson>('/api/mail');
  expect(first.threads.map((thread) => thread.preview)).toEqual(['The build is red on main.']);
  editInPlace(sent.sent[0]!.path, (text) => text.replace('red on main', 'green again'));
  await waitFor('the edit in the mail list', async () => {
    const now = await get<MailJson>('/api/mail');
    return now.threads[0]?.preview === 'The build is green again.';
  });
});

it("a note's title edited in place shows where its child names it as parent", async () => {
  const dir = testdir();
  let now = Date.now() - 60_000;
  const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, clock: () => (now += 1000) });
  const parent = writeHandoff(board, {
    session: 'sess-parent-01',
    title: 'Parent as written',
    agent: 'alice',
    harness: 'claude',
    sections: SECTIONS,
  });
  const child = writeHandoff(board, {
    session: 'sess-child-02',
    parentSession: 'sess-parent-01',
    title: 'Child',
    agent: 'alice',
    harness: 'claude',
    sections: SECTIONS,
  });
  const get = await serve(board.root);
  const first = await get<NoteDetail>(`/api/notes/${child.note.id}`);
  expect(first.parent).toEqual({ id: parent.note.id, title: 'Parent as written' });
  editInPlace(parent.path, (text) => text.replace('title: Parent as written', 'title: Parent as edited'));
  await waitFor('the edited title in the child', async () => {
    const detail = await get<NoteDetail>(`/api/notes/${child.note.id}`);
    return detail.parent?.title === 'Parent as edited';
  });
});
