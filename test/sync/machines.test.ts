// Three machines on one host (three clones of one bare repository, each with its own board and agents): concurrent
// writes and syncs racing on push end with the same records everywhere, nothing lost or doubled, every message
// delivered once on its recipient's machine. Plus the cases sync must refuse: a deleted card another machine
// appended to, a note edited two ways, and a remote that holds files no board should take in.
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseBoard } from '../../src/core/board/doctor.js';
import { readCard } from '../../src/core/cards/find.js';
import { pollMessages } from '../../src/core/messages/delivery.js';
import { listMessages } from '../../src/core/messages/read.js';
import { type RunResult, snapshot, testdir } from '../helpers/testdir.js';
import {
  boardRecords,
  converge,
  ensureDir,
  gitIn,
  jsonOf,
  type Machine,
  makeCluster,
  openMachineBoard,
  runBaton,
  type SyncJson,
  seededRandom,
  seedFromEnv,
  startBaton,
  syncNow,
} from './cluster.js';

const HANDOFF = `## Goal
Keep the board in step across machines.

## Done
Wrote records on this machine.

## State and open questions
Syncing.

## Decisions and rejected options
git, not a protocol of our own.

## Pitfalls and blockers
none

## Next steps and read-first list
Run baton sync.
`;

interface Sent {
  id: string;
  to: string;
}

/** What the test wrote anywhere, to be found on every board afterwards. */
interface Written {
  messages: Sent[];
  entries: string[];
  notes: string[];
}

const AGENTS: Record<string, string[]> = { A: ['a1', 'a2'], B: ['b1', 'b2'], C: ['c1', 'c2'] };
const EVERYONE = Object.values(AGENTS).flat();

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function shuffle<T>(rand: () => number, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** Starts every operation at once and waits for all; each must succeed. */
async function together(ops: (() => Promise<RunResult>)[]): Promise<RunResult[]> {
  const runs = await Promise.all(ops.map((op) => op()));
  return runs;
}

describe('baton sync between three machines', () => {
  it('concurrent writes and racing syncs end with the same records everywhere, each message delivered once', async () => {
    const seed = seedFromEnv();
    console.log(`sync machines test: seed ${seed} (repeat with SYNC_SEED=${seed})`);
    const rand = seededRandom(seed);
    const cluster = makeCluster(testdir(), ['A', 'B', 'C']);
    const [A, B, C] = cluster.machines as [Machine, Machine, Machine];
    const written: Written = { messages: [], entries: [], notes: [] };

    // One card everyone appends to, created on A and carried to B and C before the writes begin.
    const card = jsonOf<{ card: { id: string } }>(
      'card new',
      runBaton(A.dir, ['card', 'new', 'Shared across machines', '--as', 'a1', '--json']),
    ).card.id;
    // An agent registered on every machine: its registry record changes on all three (merged by rule).
    for (const m of cluster.machines) {
      expect(runBaton(m.dir, ['register', '--as', 'ops', '--json']).code).toBe(0);
    }
    syncNow(A);
    syncNow(B);
    syncNow(C);
    expect(readCard(openMachineBoard(C), card).card.id).toBe(card);

    const syncs: { machine: string; result: SyncJson }[] = [];
    const opsFor = (m: Machine, burst: number): (() => Promise<RunResult>)[] => {
      const mine = AGENTS[m.name] as string[];
      const ops: (() => Promise<RunResult>)[] = [];
      for (let i = 0; i < 2; i++) {
        const from = pick(rand, mine);
        const to =
          rand() < 0.3
            ? [...new Set([pick(rand, EVERYONE), pick(rand, EVERYONE), pick(rand, EVERYONE)])]
            : [pick(rand, EVERYONE)];
        const body = `burst ${burst} from ${from} on ${m.name}: ${rand().toString(36).slice(2)}`;
        ops.push(async () => {
          const run = await startBaton(m.dir, [
            'send',
            '--as',
            from,
            '--to',
            to.join(','),
            '--body',
            body,
            '--json',
          ]);
          written.messages.push(
            ...jsonOf<{ sent: Sent[] }>('send', run).sent.map(({ id, to }) => ({ id, to })),
          );
          return run;
        });
      }
      for (let i = 0; i < 2; i++) {
        const author = pick(rand, mine);
        ops.push(async () => {
          const run = await startBaton(m.dir, [
            'card',
            'write',
            card,
            '--type',
            pick(rand, ['note', 'finding', 'question', 'answer']),
            '--as',
            author,
            '--body',
            `entry by ${author} on ${m.name} in burst ${burst}`,
            '--json',
          ]);
          written.entries.push(jsonOf<{ entry: { id: string } }>('card write', run).entry.id);
          return run;
        });
      }
      // Every machine writes a handoff in the first burst and a result in the second, then either at random.
      const kind = burst === 0 ? 'handoff' : burst === 1 ? 'result' : rand() < 0.5 ? 'handoff' : 'result';
      const agent = pick(rand, mine);
      ops.push(async () => {
        const args =
          kind === 'handoff'
            ? [
                'handoff',
                'write',
                '--title',
                `handoff ${burst} on ${m.name}`,
                '--agent',
                agent,
                '--as',
                agent,
              ]
            : [
                'result',
                'write',
                '--title',
                `result ${burst} on ${m.name}`,
                '--conclusion',
                'done',
                '--agent',
                agent,
              ];
        const input = kind === 'handoff' ? HANDOFF : `The deliverable of burst ${burst} on ${m.name}.\n`;
        const run = await startBaton(m.dir, [...args, '--json'], input);
        written.notes.push(jsonOf<{ note: { id: string } }>(kind, run).note.id);
        return run;
      });
      return ops;
    };
    const syncOp = (m: Machine) => async () => {
      const run = await startBaton(m.dir, ['sync', '--json']);
      syncs.push({ machine: m.name, result: jsonOf<SyncJson>(`sync on ${m.name}`, run) });
      return run;
    };

    // Bursts: every machine writes while two or three of them sync, all started at the same instant.
    const BURSTS = 4;
    for (let burst = 0; burst < BURSTS; burst++) {
      const ops = cluster.machines.flatMap((m) => opsFor(m, burst));
      const syncing = shuffle(rand, [...cluster.machines]).slice(0, rand() < 0.5 ? 2 : 3);
      for (const m of syncing) ops.push(syncOp(m));
      if (rand() < 0.5) ops.push(syncOp(pick(rand, syncing))); // a second sync on one machine meanwhile
      const runs = await together(shuffle(rand, ops));
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
    }
    // Pushes must have raced: at least one sync needed a second round. Syncs of all three at once with something
    // new on each until one did (bounded).
    for (let extra = 0; extra < 10 && !syncs.some((s) => s.result.rounds > 1); extra++) {
      await together(cluster.machines.flatMap((m) => opsFor(m, BURSTS + extra).slice(0, 1)));
      await together(cluster.machines.map(syncOp));
    }
    const raced = syncs.filter((s) => s.result.rounds > 1);
    expect(raced.length, 'no push race happened').toBeGreaterThan(0);

    const passes = converge(cluster);
    const records = cluster.machines.map(boardRecords);
    const [ra, rb, rc] = records as [Map<string, string>, Map<string, string>, Map<string, string>];
    expect([...rb.entries()].sort()).toEqual([...ra.entries()].sort());
    expect([...rc.entries()].sort()).toEqual([...ra.entries()].sort());
    for (const m of cluster.machines) {
      const board = openMachineBoard(m);
      expect(diagnoseBoard(board).problems, m.name).toEqual([]);
      // Every message once, under its recipient; nothing else.
      const listed = listMessages(board, { limit: 0 }).messages;
      expect(listed.map((x) => `${x.to} ${x.id}`).sort()).toEqual(
        written.messages.map((x) => `${x.to} ${x.id}`).sort(),
      );
      // The card: whole, every entry written anywhere exactly once, in id order.
      const read = readCard(board, card);
      expect(read.problem, m.name).toBeUndefined();
      const ids = read.entries.map((e) => e.id);
      expect(ids).toEqual([...written.entries].sort());
      expect(new Set(ids).size).toBe(ids.length);
      // Every note.
      const notes = [...ra.keys()]
        .filter((p) => p.startsWith('notes/'))
        .map((p) => p.slice(p.lastIndexOf('/') + 1));
      expect(notes.sort()).toEqual(written.notes.map((id) => `${id}.md`).sort());
      // The agent registered everywhere: one record, merged.
      expect(JSON.parse(ra.get('agents/ops.json') ?? '{}').name).toBe('ops');
    }

    // Delivery: each agent polls on its own machine and gets exactly what was addressed to it, once.
    const delivered = new Map<string, string[]>();
    const pollAll = () => {
      for (const m of cluster.machines) {
        for (const agent of AGENTS[m.name] as string[]) {
          for (;;) {
            const polled = jsonOf<{ messages: { id: string; to: string }[] }>(
              'poll',
              runBaton(m.dir, ['poll', '--as', agent, '--max', '50', '--json']),
            );
            if (polled.messages.length === 0) break;
            for (const message of polled.messages) expect(message.to).toBe(agent);
            delivered.set(agent, [...(delivered.get(agent) ?? []), ...polled.messages.map((x) => x.id)]);
          }
        }
      }
    };
    pollAll();
    for (const agent of EVERYONE) {
      const expected = written.messages.filter((x) => x.to === agent).map((x) => x.id);
      expect((delivered.get(agent) ?? []).sort(), agent).toEqual(expected.sort());
    }
    // A further sync everywhere delivers nothing more.
    const before = new Map(delivered);
    for (const m of cluster.machines) syncNow(m);
    pollAll();
    expect(delivered).toEqual(before);
    console.log(
      `sync machines test: seed ${seed}, ${written.messages.length} messages, ${written.entries.length} card entries, ${written.notes.length} notes, ${syncs.length} concurrent syncs (${raced.length} raced, up to ${Math.max(...syncs.map((s) => s.result.rounds))} rounds), agreed after ${passes} pass(es)`,
    );
  }, 300_000);

  it('a card deleted on one machine while another appends to it survives with the appended entries', () => {
    const cluster = makeCluster(testdir(), ['A', 'B']);
    const [A, B] = cluster.machines as [Machine, Machine];
    const newCard = (title: string) =>
      jsonOf<{ card: { id: string } }>(
        'card new',
        runBaton(A.dir, ['card', 'new', title, '--as', 'a1', '--json']),
      ).card.id;
    const write = (m: Machine, card: string, body: string) =>
      jsonOf<{ entry: { id: string } }>(
        'card write',
        runBaton(m.dir, [
          'card',
          'write',
          card,
          '--as',
          `${m.name.toLowerCase()}1`,
          '--body',
          body,
          '--json',
        ]),
      ).entry.id;
    const del = (m: Machine, card: string) =>
      expect(runBaton(m.dir, ['card', 'del', card, '--yes']).code).toBe(0);
    // X: deleted on A and synced first; B appends before it hears of it. Y: B's append is synced first, then A,
    // which has not seen it, deletes.
    const x = newCard('Deleted first');
    const y = newCard('Appended first');
    const first = { x: write(A, x, 'before the split'), y: write(A, y, 'before the split') };
    syncNow(A);
    syncNow(B);
    del(A, x);
    expect(syncNow(A).committed).toBe(1);
    const onB = { x: write(B, x, 'appended on B after A deleted it'), y: write(B, y, 'appended on B') };
    syncNow(B);
    del(A, y);
    syncNow(A);
    converge(cluster);
    for (const m of cluster.machines) {
      const board = openMachineBoard(m);
      expect(readCard(board, x).entries.map((e) => e.id)).toEqual([first.x, onB.x]);
      expect(readCard(board, y).entries.map((e) => e.id)).toEqual([first.y, onB.y]);
      expect(readCard(board, x).problem).toBeUndefined();
    }
    expect([...boardRecords(B).entries()].sort()).toEqual([...boardRecords(A).entries()].sort());
  });

  it('a note edited two ways stops the sync and leaves the board byte for byte as it was', () => {
    const cluster = makeCluster(testdir(), ['A', 'B']);
    const [A, B] = cluster.machines as [Machine, Machine];
    const note = jsonOf<{ path: string; note: { id: string; projectKey: string } }>(
      'result write',
      runBaton(
        A.dir,
        ['result', 'write', '--title', 'Shared', '--agent', 'a1', '--json'],
        'The first version.\n',
      ),
    );
    syncNow(A);
    syncNow(B);
    const rel = `notes/${note.note.projectKey}/${note.note.id}.md`;
    const edit = (m: Machine, words: string) => {
      const path = join(m.board, rel);
      writeFileSync(path, readFileSync(path, 'utf8').replace('The first version.', words));
    };
    edit(A, 'Edited on A.');
    edit(B, 'Edited on B.');
    // A's sync also carries a message for b1: it must not reach B's board while the sync stops.
    const sent = jsonOf<{ sent: Sent[] }>(
      'send',
      runBaton(A.dir, ['send', '--as', 'a1', '--to', 'b1', '--body', 'after the edit', '--json']),
    ).sent[0] as Sent;
    syncNow(A);
    const outsideSync = (snap: Record<string, string>) =>
      Object.fromEntries(Object.entries(snap).filter(([path]) => !path.startsWith('state/sync/')));
    const before = outsideSync(snapshot(B.board));
    const stopped = runBaton(B.dir, ['sync']);
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toBe('');
    expect(stopped.stderr).toContain(
      `baton: sync stopped: ${rel} changed on two machines in ways baton cannot merge — nothing on this board was changed; `,
    );
    expect(outsideSync(snapshot(B.board))).toEqual(before);
    expect(pollMessages(openMachineBoard(B), 'b1').messages).toEqual([]);
    // Again: still stopped (the same error as JSON), still nothing changed.
    const again = runBaton(B.dir, ['sync', '--json']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr).error.code).toBe('conflict');
    expect(outsideSync(snapshot(B.board))).toEqual(before);

    // Keeping A's version on B lets the sync through, and the message arrives.
    writeFileSync(join(B.board, rel), readFileSync(join(A.board, rel)));
    expect(syncNow(B).received.queued).toBe(1);
    const batch = pollMessages(openMachineBoard(B), 'b1');
    expect(batch.messages.map((m) => m.id)).toEqual([sent.id]);
    batch.acknowledge();
    converge(cluster);
    expect(readFileSync(join(B.board, rel), 'utf8')).toContain('Edited on A.');
  });

  it('a hostile remote: links, malformed and oversized records and non-record files are not taken in', () => {
    const root = testdir();
    const cluster = makeCluster(root, ['A', 'B']);
    const [A, B] = cluster.machines as [Machine, Machine];
    const sent = jsonOf<{ sent: Sent[] }>(
      'send',
      runBaton(A.dir, ['send', '--as', 'a1', '--to', 'b1', '--body', 'honest mail', '--json']),
    ).sent[0] as Sent;
    syncNow(A);
    syncNow(B);
    const boardJson = readFileSync(join(B.board, 'board.json'), 'utf8');

    // Someone with push access commits what no board should take in, straight to origin/baton.
    const evil = join(root, 'evil');
    gitIn(root, ['clone', '--quiet', '--branch', 'baton', cluster.origin, evil]);
    const target = join(root, 'target.txt');
    writeFileSync(target, 'outside every board\n');
    const ulid = (c: string) => c.repeat(26);
    const link = `cards/c-${ulid('7')}-x.md`;
    const badMessage = `messages/b1/2026-12-01/m-${ulid('8')}.md`;
    const bigNote = `notes/some-project/n-${ulid('9')}.md`;
    ensureDir(join(evil, 'cards'));
    symlinkSync(target, join(evil, link));
    // A link whose target, read as text, is a well-formed card: refused for being a link, not for its content.
    const cardLink = `cards/c-${ulid('6')}-y.md`;
    symlinkSync(
      `---\nid: c-${ulid('6')}\ntitle: y\ncreated_by: mallory\ncreated_at: 2026-12-01T00:00:00.000Z\n---\n`,
      join(evil, cardLink),
    );
    ensureDir(join(evil, 'messages/b1/2026-12-01'));
    writeFileSync(join(evil, badMessage), `---\nid: [m-${ulid('8')}\nfrom: mallory\n---\nnot a message\n`);
    ensureDir(join(evil, 'notes/some-project'));
    writeFileSync(
      join(evil, bigNote),
      `---\nid: n-${ulid('9')}\nkind: result\ntitle: big\n---\n${'x'.repeat(9 * 1024 * 1024)}\n`,
    );
    ensureDir(join(evil, 'state'));
    writeFileSync(join(evil, 'state/evil'), 'derived state from elsewhere\n');
    writeFileSync(
      join(evil, 'board.json'),
      '{"name":"taken over","version":1,"createdAt":"2020-01-01T00:00:00Z"}\n',
    );
    writeFileSync(join(evil, 'config.json'), '{"sync":{"repo":"/tmp/elsewhere"},"gc":{"ttl":"1s"}}\n');
    gitIn(evil, ['add', '--all']);
    gitIn(evil, ['commit', '--quiet', '-m', 'hostile']);
    gitIn(evil, ['push', '--quiet', 'origin', 'HEAD:refs/heads/baton']);

    const outside = (dir: string) =>
      Object.fromEntries(
        Object.entries(snapshot(dir)).filter(
          ([path]) => !path.startsWith('.baton/') && !path.startsWith('.git/'),
        ),
      );
    const outsideBefore = outside(B.dir);
    const recordsBefore = boardRecords(B);
    const result = syncNow(B);
    const reported = result.problems.map((p) => p.path);
    for (const rel of [link, cardLink, badMessage, bigNote]) {
      expect(
        reported.some((path) => path.endsWith(rel)),
        `${rel} reported`,
      ).toBe(true);
    }
    for (const rel of ['state/evil', 'board.json', 'config.json']) {
      expect(
        reported.some((path) => path.endsWith(rel)),
        `${rel} reported`,
      ).toBe(true);
    }
    // None of it on the board; the board's own files as they were; nothing outside the board written.
    expect(boardRecords(B)).toEqual(recordsBefore);
    expect(readFileSync(join(B.board, 'board.json'), 'utf8')).toBe(boardJson);
    expect(filesUnderBoard(B, ['config.json', 'state/evil', link, cardLink, badMessage, bigNote])).toEqual(
      [],
    );
    expect(readFileSync(target, 'utf8')).toBe('outside every board\n');
    expect(outside(B.dir)).toEqual(outsideBefore);
    // The board stays readable, and honest mail still flows.
    const board = openMachineBoard(B);
    expect(diagnoseBoard(board).problems).toEqual([]);
    expect(runBaton(B.dir, ['card', 'list', '--json']).code).toBe(0);
    expect(pollMessages(board, 'b1').messages.map((m) => m.id)).toEqual([sent.id]);
    // A takes none of it in either, and B's next sync neither reports it again nor pushes it away.
    expect(
      syncNow(A)
        .problems.map((p) => p.path)
        .some((path) => path.endsWith(link)),
    ).toBe(true);
    expect(syncNow(B).problems).toEqual([]);
    expect(gitIn(cluster.origin, ['ls-tree', '-r', '--name-only', 'baton'])).toContain(bigNote);
  });
});

function filesUnderBoard(m: Machine, rels: string[]): string[] {
  return rels.filter((rel) => {
    try {
      readFileSync(join(m.board, rel));
      return true;
    } catch {
      return false;
    }
  });
}
