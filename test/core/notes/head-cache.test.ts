// The front-matter cache behind the timeline: derived, checked against each note file, never believed blindly.
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { headCachePath } from '../../../src/core/notes/head-cache.js';
import { listNotes } from '../../../src/core/notes/read.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
import { testdir } from '../../helpers/testdir.js';
import { bodyWithGoal } from './bodies.js';

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
  const notes = ['one', 'two', 'three'].map((goal) => writeHandoff(board, { body: bodyWithGoal(goal) }).note);
  return { board, notes, key: notes[0]!.projectKey };
}

const titles = (board: ReturnType<typeof setup>['board']) =>
  listNotes(board, { frontMatterOnly: true }).notes.map((note) => note.title);

describe('the front-matter cache', () => {
  it('is written by the first listing and gives the same notes as the files', () => {
    const { board, key } = setup();
    expect(titles(board)).toEqual(['one', 'two', 'three']);
    const cache = headCachePath(board, key);
    expect(JSON.parse(readFileSync(cache, 'utf8')).entries).toHaveLength(3);
    const full = listNotes(board).notes.map(({ body: _b, path: _p, ...rest }) => rest.title);
    expect(titles(board)).toEqual(full);
  });

  it('sees a note edited in place at once, even at the same size, and a removed note', () => {
    const { board, notes } = setup();
    titles(board);
    const path = notes[1]!.path;
    const text = readFileSync(path, 'utf8');
    const before = statSync(path);
    writeFileSync(path, text.replace('title: two', 'title: TWO'));
    // Same size; a different mtime tells the cache the file changed.
    utimesSync(path, before.atime, new Date(before.mtimeMs + 5000));
    expect(titles(board)).toEqual(['one', 'TWO', 'three']);
    rmSync(notes[0]!.path);
    expect(titles(board)).toEqual(['TWO', 'three']);
  });

  it('a hand-edited, foreign or corrupt cache is ignored and rebuilt, never believed', () => {
    const { board, notes, key } = setup();
    titles(board);
    const cache = headCachePath(board, key);
    const stored = JSON.parse(readFileSync(cache, 'utf8'));
    // A cache that lies about a note (its stamp still matches): its entry is used only if it is well formed.
    stored.entries[0][11] = 42;
    stored.entries[1][5] = 'evil-kind';
    writeFileSync(cache, JSON.stringify(stored));
    expect(titles(board)).toEqual(['one', 'two', 'three']);
    for (const junk of ['{', '[]', '{"version":9,"entries":[]}', '\u0000\u00ff']) {
      writeFileSync(cache, junk);
      expect(titles(board)).toEqual(['one', 'two', 'three']);
    }
    expect(notes).toHaveLength(3);
  });

  it('deleting it loses nothing', () => {
    const { board, key } = setup();
    titles(board);
    rmSync(headCachePath(board, key));
    expect(titles(board)).toEqual(['one', 'two', 'three']);
  });
});
