// Spawn tests of the built binary: delivery you can see, as the sender reads it — `send` names a recipient with no
// live session at once, `inbox --sent` and `thread` say whether each message was delivered (by which session, when) or
// still waits, after `poll` and `listen` took it; a corrupt receipt is no receipt; a bad flag mix writes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAgent } from '../../src/core/agents/registry.js';
import { openBoard } from '../../src/core/board/open-board.js';
import { receiptPath } from '../../src/core/messages/receipt.js';
import { writeSession } from '../../src/core/sessions/session.js';
import { baton, filesUnder, snapshot, testdir } from '../helpers/testdir.js';

const SESSION = '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f';
const CLOCK = /\d\d:\d\d:\d\dZ/.source;

function setup() {
  const dir = testdir();
  const root = join(dir, '.baton');
  const env = { BATON_DIR: root };
  const run = (args: string[], extra: Record<string, string> = {}) =>
    baton(args, { cwd: dir, env: { ...env, ...extra } });
  const board = () => openBoard({ board: root, cwd: dir, env: {} });
  return { dir, root, run, board };
}

/** Bob with a session that is live while this test runs (its pid is the test runner's). */
function liveBob(board: ReturnType<ReturnType<typeof setup>['board']>) {
  const now = new Date().toISOString();
  writeSession(board, {
    id: SESSION,
    harness: 'claude',
    agent: 'bob',
    cwd: '/p',
    projectKey: 'p',
    parentSession: '',
    startedAt: now,
    lastSeen: now,
    pid: process.pid,
  });
  registerAgent(board, 'bob', SESSION);
}

const idOf = (stdout: string) => /sent (m-[0-9A-Z]{26}) to/.exec(stdout)?.[1] ?? '';

describe('delivery you can see', () => {
  it('send says at once that bob has no live session, with when he was last seen', () => {
    const s = setup();
    s.run(['init']);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000 - 60_000).toISOString();
    mkdirSync(join(s.root, 'agents'), { recursive: true });
    writeFileSync(
      join(s.root, 'agents', 'bob.json'),
      JSON.stringify({ name: 'bob', firstSeen: twoDaysAgo, lastSeen: twoDaysAgo, sessions: [] }),
    );
    const sent = s.run(['send', '--as', 'alice', '--to', 'bob,carol', '--body', 'standup']);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/^sent m-\S+ to bob\nsent m-\S+ to carol\n$/);
    expect(sent.stderr).toBe(
      'waiting — bob has no live session (last seen 2 d ago)\n' +
        'waiting — carol has no live session (never seen on this board)\n' +
        `[board ${s.root}]\n`,
    );
  });

  it('send to a recipient with a live session says nothing more; --json tells either way', () => {
    const s = setup();
    s.run(['init']);
    liveBob(s.board());
    const sent = s.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'hi']);
    expect(sent.stderr).toBe(`[board ${s.root}]\n`);
    const json = JSON.parse(
      s.run(['send', '--as', 'alice', '--to', 'bob,carol', '--body', 'x', '--json']).stdout,
    );
    expect(json.sent.map((x: Record<string, unknown>) => [x.to, x.live, x.liveSession])).toEqual([
      ['bob', true, SESSION],
      ['carol', false, undefined],
    ]);
  });

  it('inbox --sent and thread: waiting, then delivered to the session poll ran in, with the time', () => {
    const s = setup();
    s.run(['init']);
    liveBob(s.board());
    const id = idOf(s.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'code word?']).stdout);
    const waiting = s.run(['inbox', '--sent', '--as', 'alice']);
    expect(waiting).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(
          `^${id}  \\S+ \\S+  alice → bob\\n  waiting — queued for bob's live session 3f2a9c\\n  │ code word\\?\\n$`,
        ),
      ),
      stderr: '',
    });
    const polled = s.run(['poll', '--as', 'bob'], { BATON_SESSION: SESSION });
    expect(polled.stdout).toContain('code word?');
    const reply = s.run(['send', '--as', 'bob', '--to', 'alice', '--reply', id, '--body', 'swordfish']);
    expect(reply.code).toBe(0);
    const thread = s.run(['thread', id]);
    expect(thread.code).toBe(0);
    const lines = thread.stdout.split('\n').filter((line) => /^ {2}(delivered|waiting)/.test(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^  delivered to bob \\(session 3f2a9c\\) ${CLOCK}$`));
    expect(lines[1]).toBe('  waiting — alice has no live session (last seen just now)');
    const json = JSON.parse(s.run(['thread', id, '--json']).stdout);
    expect(json.messages[0].delivery).toMatchObject({
      id,
      to: 'bob',
      state: 'delivered',
      agent: 'bob',
      session: SESSION,
      sessionTag: '3f2a9c',
      harness: 'claude',
      via: 'poll',
    });
    expect(json.messages[1].delivery).toMatchObject({ to: 'alice', state: 'waiting' });
  });

  it('listen in a terminal with no session: delivered by baton listen, no session', () => {
    const s = setup();
    s.run(['init']);
    const id = idOf(s.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'ping']).stdout);
    const listened = s.run(['listen', '--as', 'bob', '--timeout', '300']);
    expect(listened.stdout).toContain('ping');
    const sent = s.run(['inbox', '--sent', '--as', 'alice', '--json']);
    expect(
      JSON.parse(sent.stdout).messages.map((m: { id: string; delivery: { text: string } }) => m.id),
    ).toEqual([id]);
    expect(JSON.parse(sent.stdout).messages[0].delivery.text).toMatch(
      new RegExp(`^delivered to bob \\(baton listen, no session\\) ${CLOCK}$`),
    );
  });

  it('inbox --sent lists only what the agent sent, a fan-out once with a line per recipient', () => {
    const s = setup();
    s.run(['init']);
    s.run(['send', '--as', 'alice', '--to', 'bob,carol', '--body', 'fan']);
    s.run(['send', '--as', 'dave', '--to', 'bob', '--body', 'not alice']);
    s.run(['poll', '--as', 'carol']);
    const out = s.run(['inbox', '--sent', '--as', 'alice']).stdout;
    expect(out).not.toContain('not alice');
    expect(out.split('\n').slice(1, 3)).toEqual([
      '  waiting — bob has no live session (never seen on this board)',
      expect.stringMatching(new RegExp(`^  delivered to carol \\(baton poll, no session\\) ${CLOCK}$`)),
    ]);
    expect(s.run(['inbox', '--sent', '--as', 'erin'])).toEqual({
      code: 0,
      stdout: 'no messages sent by erin\n',
      stderr: '',
    });
  });

  it('a corrupt or planted receipt is no receipt: thread still answers, the message still waits', () => {
    const s = setup();
    s.run(['init']);
    const id = idOf(s.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']).stdout);
    const path = receiptPath(s.board(), 'bob', id);
    s.board().store.write(path, '{"id": "not this one", "via": 1}');
    const thread = s.run(['thread', id]);
    expect(thread.code).toBe(0);
    expect(thread.stdout).toContain('\n  waiting — bob has no live session (never seen on this board)\n');
    expect(thread.stderr).toBe('');
  });

  it('--sent with --all or --unread is a usage error and writes nothing', () => {
    const s = setup();
    s.run(['init']);
    s.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']);
    const before = snapshot(s.root);
    expect(s.run(['inbox', '--sent', '--all', '--as', 'alice'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: --sent lists your own messages; it does not combine with --all\n',
    });
    expect(s.run(['inbox', '--sent', '--unread', '--as', 'alice']).stderr).toBe(
      'baton: --sent lists your own messages; it does not combine with --unread\n',
    );
    expect(snapshot(s.root)).toEqual(before);
    expect(filesUnder(join(s.root, 'state')).some((f) => f.startsWith('receipts'))).toBe(false);
  });
});
