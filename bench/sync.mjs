// Sync section of `npm run bench`: 1,000 new records written on machine A (5 cards, 150 entries appended to them,
// 845 messages to 20 agents), then `baton sync` on A (export, commit, push) and on B (fetch, merge, take in, queue
// the messages) — two clones of one bare repository on this machine — and a sync with nothing to do. Times are
// informational: the issue asks for them printed, with no target. Then 135 cards of the largest size a card may have
// (4 MiB, about 2 MB each compressed) taken in on B: its time, and the peak memory of the `baton sync` process
// (its own, not git's), whose goal is ≤ 200 MB whatever the remote holds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OWN_PEAK_KB } from './own-peak.mjs';

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
    ...(await bigCards(ctx)),
  ];
}

const BIG_CARDS = 135;
const PEAK_GOAL_MB = 200;
// The largest card a board accepts (CARD_LIMITS.fileBytes); each is made within 100 bytes of it.
const CARD_BYTES = 4 * 1024 * 1024;
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(n, width) {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = BASE32[n % 32] + out;
    n = Math.floor(n / 32);
  }
  return out;
}

// A card of `CARD_BYTES`, written as `baton card write` would: entries of 20,000 characters (the most one may
// hold) of random hex, which compresses about 2:1 as prose and code do.
function bigCard(index) {
  const id = `c-01JDX4K9ZQ7W8R2N4V${base32(index, 8)}`;
  let text = `---\nid: ${id}\ntitle: Big card ${index}\ncreated_by: alice\ncreated_at: 2026-11-30T11:02:10.000Z\n---\n`;
  const parts = [text];
  let size = Buffer.byteLength(text);
  for (let entry = 0; ; entry++) {
    const heading = `\n### e-01JDX5K9ZQ${base32(index, 4)}${base32(entry, 12)} · finding · alice · 2026-11-30T12:00:00.000Z\n\n`;
    const room = CARD_BYTES - size - Buffer.byteLength(heading) - 1;
    if (room < 100) break;
    const length = Math.min(20_000, room);
    // Lines of 99 characters, as text is.
    const body = randomHex(length).replace(/(.{99})./g, '$1\n');
    text = `${heading}${body}\n`;
    parts.push(text);
    size += Buffer.byteLength(text);
  }
  return { name: `${id}-big-card-${index}.md`, text: parts.join('') };
}

function randomHex(length) {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('hex').slice(0, length);
}

// `baton sync --json` with its process's own peak resident memory (own-peak.mjs, read as it exits), in MB.
function syncWithPeak(ctx, cwd, dir) {
  const preload = join(dir, 'peak.cjs');
  const peakFile = join(dir, `peak-${Date.now()}`);
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(process.env.SYNC_BENCH_PEAK, String(${OWN_PEAK_KB})));\n`,
  );
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--require', preload, ctx.bin, 'sync', '--json'], {
    cwd,
    env: { ...env(), SYNC_BENCH_PEAK: peakFile },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`baton sync failed: ${result.error?.message ?? result.stderr.slice(-2000)}`);
  return { ms, peakMb: Number(readFileSync(peakFile, 'utf8')) / 1024, result: JSON.parse(result.stdout) };
}

async function bigCards(ctx) {
  const dir = ctx.tmpdir();
  const origin = join(dir, 'origin.git');
  git(dir, 'init', '-q', '--bare', origin);
  const [a, b] = ['a', 'b'].map((name) => join(dir, name));
  for (const root of [a, b]) git(dir, 'clone', '-q', origin, root);
  // git's search for deltas between 135 random 4 MiB blobs takes minutes of A's push and is git's, not baton's;
  // what is measured is the memory of both syncs and B's time.
  git(a, 'config', 'pack.window', '0');
  const baton = await import(pathToFileURL(join(ctx.dist, 'index.js')).href);
  for (const root of [a, b])
    baton.ensureBoard(baton.openBoard({ board: join(root, '.baton'), cwd: root, env: {}, home: dir }));
  timedSync(ctx, a);
  timedSync(ctx, b);
  const cards = join(a, '.baton', 'cards');
  mkdirSync(cards, { recursive: true });
  for (let i = 0; i < BIG_CARDS; i++) {
    const card = bigCard(i);
    writeFileSync(join(cards, card.name), card.text);
  }
  ctx.log(`sync: ${BIG_CARDS} cards of ${(CARD_BYTES / 1024 / 1024).toFixed(2)} MiB written on A`);
  const push = syncWithPeak(ctx, a, dir);
  if (push.result.committed !== BIG_CARDS)
    throw new Error(
      `A committed ${push.result.committed} (${JSON.stringify(push.result.problems).slice(0, 500)})`,
    );
  const pull = syncWithPeak(ctx, b, dir);
  const idle = syncWithPeak(ctx, b, dir);
  const got = pull.result.received;
  if (got.added !== BIG_CARDS || pull.result.problems.length > 0)
    throw new Error(
      `B took in ${JSON.stringify(got)} (${JSON.stringify(pull.result.problems).slice(0, 500)})`,
    );
  const mb = (value) => `${value.toFixed(0)} MB`;
  return [
    {
      name: `sync on A: ${BIG_CARDS} cards of 4 MiB committed and pushed (no delta search)`,
      value: `${push.ms.toFixed(0)} ms, peak ${mb(push.peakMb)}`,
      target: `≤ ${PEAK_GOAL_MB} MB`,
      ok: push.peakMb <= PEAK_GOAL_MB,
    },
    {
      name: `sync on B: the ${BIG_CARDS} cards taken in`,
      value: `${pull.ms.toFixed(0)} ms, peak ${mb(pull.peakMb)}`,
      target: `≤ ${PEAK_GOAL_MB} MB`,
      ok: pull.peakMb <= PEAK_GOAL_MB,
    },
    {
      name: 'sync on B with nothing to do after taking them in',
      value: `${idle.ms.toFixed(0)} ms, peak ${mb(idle.peakMb)}`,
      target: '',
      ok: null,
    },
  ];
}
