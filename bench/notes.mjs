// Notes section of `npm run bench` (issue 9): `baton board` over 10,000 notes in 500 families, and `baton board
// --all` over the same board plus two other projects, each as a ratio to `node -e 0` (goal ≤ 3×).
//
// The notes are written straight into the board folder (as `baton handoff write` would leave them: front matter
// and six sections of a few KB), so seeding takes seconds, not 10,000 process starts. Families are chains of
// handoffs with sub-agent result notes hanging off them, some continuing a session that has no note on the board.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { internals } from './internals.mjs';

const NOTES = 10_000;
const FAMILIES = 500;
/** Notes of other projects on the same board: only `--all` reads them. */
const OTHER_PROJECTS = ['home-me-src-api', 'home-me-src-docs'];
const OTHER_NOTES = 1_000;
const RUNS = 15;
const WARMUP = 2;
const TARGET = 3;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T09:00:00.000Z');

const AGENTS = ['claude-3f2a9c', 'codex-77b1', 'alice', 'gemini-0c4d', 'you'];
const HARNESSES = ['claude', 'codex', 'claude', 'gemini', 'cli'];
const FILES = [
  'src/core/notes/read.ts',
  'src/cli/commands/board.ts',
  'test/login.spec.ts',
  'src/server/session.ts',
  'docs/architecture.md',
  'package.json',
  'src/web/page.tsx',
  'scripts/release.mjs',
];
const PARAGRAPHS = [
  'The login test depended on wall-clock time: it passed before 23:00 UTC and failed after, because the session expiry was computed from `Date.now()` and compared with a fixture written at a fixed hour. Freezing time per test (`vi.useFakeTimers({ now })`) makes it deterministic; freezing it globally broke the retry tests, which wait on real timers.',
  'Ran `npm test` 20 times in a row: 20/20 green. `npm run check` is clean. Not run: the e2e suite (it needs the staging database, which was down all afternoon).',
  'Rejected: mocking `Date` by hand in the fixture module — three other suites import it and would silently share the frozen clock. Rejected: bumping the timeout, which only hides the race.',
  'Pitfall: vitest reuses workers, so a test that forgets `vi.useRealTimers()` in `afterEach` leaks fake time into the next file. Added the hook to `test/setup.ts`. Blocker: the CI runner image still has Node 18; `structuredClone` in the new helper needs 20.',
  'Next: read `test/login.spec.ts` and `test/setup.ts` first, then `src/server/session.ts` (expiry). Open question for the person: should expired sessions refresh silently or log the user out?',
  'State: the branch `fix/login-flake` is pushed, not merged. Review asked from bob. The migration in `db/0042_sessions.sql` is written but not applied anywhere yet.',
];

/** 10,000 notes in 500 families under the cwd's project, and 1,000 in two other projects, on a fresh board. */
export function seedBoard(baton, dir, projectKey) {
  const board = join(dir, '.baton');
  mkdirSync(board, { recursive: true });
  writeFileSync(
    join(board, 'board.json'),
    `${JSON.stringify({ name: 'bench', version: 1, createdAt: new Date(START).toISOString() })}\n`,
  );
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const live = [];
  const write = (key, count, families) => {
    const folder = join(board, 'notes', key);
    mkdirSync(folder, { recursive: true });
    // Family sizes around count / families (5 to 35 for the main project), summing to count exactly.
    const sizes = Array.from({ length: families }, () => 0);
    for (let i = 0; i < count; i++) sizes[i < families ? i : Math.floor(random() * families)]++;
    sizes.forEach((size, family) => {
      let at = START + Math.floor(random() * 300) * DAY_MS + family * 1000;
      // One family in five continues a session that left no note on this board (an external parent).
      let parent = family % 5 === 0 ? uuid(random) : '';
      let mainSession = '';
      for (let n = 0; n < size; n++) {
        at += Math.floor(random() * 6 * 3_600_000) + 60_000;
        // About one note in four is a sub-agent's result under the current main session.
        const subAgent = n > 0 && random() < 0.25;
        // Session ids as harnesses make them (uuids), so their 8-character prefixes differ.
        const noteSession = uuid(random);
        const noteParent = subAgent ? mainSession : parent;
        if (!subAgent) {
          parent = noteSession;
          mainSession = noteSession;
        }
        const agent = Math.floor(random() * AGENTS.length);
        const id = baton.newId('n', at);
        const files = Array.from({ length: Math.floor(random() * 5) }, () => pick(FILES));
        const fields = {
          id,
          kind: subAgent ? 'result' : 'handoff',
          projectKey: key,
          session: noteSession,
          parentSession: noteParent,
          agent: AGENTS[agent],
          harness: HARNESSES[agent],
          createdAt: new Date(at).toISOString(),
          title: `${pick(['Login flake', 'Session expiry', 'Release script', 'Docs pass', 'Web page'])} — step ${n + 1} of family ${family}`,
          status: random() < 0.05 ? 'error' : 'ok',
          conclusion: random() < 0.5 ? 'Frozen time per test; suite green 20/20 runs.' : undefined,
          files: [...new Set(files)],
          artifacts: [],
          provenance: random() < 0.2 ? 'raw' : 'curated',
          rev: Math.floor(random() * 0xfffffff).toString(16),
        };
        writeFileSync(join(folder, `${id}.md`), baton.formatRecord(fields, body(random)));
        if (family % 50 === 0 && n === size - 1) live.push({ session: noteSession, key, at });
      }
    });
  };
  write(projectKey, NOTES, FAMILIES);
  for (const key of OTHER_PROJECTS) write(key, OTHER_NOTES / OTHER_PROJECTS.length, 25);
  // A few live sessions (no pid, not ended), so the in-progress badge is computed on a real list.
  mkdirSync(join(board, 'sessions'), { recursive: true });
  for (const { session, key, at } of live) {
    const iso = new Date(at).toISOString();
    const record = {
      id: session,
      harness: 'claude',
      agent: 'alice',
      cwd: dir,
      projectKey: key,
      parentSession: '',
      startedAt: iso,
      lastSeen: iso,
    };
    writeFileSync(join(board, 'sessions', `${session}.json`), `${JSON.stringify(record)}\n`);
  }
  return board;
}

function uuid(random) {
  const hex = (n) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

// Six sections of two to five paragraphs each: a few KB, as real handoffs are.
function body(random) {
  const titles = [
    'Goal',
    'Done',
    'State and open questions',
    'Decisions and rejected options',
    'Pitfalls and blockers',
    'Next steps and read-first list',
  ];
  return titles
    .map((title) => {
      const count = 1 + Math.floor(random() * 3);
      const text = Array.from(
        { length: count },
        (_, i) => PARAGRAPHS[(i + Math.floor(random() * 6)) % 6],
      ).join('\n\n');
      return `## ${title}\n${text}\n`;
    })
    .join('\n');
}

/** The notes rows for bench/run.mjs. ctx: { tmpdir(), bin, dist, log? }. */
export default async function notesBench(ctx) {
  // The library, and the internals the seeders need (ids, front matter: bench/internals.mjs).
  const baton = {
    ...(await import(pathToFileURL(join(ctx.dist, 'index.js')).href)),
    ...(await internals(ctx)),
  };
  const log = ctx.log ?? (() => {});
  const dir = ctx.tmpdir();
  const cwd = join(dir, 'shop');
  mkdirSync(cwd);
  // The project key `baton board` uses for this folder, asked of baton itself (an empty board says it).
  const probe = join(dir, 'probe');
  mkdirSync(join(probe, 'notes'), { recursive: true });
  writeFileSync(
    join(probe, 'board.json'),
    '{"name":"probe","version":1,"createdAt":"2026-01-01T00:00:00.000Z"}\n',
  );
  const asked = spawnSync(process.execPath, [ctx.bin, 'board', '--json', '--board', probe], {
    cwd,
    env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('BATON_'))),
    encoding: 'utf8',
  });
  const projectKey = JSON.parse(asked.stdout).project;
  const started = performance.now();
  const board = seedBoard(baton, dir, projectKey);
  log(
    `seeded ${NOTES.toLocaleString('en-US')} notes in ${FAMILIES} families (+${OTHER_NOTES} in other projects) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const env = { BATON_DIR: board };
  const rows = [];
  const row = (name, timing, lines) => ({
    name,
    value: `${timing.medianMs.toFixed(1)} ms vs ${timing.baselineMs.toFixed(1)} ms (min ratio ${timing.minRatio.toFixed(2)}×; ${lines} lines)`,
    ratio: timing.ratio,
    target: `≤ ${TARGET}×`,
    ok: timing.ratio <= TARGET,
  });
  const lines = (text) => text.split('\n').length - 1;
  // What a person runs: the newest 20 families, computed over every note of the project.
  const project = ctx.timeCommand(['board'], { cwd, env, paired: true, runs: RUNS, warmup: WARMUP });
  if (!/older families \(--limit 0 shows every one\)/.test(project.stdout)) {
    throw new Error(
      `baton board did not stop at its default of 20 families:\n${project.stdout.slice(0, 500)}`,
    );
  }
  rows.push(
    row(
      `baton board, ${NOTES.toLocaleString('en-US')} notes in ${FAMILIES} families`,
      project,
      lines(project.stdout),
    ),
  );
  // Every family: the whole timeline as text.
  const whole = ctx.timeCommand(['board', '--limit', '0'], {
    cwd,
    env,
    paired: true,
    runs: RUNS,
    warmup: WARMUP,
  });
  const shown = lines(whole.stdout);
  if (shown < NOTES) throw new Error(`baton board --limit 0 showed ${shown} lines for ${NOTES} notes`);
  rows.push(row(`baton board --limit 0, ${NOTES.toLocaleString('en-US')} notes`, whole, shown));
  const all = ctx.timeCommand(['board', '--all', '--limit', '0'], {
    cwd,
    env,
    paired: true,
    runs: RUNS,
    warmup: WARMUP,
  });
  rows.push(
    row(
      `baton board --all --limit 0, ${(NOTES + OTHER_NOTES).toLocaleString('en-US')} notes in 3 projects`,
      all,
      lines(all.stdout),
    ),
  );
  return rows;
}
