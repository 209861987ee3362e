// `card del` / `card clean` ask through the io they are given: y deletes, anything else keeps, and an io with no
// terminal to ask on (a pipe, a remote client) refuses without --yes — whatever the process's own stdin is.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { ensureBoard, openBoard } from '../../src/core/board/open-board.js';
import { createCard } from '../../src/core/cards/create.js';
import { cleanEnv, testdir } from '../helpers/testdir.js';

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: '/nonexistent-home' });
  ensureBoard(board);
  const { card } = createCard(board, { title: 'Flaky login test', by: 'you' });
  return { dir, card };
}

async function run(dir: string, args: string[], ask?: (question: string) => Promise<string>) {
  let stderr = '';
  const asked: string[] = [];
  const io: CliIO = {
    env: cleanEnv(),
    cwd: dir,
    out: () => {},
    err: (text) => {
      stderr += text;
    },
    readStdin: async () => '',
    ask:
      ask &&
      ((question) => {
        asked.push(question);
        return ask(question);
      }),
  };
  const code = await main(args, io);
  return { code, stderr, asked };
}

describe('confirming a deletion', () => {
  it('y deletes, n keeps (exit 1, “not deleted”); the question names the card', async () => {
    const { dir, card } = setup();
    const kept = await run(dir, ['card', 'del', card.id], async () => 'n');
    expect({ code: kept.code, stderr: kept.stderr }).toEqual({ code: 1, stderr: 'not deleted\n' });
    expect(kept.asked).toEqual([`delete card ${card.id} (${card.path})? [y/N] `]);
    expect(existsSync(card.path)).toBe(true);
    const deleted = await run(dir, ['card', 'del', card.id], async () => 'yes');
    expect(deleted.code).toBe(0);
    expect(existsSync(card.path)).toBe(false);
  });

  it('no terminal to ask on: refused with what to do, nothing deleted; --yes goes ahead', async () => {
    const { dir, card } = setup();
    const refused = await run(dir, ['card', 'del', card.id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/no terminal to confirm on; pass --yes\n$/);
    expect(existsSync(card.path)).toBe(true);
    expect((await run(dir, ['card', 'del', card.id, '--yes'])).code).toBe(0);
    expect(existsSync(card.path)).toBe(false);
  });
});
