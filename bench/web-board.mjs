// The big board of issue 25, for the web benches and browser tests: 3,000 handoff and result notes in 200 families
// (continuation chains up to 72 notes, one 46 generations deep; branches: a note continued twice, sub-agent results),
// 5,238 messages (threads, replies, fan-outs to several agents, some unread), 100 cards with entries, six agents on
// six harnesses, a few sessions still in progress and some notes with errors.
//
// Deterministic (a seeded generator, fixed times) and written with the built library (dist/index.js), so every record
// is a real one. Generating takes a while: the board is kept under .bench/web-board-v<VERSION>/ and reused until
// VERSION changes (bump it when the shape or the record formats change). `webBoard({ dir })` copies it into `dir`
// for a caller that writes to it; without `dir` the cached board itself is returned: read it (a server reading it
// keeps its derived front-matter cache in state/note-heads/), never write to it.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFromSource } from './internals.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
/** Bump when the board's shape or baton's record formats change: the cached board is then made again. */
export const WEB_BOARD_VERSION = 2;

export const WEB_BOARD_SHAPE = Object.freeze({
  notes: 3_000,
  families: 200,
  longestFamily: 72,
  deepestChain: 46,
  messages: 5_238,
  cards: 100,
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The newest record's time: fixed, so the board is the same on every machine. */
const END = Date.parse('2026-11-30T12:00:00.000Z');
const SPAN_DAYS = 45;
const PROJECT = 'shop';
const AGENTS = [
  { name: 'alice', harness: 'claude' },
  { name: 'bob', harness: 'codex' },
  { name: 'carol', harness: 'gemini' },
  { name: 'dave', harness: 'opencode' },
  { name: 'erin', harness: 'qwen' },
  { name: 'frank', harness: 'copilot' },
];
/** The person at the page (`baton serve` acts as `you`): some mail is theirs. */
const PERSON = 'you';
const SUBJECTS = [
  'login test flake',
  'payment retries',
  'search ranking',
  'CSV export',
  'session expiry',
  'image uploads',
  'rate limiter',
  'billing webhooks',
  'dark mode contrast',
  'migration to Postgres 16',
  'cache invalidation',
  'email templates',
  'mobile nav',
  'audit log',
  'feature flags',
  'PDF invoices',
  'timezone bugs',
  'onboarding flow',
  'API pagination',
  'slow dashboard',
];
const STEPS = [
  'reproduce',
  'find the cause of',
  'fix',
  'test',
  'review',
  'harden',
  'measure',
  'document',
  'clean up after',
  'ship',
];
const FILES = [
  'src/auth/login.ts',
  'src/billing/retry.ts',
  'test/login.spec.ts',
  'src/search/rank.ts',
  'src/export/csv.ts',
  'db/migrations/0042_pg16.sql',
  'src/ui/nav.tsx',
  'src/cache/keys.ts',
];

/** mulberry32: a small seeded generator, so the board is the same every time. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

/**
 * The big board, made once and cached. Options: `dir` (copy it there, for a caller that writes to it), `dist` (the
 * built library to write with; default the repository's dist/), `log` (progress lines).
 * Returns `{ root, cwd, manifest }`: the board folder, the project folder (config.json names the project `shop`,
 * so the notes are its own wherever the copy lives), and what was generated (see `generate`'s manifest).
 */
export async function webBoard(options = {}) {
  const dist = options.dist ?? join(ROOT, 'dist');
  const cache = join(ROOT, '.bench', `web-board-v${WEB_BOARD_VERSION}`);
  if (!existsSync(join(cache, 'manifest.json'))) await build(cache, dist, options.log ?? (() => {}));
  const manifest = JSON.parse(readFileSync(join(cache, 'manifest.json'), 'utf8'));
  let base = cache;
  if (options.dir) {
    cpSync(join(cache, 'board'), join(options.dir), { recursive: true });
    base = options.dir;
  } else base = join(cache, 'board');
  return { root: join(base, '.baton'), cwd: join(base, PROJECT), manifest };
}

// Written outside this checkout (inside it, the notes' files would be relative to the checkout's root), copied beside
// the cache, then renamed into place whole: a crash or a second process never leaves half a board.
async function build(cache, dist, log) {
  const temp = `${cache}.tmp-${process.pid}`;
  const outside = mkdtempSync(join(tmpdir(), 'baton-web-board-'));
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(join(outside, 'board', PROJECT), { recursive: true });
  const started = performance.now();
  try {
    const baton = await import(pathToFileURL(join(dist, 'index.js')).href);
    const sessions = await sessionWriter(outside);
    const manifest = generate(baton, sessions, join(outside, 'board'), join(cache, 'board'));
    manifest.seconds = Math.round((performance.now() - started) / 100) / 10;
    writeFileSync(join(outside, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(join(outside, 'session-writer.mjs'), { force: true });
    mkdirSync(dirname(temp), { recursive: true });
    cpSync(outside, temp, { recursive: true });
    try {
      renameSync(temp, cache);
    } catch (error) {
      // Another process finished first: its board is the same one.
      if (!existsSync(join(cache, 'manifest.json'))) throw error;
      rmSync(temp, { recursive: true, force: true });
    }
    log(`web board: generated in ${manifest.seconds} s (${cache})`);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
}

// Session records are not in the library's public API: writeSession is bundled from src/ (bench/internals.mjs's
// bundleFromSource), so a session "in progress" is the record baton itself writes.
async function sessionWriter(temp) {
  const built = await bundleFromSource(ROOT, join(temp, 'session-writer.mjs'), [
    "export { writeSession } from './src/core/sessions/session.js';",
  ]);
  return built.writeSession;
}

/** How many notes each family has: family 0 is the longest (72), the rest vary from 1 to 60 and add up to 3,000. */
function familySizes(rng) {
  const { notes, families, longestFamily } = WEB_BOARD_SHAPE;
  const rest = notes - longestFamily;
  const weights = Array.from({ length: families - 1 }, () => 0.15 + rng() ** 2 * 4);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.min(60, Math.floor((w / sum) * rest))));
  let missing = rest - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; missing !== 0; i = (i + 1) % sizes.length) {
    if (missing > 0 && sizes[i] < 60) {
      sizes[i]++;
      missing--;
    } else if (missing < 0 && sizes[i] > 1) {
      sizes[i]--;
      missing++;
    }
  }
  return [longestFamily, ...sizes];
}

/**
 * The notes of one family, as plans: `{ kind, parent (index of the note it continues or hangs under, -1 for the
 * first), at, agent }`. A family is a main line of continuations with sub-agent results under some handoffs and
 * branches (an older handoff continued a second time). Family 0 has exactly 46 generations in its main line.
 */
function planFamily(rng, f, size, start, spacing) {
  const plans = [];
  const handoffs = [];
  let tip = -1;
  let mainLength = 0;
  const wantMain = f === 0 ? WEB_BOARD_SHAPE.deepestChain : Math.max(1, Math.round(size * 0.62));
  const wantBranches = f === 0 ? 6 : size >= 6 ? Math.round(size * 0.08) : 0;
  let branches = 0;
  let at = start;
  const home = AGENTS[f % AGENTS.length];
  for (let i = 0; i < size; i++) {
    at += spacing * (0.5 + rng());
    const agent = rng() < 0.8 ? home : rng.pick(AGENTS);
    const left = size - i;
    const mainLeft = wantMain - mainLength;
    const branchLeft = wantBranches - branches;
    let kind;
    if (i === 0) kind = 'main';
    else if (mainLeft >= left) kind = 'main';
    else if (mainLeft <= 0 && branchLeft <= 0) kind = 'result';
    else {
      const roll = rng() * (mainLeft + branchLeft + Math.max(0, left - mainLeft - branchLeft));
      kind = roll < mainLeft ? 'main' : roll < mainLeft + branchLeft ? 'branch' : 'result';
      if (kind === 'branch' && handoffs.length < 2) kind = mainLeft > 0 ? 'main' : 'result';
    }
    let parent = -1;
    if (kind === 'main') {
      parent = tip;
      tip = i;
      mainLength++;
      handoffs.push(i);
    } else if (kind === 'branch') {
      // An older handoff of the main line, continued a second time.
      parent = handoffs[rng.int(handoffs.length - 1)];
      branches++;
      handoffs.push(i);
    } else {
      // A sub-agent result, most often under the newest handoff.
      parent = rng() < 0.7 ? tip : rng.pick(handoffs);
    }
    plans.push({
      kind: kind === 'result' ? 'result' : 'handoff',
      branch: kind === 'branch',
      parent,
      at,
      agent,
    });
  }
  return plans;
}

function sectionsFor(subject, step, n) {
  return {
    goal: `${step[0].toUpperCase()}${step.slice(1)} the ${subject} (generation ${n}).`,
    done: `- read the failing runs\n- narrowed it to \`${FILES[n % FILES.length]}\`\n- wrote a regression test`,
    state: `Suite green ${18 + (n % 3)}/20 runs; the e2e suite was not run (staging down).`,
    decisions: 'Fixed per test, not globally: other suites rely on the real behaviour.',
    pitfalls: '`vi.useFakeTimers` leaks between files when a test throws.',
    next: `Read \`${FILES[(n + 3) % FILES.length]}\` first, then run \`npm test -- ${subject.split(' ')[0]}\`.`,
  };
}

/**
 * Writes the board under `base` (`base/.baton`, project folder `base/shop`); `final` is where it will live (the
 * session records' cwd). Returns the manifest: counts and the notes tests and benches point at.
 */
function generate(baton, writeSession, base, final) {
  const rng = random(25);
  const root = join(base, '.baton');
  const cwd = join(base, PROJECT);
  let now = END - SPAN_DAYS * DAY;
  const board = baton.openBoard({ board: root, cwd, env: {}, home: join(base, 'home'), clock: () => now });
  baton.ensureBoard(board);
  writeFileSync(join(root, 'config.json'), `${JSON.stringify({ project: PROJECT }, null, 2)}\n`);

  // Notes: every family planned, then all written in time order (ids follow time, as on a real board).
  const sizes = familySizes(rng);
  const events = [];
  const families = sizes.map((size, f) => {
    const spacing = (10 + rng() * 170) * MINUTE;
    const length = size * spacing * 1.5;
    const latestStart = END - length - MINUTE;
    const start = Math.max(END - SPAN_DAYS * DAY, latestStart - rng() * (SPAN_DAYS * DAY - length));
    const plans = planFamily(rng, f, size, start, spacing);
    const family = {
      f,
      subject: SUBJECTS[f % SUBJECTS.length],
      batch: Math.floor(f / SUBJECTS.length),
      plans,
    };
    plans.forEach((plan, i) => {
      plan.i = i;
      events.push({ family, plan });
    });
    return family;
  });
  events.sort((a, b) => a.plan.at - b.plan.at);
  let generation = 0;
  for (const { family, plan } of events) {
    now = Math.round(plan.at);
    generation++;
    const parent = plan.parent >= 0 ? family.plans[plan.parent] : undefined;
    const step = STEPS[plan.i % STEPS.length];
    const label = family.batch > 0 ? `${family.subject} #${family.batch + 1}` : family.subject;
    const error = rng() < (plan.kind === 'result' ? 0.06 : 0.02);
    plan.error = error;
    if (plan.kind === 'handoff') {
      plan.session = `${plan.agent.harness}-f${family.f}-n${plan.i}-${((generation * 2654435761) >>> 0).toString(16)}`;
      const written = baton.writeHandoff(board, {
        sections: sectionsFor(family.subject, step, plan.i),
        title: `${label}: ${step}${plan.branch ? ' (another approach)' : ''}`,
        session: plan.session,
        parentSession: parent?.session ?? '',
        as: plan.agent.name,
        harness: plan.agent.harness,
        status: error ? 'error' : 'ok',
        provenance: rng() < 0.05 ? 'raw' : 'curated',
        conclusion: `${step} the ${family.subject}: ${error ? 'stopped on an error' : 'done, tests green'}.`,
        files: [FILES[plan.i % FILES.length]],
        currentSession: false,
      });
      plan.id = written.note.id;
    } else {
      const written = baton.writeResult(board, {
        body: `## Findings\n\nThe ${family.subject} goes through \`${FILES[plan.i % FILES.length]}\`:${plan.i * 7}.\n\n- checked ${plan.i + 2} call sites\n- one reads the wall clock\n`,
        task: `Find where the ${family.subject} ${step === 'fix' ? 'breaks' : 'is handled'} (${plan.i})`,
        parentSession: parent.session,
        as: plan.agent.name,
        harness: plan.agent.harness,
        status: error ? 'error' : 'ok',
        currentSession: false,
      });
      plan.id = written.note.id;
    }
  }

  // In progress: the newest handoff of the twelve most recently active families has a live session (no end, no pid).
  const byActivity = [...families].sort((a, b) => b.plans.at(-1).at - a.plans.at(-1).at);
  const inProgress = [];
  for (const family of byActivity.slice(0, 12)) {
    const newest = family.plans.filter((p) => p.kind === 'handoff').at(-1);
    const parent = newest.parent >= 0 ? family.plans[newest.parent].session : '';
    const at = new Date(Math.round(newest.at)).toISOString();
    baton.registerAgent(board, newest.agent.name);
    writeSession(board, {
      id: newest.session,
      harness: newest.agent.harness,
      agent: newest.agent.name,
      cwd: join(final, PROJECT),
      projectKey: PROJECT,
      parentSession: parent,
      startedAt: at,
      lastSeen: at,
    });
    inProgress.push(newest.id);
  }

  const messages = writeMail(baton, board, rng, (t) => {
    now = t;
  });
  const cards = writeCards(baton, board, rng, (t) => {
    now = t;
  });

  const longest = families[0];
  const mainLine = longest.plans.filter((p) => p.kind === 'handoff' && !p.branch);
  return {
    version: WEB_BOARD_VERSION,
    project: PROJECT,
    notes: events.length,
    families: families.length,
    messages,
    cards,
    inProgress,
    errors: events.filter((e) => e.plan.error).length,
    /** Family roots, newest activity first (the timeline's order). */
    familyOrder: byActivity.map((family) => family.plans[0].id),
    longest: {
      root: longest.plans[0].id,
      size: longest.plans.length,
      depth: mainLine.length,
      /** The newest note of its main line, and one halfway down it (a deep link far from the top). */
      newest: mainLine.at(-1).id,
      middle: mainLine[Math.floor(mainLine.length / 2)].id,
      results: longest.plans.filter((p) => p.kind === 'result').length,
      branches: longest.plans.filter((p) => p.branch).length,
    },
  };
}

/** 5,238 message copies: threads of replies between agents and the person, some fanned out; older mail read. */
function writeMail(baton, board, rng, setNow) {
  const names = [...AGENTS.map((a) => a.name), PERSON];
  const total = WEB_BOARD_SHAPE.messages;
  let written = 0;
  let sends = 0;
  let at = END - SPAN_DAYS * DAY;
  const step = (SPAN_DAYS * DAY) / 4_200;
  const threads = [];
  while (written < total) {
    at += step * (0.4 + rng() * 1.2);
    setNow(Math.round(Math.min(at, END)));
    const left = total - written;
    const open = threads.length > 0 && rng() < 0.55;
    if (open) {
      // A reply in a recent thread, to whoever wrote the message it answers.
      const thread = threads[threads.length - 1 - rng.int(Math.min(threads.length, 8))];
      const from = thread.last.to;
      const sent = baton.sendMessage(board, {
        as: from,
        to: thread.last.from,
        body: `Re ${thread.subject}: ${rng() < 0.5 ? 'looked at it, the fix is in' : 'not yet, blocked on review'} (${sends}).`,
        replyTo: thread.last.id,
      });
      thread.last = { id: sent.sent[0].id, from, to: thread.last.from };
      written += sent.sent.length;
    } else {
      const from = rng.pick(names);
      const others = names.filter((n) => n !== from);
      const fan = left >= 4 && rng() < 0.12 ? 2 + rng.int(3) : 1;
      const to = [];
      while (to.length < fan) {
        const name = rng.pick(others);
        if (!to.includes(name)) to.push(name);
      }
      const subject = `${rng.pick(SUBJECTS)}: ${rng.pick(STEPS)}`;
      const sent = baton.sendMessage(board, {
        as: from,
        to: fan === 1 ? to[0] : to,
        subject,
        body: `Can you ${subject.split(': ')[1]} the ${subject.split(':')[0]}? Details in the card (${sends}).\n\n- see \`${rng.pick(FILES)}\``,
      });
      threads.push({ subject, last: { id: sent.sent[0].id, from, to: to[0] } });
      if (threads.length > 40) threads.shift();
      written += sent.sent.length;
    }
    sends++;
    // Agents read their mail every so often; what came in the last days stays unread (the person's too).
    if (sends % 400 === 0 && at < END - 3 * DAY) {
      for (const name of names) {
        if (name === PERSON && rng() < 0.5) continue;
        for (;;) {
          const batch = baton.pollMessages(board, name, { max: 500 });
          batch.acknowledge();
          if (batch.more === 0 || batch.messages.length === 0) break;
        }
      }
    }
  }
  return written;
}

/** 100 cards, each with 1 to 12 entries by several agents. */
function writeCards(baton, board, rng, setNow) {
  const names = AGENTS.map((a) => a.name);
  let at = END - SPAN_DAYS * DAY;
  const step = (SPAN_DAYS * DAY) / (WEB_BOARD_SHAPE.cards * 7);
  const cards = [];
  for (let c = 0; c < WEB_BOARD_SHAPE.cards; c++) {
    at += step * (0.5 + rng());
    setNow(Math.round(at));
    const subject = SUBJECTS[c % SUBJECTS.length];
    const title = `${subject[0].toUpperCase()}${subject.slice(1)}: ${STEPS[c % STEPS.length]}${c >= SUBJECTS.length ? ` (${Math.floor(c / SUBJECTS.length) + 1})` : ''}`;
    const created = baton.createCard(board, {
      title,
      as: rng.pick(names),
      entry: { type: 'note', body: `Tracking the ${subject}. Owner to be decided.` },
    });
    cards.push({ id: created.card.id, entries: 1 + rng.int(12) });
  }
  for (const card of cards) {
    for (let e = 1; e < card.entries; e++) {
      at += step * rng();
      setNow(Math.round(Math.min(at, END)));
      const type = ['note', 'finding', 'question', 'answer'][rng.int(4)];
      baton.appendEntry(board, card.id, {
        type,
        as: rng.pick(names),
        body: `${type === 'question' ? 'Does' : 'Found that'} \`${rng.pick(FILES)}\` ${type === 'question' ? 'need a migration?' : 'holds the state.'}`,
      });
    }
  }
  return cards.length;
}

// `node bench/web-board.mjs [dir]`: makes (or finds) the board and prints where it is.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const made = await webBoard({ dir: process.argv[2], log: (line) => console.error(line) });
  console.log(JSON.stringify(made, null, 2));
}
