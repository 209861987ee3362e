// Sync section of `npm run bench`: 1,000 new records written on machine A (5 cards, 150 entries appended to them,
// 845 messages to 20 agents), then `baton sync` on A (export, commit, push) and on B (fetch, merge, take in, queue
// the messages) — two clones of one bare repository on this machine — and a sync with nothing to do. Times are
// informational: the issue asks for them printed, with no target.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const RECORDS = 1000;

function git(cwd, ...args) {
  const result = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

function env() {
  const out = { ...process.env };
  for (const key of Object.keys(out)) if (key.startsWith('BATON_')) delete out[key];
  return out;
}

function timedSync(ctx, cwd) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [ctx.bin, 'sync', '--json'], {
    cwd,
    env: env(),
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`baton sync failed: ${result.stderr}`);
  return { ms, result: JSON.parse(result.stdout) };
}

export default async function sync(ctx) {
  const dir = ctx.tmpdir();
  const origin = join(dir, 'origin.git');
  git(dir, 'init', '-q', '--bare', origin);
  const machines = ['a', 'b'].map((name) => join(dir, name));
  for (const root of machines) {
    git(dir, 'clone', '-q', origin, root);
    writeFileSync(join(root, `${root.endsWith('a') ? 'a' : 'b'}.txt`), 'x\n');
  }
  const [a, b] = machines;
  const baton = await import(pathToFileURL(join(ctx.dist, 'index.js')).href);
  const open = (root) => baton.openBoard({ board: join(root, '.baton'), cwd: root, env: {}, home: dir });
  const boardA = open(a);
  baton.ensureBoard(boardA);
  baton.ensureBoard(open(b));
  // Both machines have synced once (an empty board), as a team that already uses sync.
  timedSync(ctx, a);
  timedSync(ctx, b);

  let written = 0;
  const cards = [];
  for (let i = 0; i < 5; i++) {
    cards.push(baton.createCard(boardA, { title: `Topic ${i}`, by: 'alice' }).card.id);
    written++;
  }
  for (let i = 0; i < 150; i++) {
    baton.appendEntry(boardA, cards[i % cards.length], {
      type: 'finding',
      author: 'alice',
      body: `finding ${i}: the flake comes from the clock`,
    });
  }
  while (written < RECORDS - 150) {
    baton.sendMessage(boardA, { from: 'alice', to: `agent-${written % 20}`, body: `message ${written}` });
    written++;
  }
  const push = timedSync(ctx, a);
  const pull = timedSync(ctx, b);
  const idle = timedSync(ctx, b);
  const got = pull.result.received;
  if (got.added !== RECORDS - 150 || got.queued !== RECORDS - 155)
    throw new Error(`B took in ${JSON.stringify(got)}, expected ${RECORDS - 150} new files`);
  const row = (name, ms, detail) => ({
    name,
    value: `${ms.toFixed(0)} ms${detail ? ` (${detail})` : ''}`,
    target: '',
    ok: null,
  });
  return [
    row(`sync on A: ${RECORDS} new records committed and pushed`, push.ms, `${push.result.committed} files`),
    row(`sync on B: the same taken in`, pull.ms, `${got.added} files, ${got.queued} messages queued`),
    row(`1,000 new records between two clones (A + B)`, push.ms + pull.ms),
    row('sync with nothing to do', idle.ms),
  ];
}
