// Crash safety: `baton send` killed with SIGKILL at any moment leaves no torn or half-visible message.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseBoard } from '../../src/core/board/doctor.js';
import { openBoard } from '../../src/core/board/open-board.js';
import { listMessages } from '../../src/core/messages/read.js';
import { spawnTracked } from '../helpers/processes.js';
import { BIN, cleanEnv, filesUnder, testdir } from '../helpers/testdir.js';

const KILLS = 200;
const PARALLEL = 4;

function sendAndKill(
  env: Record<string, string>,
  cwd: string,
  body: string,
  delayMs: number,
): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawnTracked(
      process.execPath,
      [BIN, 'send', '--as', 'alice', '--to', 'bob,carol,dave', '--body', body],
      {
        cwd,
        env: cleanEnv(env),
        stdio: 'ignore',
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe('send under SIGKILL', () => {
  it(`${KILLS} kills at spread-out moments leave only whole messages`, async () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, '.baton') };
    const bodyOf = (i: number) => `payload ${i} ${'x'.repeat(7000)}`;
    // Calibrate: how long does a whole send take under this load? Kills are then spread over its lifetime.
    const durations = await Promise.all(
      Array.from({ length: PARALLEL }, (_, k) => sendAndKill(env, dir, bodyOf(KILLS + k), 60_000)),
    );
    const full = Math.max(...durations);
    let next = 0;
    const worker = async () => {
      while (next < KILLS) {
        const i = next++;
        await sendAndKill(env, dir, bodyOf(i), Math.round(full * (0.3 + (0.9 * (i % 50)) / 50)));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));

    const board = openBoard({ board: env.BATON_DIR, cwd: dir, env: {} });
    const { messages, problems } = listMessages(board, { limit: 0 });
    expect(problems).toEqual([]);
    for (const message of messages) {
      const i = Number(/^payload (\d+) /.exec(message.body)?.[1]);
      expect(message.body).toBe(`${bodyOf(i)}\n`);
    }
    const files = filesUnder(join(env.BATON_DIR, 'messages'));
    const records = files.filter((f) => f.endsWith('.md'));
    expect(records).toHaveLength(messages.length);
    expect(diagnoseBoard(board).problems).toEqual([]);
    // Unread lists only whole messages, though a kill may leave a queue marker without its message.
    for (const agent of ['bob', 'carol', 'dave']) {
      for (const m of listMessages(board, { agent, unread: true, limit: 0 }).messages)
        expect(m.to).toBe(agent);
    }
    const survivors = messages.filter((m) => Number(/^payload (\d+) /.exec(m.body)?.[1]) < KILLS).length;
    expect(survivors).toBeGreaterThan(0);
    console.log(
      `send kill test: ${KILLS} sends killed (whole send ≈ ${full} ms), ${survivors} whole copies written before the kill, 0 torn`,
    );
  });
});
