import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAgents, registerAgent } from '../../../src/core/agents/registry.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { bindSession } from '../../../src/core/sessions/session.js';
import { snapshot, testdir } from '../../helpers/testdir.js';

describe('listAgents', () => {
  it('knows registered agents, recipients and senders, with unread counts and when they last acted', () => {
    const dir = testdir();
    let now = Date.parse('2026-11-30T10:00:00.000Z');
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, clock: () => now });
    registerAgent(board, 'carol');
    now += 60_000;
    sendMessage(board, { from: 'you', to: ['alice', 'bob'], body: 'standup' });
    pollMessages(board, 'bob').acknowledge();
    const { agents, problems } = listAgents(board);
    expect(problems).toEqual([]);
    expect(agents.map((a) => [a.name, a.registered, a.unread, a.lastSeen])).toEqual([
      ['alice', false, 1, undefined],
      ['bob', false, 0, undefined],
      ['carol', true, 0, '2026-11-30T10:00:00.000Z'],
      ['you', false, 0, '2026-11-30T10:01:00.000Z'],
    ]);
  });
});

describe('hand-edited registry records', () => {
  it('a record with the wrong types is reported and skipped by agents, and refused by register with nothing written', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    registerAgent(board, 'carol');
    const zed = join(board.root, 'agents', 'zed.json');
    writeFileSync(zed, JSON.stringify({ name: 'zed', firstSeen: 'x', lastSeen: 5, sessions: 7 }));
    const { agents, problems } = listAgents(board);
    expect(agents.map((a) => a.name)).toEqual(['carol']);
    expect(problems).toEqual([
      { path: zed, reason: 'not a valid record: it "lastSeen" is not text (skipped)' },
    ]);
    const before = snapshot(dir);
    expect(() => registerAgent(board, 'zed', 'sess-1')).toThrow(
      `${zed}: not a valid record: it "lastSeen" is not text — fix or remove it, then register again; nothing was written`,
    );
    expect(() => bindSession(board, 'zed')).toThrow(
      'fix or remove it, then register again; nothing was written',
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('a record naming another agent, or a folder, a FIFO or a link in its place, is skipped and reported', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    registerAgent(board, 'carol');
    const agentsDir = join(board.root, 'agents');
    writeFileSync(
      join(agentsDir, 'mallory.json'),
      JSON.stringify({ name: 'carol', firstSeen: 'a', lastSeen: 'b', sessions: [] }),
    );
    mkdirSync(join(agentsDir, 'dir.json'));
    symlinkSync('/etc/hostname', join(agentsDir, 'link.json'));
    spawnSync('mkfifo', [join(agentsDir, 'fifo.json')]);
    const { agents, problems } = listAgents(board);
    expect(agents.map((a) => a.name)).toEqual(['carol']);
    expect(Object.fromEntries(problems.map((p) => [p.path.slice(agentsDir.length + 1), p.reason]))).toEqual({
      'mallory.json': 'a record of "carol", not mallory (skipped)',
      'dir.json': 'is not a regular file (skipped)',
      'link.json': 'is a symlink (not followed: baton follows no link inside the board) (skipped)',
      'fifo.json': 'is not a regular file (skipped)',
    });
  });
});
