// Message ids as people type them: any unique prefix works for thread, send --reply, inbox --after, redeliver —
// what each command prints for them, in process (the prefix rules themselves: test/core/contract/messaging.test.ts).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { snapshot, testdir } from '../helpers/testdir.js';

function board() {
  const dir = testdir();
  const root = join(dir, '.baton');
  const run = (args: string[]) => cli(args, { cwd: dir, env: { BATON_DIR: root } });
  const send = async (args: string[]) => {
    const result = await run(['send', ...args, '--json']);
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout).sent.map((s: { id: string }) => s.id) as string[];
  };
  return { dir, root, run, send };
}

// The shortest start of `id` that no other id shares.
function uniquePrefix(id: string, others: string[]): string {
  let length = 3;
  while (others.some((other) => other !== id && other.startsWith(id.slice(0, length)))) length++;
  return id.slice(0, length);
}

describe('message id prefixes', () => {
  it('thread, send --reply and inbox --after take a unique prefix, with or without m-, in any case', async () => {
    const { run, send } = board();
    const [first] = await send(['--as', 'alice', '--to', 'bob', '--body', 'question']);
    const [second] = await send(['--as', 'alice', '--to', 'bob', '--body', 'another']);
    const prefix = uniquePrefix(first!, [second!]);
    const bare = prefix.slice(2).toLowerCase();
    const [reply] = await send(['--as', 'bob', '--to', 'alice', '--reply', bare, '--body', 'answer']);
    const thread = JSON.parse((await run(['thread', prefix, '--json'])).stdout).messages;
    expect(thread.map((m: { id: string; replyTo?: string }) => [m.id, m.replyTo])).toEqual([
      [first, undefined],
      [reply, first],
    ]);
    expect((await run(['thread', bare])).stdout).toContain('answer');
    const after = JSON.parse((await run(['inbox', '--as', 'bob', '--after', `M-${bare}`, '--json'])).stdout);
    expect(after.messages.map((m: { id: string }) => m.id)).toEqual([second]);
    expect((await run(['redeliver', '--as', 'bob', '--after', prefix])).stdout).toBe(
      'queued 0 message(s) for bob\n',
    );
  });

  it('a prefix that matches only the copies of one fan-out is that message; --reply picks the replier’s copy', async () => {
    const { run, send } = board();
    const copies = await send(['--as', 'alice', '--to', 'bob,carol', '--body', 'standup?']);
    // The copies share their time part (the first 12 characters): the time alone matches both.
    const shared = copies[0]!.slice(0, 12);
    expect(copies[1]!.startsWith(shared)).toBe(true);
    const thread = await run(['thread', shared]);
    expect(thread.code).toBe(0);
    expect(thread.stdout).toContain('alice → bob, carol');
    const [reply] = await send(['--as', 'carol', '--to', 'alice', '--reply', shared, '--body', 'yes']);
    const replied = JSON.parse((await run(['thread', reply!, '--json'])).stdout).messages;
    expect(replied.find((m: { id: string }) => m.id === reply).replyTo).toBe(copies[1]);
  });

  it('an ambiguous prefix lists the candidates; nothing is written', async () => {
    const { root, run, send } = board();
    const [a] = await send(['--as', 'alice', '--to', 'bob', '--body', 'one']);
    const [b] = await send(['--as', 'carol', '--to', 'dave', '--body', 'two']);
    let common = 2;
    while (a![common] === b![common]) common++;
    const prefix = a!.slice(0, common);
    const before = snapshot(root);
    const expected = {
      code: 1,
      stdout: '',
      stderr: `baton: message id ${prefix} is ambiguous: it matches 2 messages: ${a} (alice → bob), ${b} (carol → dave) — give more of the id\n`,
    };
    expect(await run(['thread', prefix])).toEqual(expected);
    expect(await run(['send', '--as', 'bob', '--to', 'alice', '--reply', prefix, '--body', 'x'])).toEqual(
      expected,
    );
    expect(await run(['inbox', '--all', '--after', prefix])).toEqual(expected);
    expect(snapshot(root)).toEqual(before);
  });

  it('no match says so and names `baton inbox`; a card id says it is a card; nothing is written', async () => {
    const { root, run, send } = board();
    await send(['--as', 'alice', '--to', 'bob', '--body', 'one']);
    const card = JSON.parse((await run(['card', 'new', 'A card', '--json'])).stdout).card.id as string;
    const before = snapshot(root);
    const none = {
      code: 1,
      stdout: '',
      stderr: `baton: no message m-0000 on ${root} — see \`baton inbox\` for ids\n`,
    };
    expect(await run(['thread', 'm-0000'])).toEqual(none);
    expect(await run(['send', '--as', 'bob', '--to', 'alice', '--reply', '0000', '--body', 'x'])).toEqual(
      none,
    );
    expect(await run(['inbox', '--as', 'bob', '--after', 'm-0000'])).toEqual(none);
    expect(await run(['thread', card])).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: ${card} is a card, not a message — use \`baton card read ${card}\`\n`,
    });
    expect(snapshot(root)).toEqual(before);
  });

  it('a full id that is not on the board is not found', async () => {
    const { root, run, send } = board();
    await send(['--as', 'alice', '--to', 'bob', '--body', 'one']);
    expect(await run(['thread', 'm-01M8P1ZDQDQA0HSZZ7R976HZ20'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: no message m-01M8P1ZDQDQA0HSZZ7R976HZ20 on ${root} — see \`baton inbox\` for ids\n`,
    });
  });
});
