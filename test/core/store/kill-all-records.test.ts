// Crash safety for every record type: writers SIGKILLed at random points leave only whole records, and no
// temp file a kill leaves behind is ever taken for a record.
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { listAgents } from '../../../src/core/agents/registry.js';
import { diagnoseBoard } from '../../../src/core/board/doctor.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { listCards, readCard } from '../../../src/core/cards/index.js';
import { readMessageFile } from '../../../src/core/messages/message.js';
import { listMessages } from '../../../src/core/messages/read.js';
import { readPending } from '../../../src/core/pending/index.js';
import { listSessions } from '../../../src/core/sessions/live.js';
import { isTempName, TEMP_SUFFIX } from '../../../src/core/store/atomic-write.js';
import { fileStore } from '../../../src/core/store/file-store.js';
import { payload } from '../../helpers/kill-writer.js';
import { spawnTracked } from '../../helpers/processes.js';
import { cleanEnv, testdir } from '../../helpers/testdir.js';

// KILL_TEST_KILLS=200 gives a quick run while working on the store; the suite runs 1,000.
const KILLS = Number(process.env.KILL_TEST_KILLS ?? 1000);
const PARALLEL = 3;
/** A kill lands this long after the writer is loaded and writing (uniform), so it hits a random write. */
const MAX_DELAY_MS = 100;

/** Kills per board: boards are rotated so their size (and so the writers' per-write cost) stays bounded. */
const KILLS_PER_BOARD = 100;

/** Resolves with the writer's stderr if it died on its own (an exception) instead of by our SIGKILL. */
function runAndKill(script: string, root: string, tag: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawnTracked(process.execPath, [script, root, tag], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    // The clock starts once the writer is loaded, so every kill lands among its writes, not in Node's startup.
    child.stdout?.once('data', () => {
      timer = setTimeout(() => child.kill('SIGKILL'), Math.random() * MAX_DELAY_MS);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' ? undefined : `${tag}: ${stderr}`);
    });
  });
}

/**
 * Temp files a crash could leave (`.<name>.<pid>.<hex>.baton-tmp`, torn) and hidden files with record-like
 * names, planted by hand so the reader checks cannot pass vacuously. Returns how many of each kind.
 */
function plantLeftovers(root: string): number {
  const torn = { md: '---\nid: m-01\nfrom: al', json: '{"name": "w-' };
  const day = readdirSync(join(root, 'messages', 'bob'))[0]!;
  const planted: [string, string][] = [
    [`messages/bob/${day}/.m-01M8P2VA37Q81D5FSFYWEZ5HBJ.md.4242.0badc0de.baton-tmp`, torn.md],
    [`messages/bob/${day}/.m-01M8P2VA37Q81D5FSFYWEZ5HBJ.md`, torn.md],
    ['cards/.c-01M8P2VA37Q81D5FSFYWEZ5HBJ-torn.md.4242.0badc0de.baton-tmp', torn.md],
    ['cards/.c-01M8P2VA37Q81D5FSFYWEZ5HBJ-torn.md', torn.md],
    ['agents/.w-torn.json.4242.0badc0de.baton-tmp', torn.json],
    ['agents/.w-torn.json', torn.json],
    ['sessions/.sess-torn.json.4242.0badc0de.baton-tmp', torn.json],
    ['sessions/.sess-torn.json', torn.json],
    ['pending/.sess-torn.json.4242.0badc0de.baton-tmp', torn.json],
    ['pending/.sess-torn.json', torn.json],
  ];
  for (const [rel, text] of planted) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return planted.length / 2;
}

/** The payload step a body was made for, so the body can be compared with what the writer meant to write. */
function stepOf(body: string): string {
  return /^payload (\S+) /.exec(body)?.[1] ?? '(none)';
}

interface Tally {
  counts: Record<'message' | 'card' | 'entry' | 'agent' | 'session' | 'pending' | 'json', number>;
  torn: string[];
  unknown: string[];
  temps: number;
}

/** Reads every file of one board as its reader would, and checks the readers agree on what is a record. */
function checkBoard(root: string, tally: Tally): void {
  const planted = plantLeftovers(root);
  const board = openBoard({ board: root, cwd: root, env: {} });
  const { counts, torn } = tally;
  const before = { ...counts };
  let temps = 0;
  let hidden = 0;
  const check = (path: string) => {
    const rel = relative(root, path);
    const name = basename(path);
    if (isTempName(name)) {
      if (name.endsWith(TEMP_SUFFIX)) temps++;
      else hidden++;
      return;
    }
    // Empty queue markers, last-seen stamps and the hook gate's marks: derived state, no content to tear.
    if (
      ['state/delivery/', 'state/seen/', 'state/hook-gate/', 'state/recent-edits/'].some((at) =>
        rel.startsWith(at),
      )
    )
      return;
    if (rel.startsWith('messages/') && name.endsWith('.md')) {
      counts.message++;
      const read = readMessageFile(fileStore(root), path);
      if (!read.ok) torn.push(`${path}: ${read.reason}`);
      else if (read.message.body !== `${payload(stepOf(read.message.body))}\n`) torn.push(`${path}: body`);
      return;
    }
    if (rel.startsWith('cards/') && name.endsWith('.md')) {
      counts.card++;
      const read = readCard(board, name.slice(0, 28));
      if (read.problem) torn.push(`${path}: ${read.problem}`);
      for (const entry of read.entries) {
        counts.entry++;
        if (entry.body !== payload(stepOf(entry.body))) torn.push(`${path}: entry ${entry.id}`);
      }
      return;
    }
    if (name.endsWith('.json')) {
      let value: { session?: unknown };
      try {
        value = JSON.parse(readFileSync(path, 'utf8')) as { session?: unknown };
      } catch {
        torn.push(`${path}: not JSON`);
        return;
      }
      const folder = rel.split('/')[0]!;
      if (folder === 'agents') counts.agent++;
      else if (folder === 'sessions') counts.session++;
      else if (folder === 'pending') {
        counts.pending++;
        if (readPending(board, String(value.session)).state !== 'open') torn.push(`${path}: not open`);
      } else counts.json++;
      return;
    }
    tally.unknown.push(path);
  };
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      // `<record>.lock` folders are held or stale writer locks; they hold no records. A lock being made (or let go)
      // under a temp name, its holder killed right there, is one leftover, as doctor counts it.
      if (lstatSync(path).isDirectory()) {
        if (name.endsWith(TEMP_SUFFIX)) temps++;
        else if (!name.endsWith('.lock')) walk(path);
      } else check(path);
    }
  };
  walk(root);
  expect(temps).toBeGreaterThanOrEqual(planted);
  expect(hidden).toBe(planted);
  tally.temps += temps - planted;

  // Readers see exactly the whole records: no problems, and no temp or hidden file taken for a record.
  const messages = listMessages(board, { limit: 0 });
  expect(messages.problems).toEqual([]);
  expect(messages.messages).toHaveLength(counts.message - before.message);
  const agents = listAgents(board);
  expect(agents.problems).toEqual([]);
  expect(agents.agents.filter((a) => a.registered)).toHaveLength(counts.agent - before.agent);
  const cards = listCards(board);
  expect(cards.problems).toEqual([]);
  expect(cards.cards).toHaveLength(counts.card - before.card);
  const sessions = listSessions(board);
  expect(sessions.problems).toEqual([]);
  expect(sessions.sessions).toHaveLength(counts.session - before.session);
  const doctor = diagnoseBoard(board);
  expect(doctor.problems).toEqual([]);
  expect(doctor.lines).toContainEqual({
    status: 'info',
    check: 'temp files',
    detail: `${temps} left by interrupted writes (\`baton gc\`)`,
  });
  expect(doctor.lines).toContainEqual({
    status: 'info',
    check: 'hidden files',
    detail: `${planted} ignored by readers`,
  });
}

describe('every record type under SIGKILL', () => {
  it(`${KILLS} kills at random points leave every record whole and every temp file ignored`, async () => {
    const dir = testdir();
    const script = join(dir, 'kill-writer.mjs');
    // Bundled from src (not dist), so the writer runs exactly the code under test and needs no build.
    buildSync({
      entryPoints: [join(import.meta.dirname, '../../helpers/kill-writer.ts')],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    const boardOf = (i: number) => join(dir, `board-${Math.floor(i / KILLS_PER_BOARD)}`, '.baton');

    const started = Date.now();
    const failures: string[] = [];
    let next = 0;
    let kills = 0;
    const worker = async () => {
      while (next < KILLS) {
        const i = next++;
        const failure = await runAndKill(script, boardOf(i), `k${i}`);
        if (failure) failures.push(failure);
        else kills++;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const killSeconds = ((Date.now() - started) / 1000).toFixed(1);
    expect(failures).toEqual([]);
    expect(kills).toBe(KILLS);

    const checkStarted = Date.now();
    const tally: Tally = {
      counts: { message: 0, card: 0, entry: 0, agent: 0, session: 0, pending: 0, json: 0 },
      torn: [],
      unknown: [],
      temps: 0,
    };
    const boards = new Set(Array.from({ length: KILLS }, (_, i) => boardOf(i)));
    for (const root of boards) checkBoard(root, tally);
    const checkSeconds = ((Date.now() - checkStarted) / 1000).toFixed(1);
    const { counts, torn } = tally;
    expect(torn).toEqual([]);
    expect(tally.unknown).toEqual([]);
    // The writers got through every kind of write (how far depends on the machine's load), and some kills
    // landed mid-write: they left temp files.
    for (const kind of ['message', 'card', 'entry', 'agent', 'session', 'pending'] as const)
      expect(counts[kind], kind).toBeGreaterThan(0);
    expect(tally.temps).toBeGreaterThan(0);
    const records = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `kill test: ${kills} kills, ${records} records checked, ${torn.length} torn ` +
        `(${counts.message} messages, ${counts.card} cards / ${counts.entry} entries, ${counts.agent} agents, ` +
        `${counts.session} sessions, ${counts.pending} pending, ${counts.json} other JSON; ` +
        `${tally.temps} temp files left by kills; ${boards.size} boards; kills ${killSeconds} s, checks ${checkSeconds} s)`,
    );
    // About two minutes alone on two cores; beside a second copy of the suite and other work, over ten: the timeout
    // is a hang guard.
  }, 1_800_000);
});
