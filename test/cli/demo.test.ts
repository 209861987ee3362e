import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT, seedDemo } from '../../src/cli/demo-seed.js';
import { listAgents } from '../../src/core/agents/registry.js';
import { openBoard } from '../../src/core/board/open-board.js';
import { listCards, readCard } from '../../src/core/cards/index.js';
import { listMessages, readThread } from '../../src/core/messages/read.js';
import { buildTimeline, type TimelineNode, walkFamily } from '../../src/core/notes/lineage.js';
import { listNotes } from '../../src/core/notes/read.js';
import { listOpenPendings } from '../../src/core/pending/pending.js';
import { isLive, listSessions } from '../../src/core/sessions/live.js';
import { whoElse } from '../../src/core/sessions/who-else.js';
import { idTime } from '../../src/core/store/ids.js';
import { baton, batonAsync, filesUnder, testdir } from '../helpers/testdir.js';
import { outputMatching } from '../helpers/wait.js';

const NOW = Date.parse('2026-12-01T15:00:00.000Z');
const DAY = 86_400_000;

function seeded() {
  const dir = testdir();
  const board = openBoard({
    board: join(dir, '.baton'),
    cwd: dir,
    env: {},
    home: join(dir, 'home'),
    clock: () => NOW,
  });
  expect(seedDemo(board, { now: NOW })).toBe(true);
  expect(board.exists).toBe(true);
  return { dir, board };
}

describe('the demo board (seedDemo)', () => {
  it('has mail threads, fan-outs and mail for the person', () => {
    const { board } = seeded();
    const { messages, problems } = listMessages(board, { limit: 0 });
    expect(problems).toEqual([]);
    const batches = new Map<string, string[]>();
    for (const m of messages) if (m.batch) batches.set(m.batch, [...(batches.get(m.batch) ?? []), m.to]);
    expect([...batches.values()].map((to) => to.sort())).toEqual([
      ['bob', 'carol'],
      ['alice', 'wei'],
    ]);
    const replies = messages.filter((m) => m.replyTo);
    expect(replies.length).toBeGreaterThanOrEqual(3);
    // alice → bob → alice: three messages in one thread; and a reply to the person's fan-out.
    expect(Math.max(...replies.map((m) => readThread(board, m.id).messages.length))).toBeGreaterThanOrEqual(
      3,
    );
    const toYou = messages.filter((m) => m.to === 'you');
    expect(toYou.length).toBe(5);
    expect(toYou.some((m) => m.replyTo && messages.find((r) => r.id === m.replyTo)?.from === 'you')).toBe(
      true,
    );
    expect(listAgents(board).agents.map((a) => [a.name, a.unread])).toEqual([
      ['alice', 1],
      ['bob', 0],
      ['carol', 0],
      ['wei', 1],
      ['you', 5],
    ]);
  });

  it('has three cards, one of them with all four entry types, and an open pending write from the person', () => {
    const { board } = seeded();
    const { cards } = listCards(board);
    expect(cards.map((c) => c.title).sort()).toEqual([
      'Flaky login test',
      'Orders migration: shipped_at',
      'Product list slowed down (商品列表接口变慢)',
    ]);
    const login = readCard(board, cards.find((c) => c.title === 'Flaky login test')!.id);
    expect(login.problem).toBeUndefined();
    expect(login.entries.map((e) => e.type)).toEqual(['note', 'finding', 'question', 'answer']);
    expect(login.entries.map((e) => e.id)).toEqual(login.entries.map((e) => e.id).sort());
    expect(login.entries[1]!.body).toContain('```ts\n');
    const pending = listOpenPendings(board);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ requestedBy: 'you', agent: 'wei', target: { kind: 'card-entry' } });
    expect(pending[0]!.expiresAt).toBeUndefined();
    const session = listSessions(board).sessions.find((s) => s.id === pending[0]!.session)!;
    expect(isLive(session)).toBe(true);
  });

  it('has a three-generation lineage, sub-agent results, an external parent and a note in Chinese', () => {
    const { board } = seeded();
    const { notes, problems } = listNotes(board);
    expect(problems).toEqual([]);
    expect(notes.map((n) => n.kind).sort()).toEqual([
      ...Array(5).fill('handoff'),
      ...Array(3).fill('result'),
    ]);
    expect(new Set(notes.map((n) => n.projectKey))).toEqual(new Set(['shop']));
    const sessions = listSessions(board).sessions;
    const live = new Set(sessions.filter(isLive).map((s) => s.id));
    const { families, problems: loops } = buildTimeline(notes, (s) => live.has(s));
    expect(loops).toEqual([]);
    expect(families).toHaveLength(3);
    const all = families.flatMap((f) => [...walkFamily(f)]);
    const deepestMain = (node: TimelineNode): number =>
      node.kind === 'main' ? 1 + Math.max(0, ...node.children.map(deepestMain)) : 0;
    expect(Math.max(...families.map(deepestMain))).toBe(3);
    const subAgents = all.filter(({ node }) => node.kind === 'sub-agent');
    expect(subAgents).toHaveLength(3);
    expect(subAgents.every(({ depth }) => depth >= 1)).toBe(true);
    expect(subAgents.map(({ node }) => node.note?.status).sort()).toEqual(['error', 'ok', 'ok']);
    const external = families.filter((f) => f.kind === 'external');
    expect(external).toHaveLength(1);
    expect(external[0]!.children[0]!.note?.title).toBe('Orders migration written; backfill not run yet');
    expect(all.filter(({ node }) => node.inProgress)).toHaveLength(2);
    const chinese = notes.find((n) => n.title.includes('性能回退'))!;
    expect(chinese.kind).toBe('handoff');
    expect(chinese.body).toContain('## 任务目标\n');
    expect(chinese.body).toContain('## 下一步与新会话先读清单\n');
  });

  it('has live and ended sessions, two live ones on the same file, and a history over three days', () => {
    const { board } = seeded();
    const { sessions, problems } = listSessions(board);
    expect(problems).toEqual([]);
    expect(
      sessions
        .filter(isLive)
        .map((s) => s.agent)
        .sort(),
    ).toEqual(['alice', 'wei']);
    const ended = sessions.filter((s) => !isLive(s));
    expect(ended.map((s) => s.agent).sort()).toEqual(['alice', 'bob', 'carol']);
    expect(ended.every((s) => s.endedAt && s.endedAt >= s.startedAt)).toBe(true);
    expect(sessions.every((s) => s.pid === undefined && s.cwd === DEMO_PROJECT)).toBe(true);
    const onOrders = whoElse(board, 'src/db/orders.ts', { cwd: DEMO_PROJECT }).others;
    expect(onOrders.map((o) => o.agent).sort()).toEqual(['alice', 'wei']);
    // Everything lies in the three days before NOW, and ids sort as their times do.
    const ids = [
      ...listMessages(board, { limit: 0 }).messages.map((m) => m.id),
      ...listNotes(board).notes.map((n) => n.id),
      ...listCards(board).cards.map((c) => c.id),
    ];
    const times = ids.map(idTime);
    expect(Math.max(...times)).toBeLessThan(NOW);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - 3 * DAY);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(2 * DAY);
    const byId = [...ids].sort((a, b) => (a.slice(2) < b.slice(2) ? -1 : 1));
    expect(byId.map(idTime)).toEqual([...times].sort((a, b) => a - b));
  });

  it('seeds nothing on a board that exists (twice does not double)', () => {
    const { board } = seeded();
    const before = filesUnder(board.root);
    const again = openBoard({ board: board.root, env: {}, home: board.home });
    expect(seedDemo(again)).toBe(false);
    expect(filesUnder(board.root)).toEqual(before);
  });
});

describe('baton demo (what npm start runs)', () => {
  it('seeds ./demo/.baton when there is no board, shows it, and does not seed twice', () => {
    const dir = testdir();
    const first = baton(['demo'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`baton board ${join(dir, 'demo', '.baton')}`);
    expect(first.stdout).toContain(
      'agents: alice (1 unread), bob (0 unread), carol (0 unread), wei (1 unread), you (5 unread)',
    );
    expect(first.stdout).toContain('sessions: 2 live (wei, alice), 3 ended; 1 pending write');
    expect(first.stdout).toMatch(/c-[0-9A-Z]{26} {2}4 entries {2}Flaky login test/);
    expect(first.stdout).toMatch(/c-[0-9A-Z]{26} {2}1 entry {2}Product list slowed down/);
    expect(first.stdout).toMatch(
      /Stress run: login spec green 50 of 50 \(result, bob, codex, for 0199a2c4\)/,
    );
    expect(first.stderr).toBe(`[board ${join(dir, 'demo', '.baton')}]\n`);
    const seeded = filesUnder(join(dir, 'demo', '.baton'));
    expect(baton(['demo'], { cwd: dir }).stdout).toContain('4 entries  Flaky login test');
    expect(filesUnder(join(dir, 'demo', '.baton'))).toEqual(seeded);
  });

  it('uses the board resolved from here when there is one, and never writes to it', () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, 'mine') };
    const sent = baton(['send', '--as', 'a', '--to', 'b', '--body', 'real mail'], { cwd: dir, env });
    expect(sent.stderr).toBe(
      `waiting — b has no live session (never seen on this board)\n[board ${join(dir, 'mine')}]\n`,
    );
    expect(sent.code).toBe(0);
    const before = filesUnder(dir);
    const shown = baton(['demo'], { cwd: dir, env });
    expect(shown.stdout).toContain('real mail');
    expect(filesUnder(dir)).toEqual(before);
  });

  it('refuses --port and --host without --serve, writing nothing', () => {
    const dir = testdir();
    for (const flag of ['--port', '--host']) {
      expect(baton(['demo', flag, '1'], { cwd: dir })).toEqual({
        code: 2,
        stdout: '',
        stderr: 'baton: --port and --host go with --serve — see `baton demo --help`\n',
      });
    }
    expect(filesUnder(dir)).toEqual([]);
  });

  it('--serve --port 0 seeds, then serves the web UI on the demo board at 127.0.0.1 until stopped', async () => {
    const dir = testdir();
    const child = batonAsync(['demo', '--serve', '--port', '0'], { cwd: dir });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const printed = await outputMatching(child, 'stderr', /web UI: http:\/\/127\.0\.0\.1:(\d+)\//);
      const port = Number(/web UI: http:\/\/127\.0\.0\.1:(\d+)\//.exec(printed)?.[1]);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const sessions = (await (await fetch(`http://127.0.0.1:${port}/api/sessions`)).json()) as {
        projects: { key: string; sessions: unknown[] }[];
      };
      expect(sessions.projects.map((p) => [p.key, p.sessions.length])).toEqual([['shop', 5]]);
      expect(stdout).toContain(`baton board ${join(dir, 'demo', '.baton')}`);
      expect(stderr).toContain(`[board ${join(dir, 'demo', '.baton')}]\n`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
