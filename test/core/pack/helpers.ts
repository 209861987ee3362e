// Test helpers for context packs: a project (a git checkout named `shop`) with its board and a fake clock, and
// notes, cards and messages written through the core as the CLI would write them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Board, ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../../src/core/cards/index.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import type { NoteRecord } from '../../../src/core/notes/note.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { testdir } from '../../helpers/testdir.js';
import { fakeClock } from '../cards/helpers.js';
import { BODY } from '../notes/bodies.js';

export interface PackBoard {
  dir: string;
  project: string;
  board: Board;
  /** The project's key (`shop-<hash of its path>`: it has no remote). */
  key: string;
  note(fields?: NoteFields): NoteRecord;
  card(title: string, entries: string[]): string;
  message(from: string, to: string, body: string, subject?: string): string;
}

export interface NoteFields {
  agent?: string;
  title?: string;
  conclusion?: string;
  facts?: string[];
  files?: string[];
  /** Replaces the Done section's text: a long body. */
  done?: string;
  /** Write it from another checkout of this name (another project on the same board). */
  from?: string;
}

/** A checkout `<tmp>/<name>` with a `.git` folder and no remote: its project key is `<name>-<hash>`. */
export function checkout(dir: string, name: string): string {
  const root = join(dir, name);
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  return root;
}

export function packBoard(): PackBoard {
  const dir = testdir();
  const project = checkout(dir, 'shop');
  const clock = fakeClock();
  const open = (cwd: string) =>
    openBoard({ board: join(project, '.baton'), cwd, env: {}, home: join(dir, 'home'), clock });
  const board = open(project);
  ensureBoard(board);
  let sessions = 0;
  return {
    dir,
    project,
    board,
    key: projectKeyOf(project),
    note(fields = {}) {
      clock.advance(1000);
      const at = fields.from ? open(checkout(dir, fields.from)) : board;
      return writeHandoff(at, {
        body: fields.done === undefined ? BODY : BODY.replace('Froze time per test.', fields.done),
        agent: fields.agent ?? 'carol',
        title: fields.title,
        conclusion: fields.conclusion,
        facts: fields.facts,
        files: fields.files,
        session: `sess-${++sessions}`,
        harness: 'claude',
      }).note;
    },
    card(title, entries) {
      clock.advance(1000);
      const { card } = createCard(board, { title, by: 'you' });
      for (const body of entries) {
        clock.advance(1000);
        appendEntry(board, card.id, { type: 'finding', author: 'carol', body });
      }
      return card.id;
    },
    message(from, to, body, subject) {
      clock.advance(1000);
      return sendMessage(board, { from, to, body, subject }).sent[0]!.id;
    },
  };
}
