// Web section of `npm run bench`: the web UI in headless Chromium (playwright-core) against `baton serve`.
// (a) the timeline's first render over 5,000 notes in 300 families: from page.goto to the newest family's row in the
//     DOM (the list is windowed: the 300th family is not drawn until scrolled to; it must say it holds 300), median
//     of 3 loads, each in a fresh browser context (nothing cached) — goal < 1 s;
// (b) a `baton send` from another process to the message visible in an open page (the page's live update): from the
//     message's file on disk (its mtime) to the page seeing it, median of 5 — goal < 300 ms; the same from just
//     before the spawn is printed beside it (it adds a Node start, which the hook and send benches measure);
// (c) the server's resident memory (VmRSS) before and after 1,000 loads: the page's four first requests fetched from
//     Node (/, /app.js, /api/board, /api/timeline) plus 50 real page loads in Chromium — informational.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cleanEnv, launchChromium, median, serveBoard } from './web-helpers.mjs';

const NOTES = 5_000;
const FAMILIES = 300;
const LOADS = 3;
const SENDS = 5;
const FETCH_LOADS = 1_000;
const BROWSER_LOADS = 50;
const RENDER_GOAL_MS = 1_000;
const LIVE_GOAL_MS = 300;
const SECTION_TEXT = {
  goal: 'Make the login test stable.',
  done: 'Froze time per test; removed the retry.',
  state: 'Suite green 20/20 runs; e2e not run (staging down).',
  decisions: 'Per test, not global: other suites rely on real timers.',
  pitfalls: '`vi.useFakeTimers` leaks between files when a test throws.',
  next: 'Read test/login.spec.ts and test/setup.ts first.',
};

/**
 * 5,000 notes in 300 families, written with the library in-process: 300 first notes, then the rest spread round-robin
 * over the families — two continuations (a new session continuing the family's newest) for each sub-agent result
 * (under the family's newest session). Times one minute apart, ending an hour ago. Returns the family roots in the
 * order the timeline shows them (newest activity first).
 */
function seedNotes(baton, dir) {
  const start = Date.now() - (NOTES + 60) * 60_000;
  let now = start;
  const board = baton.openBoard({
    board: join(dir, '.baton'),
    cwd: dir,
    env: {},
    home: dir,
    clock: () => now,
  });
  const roots = [];
  const newest = [];
  const latest = [];
  for (let n = 0; n < NOTES; n++) {
    now = start + n * 60_000;
    const family = n % FAMILIES;
    const session = `s${n}-${family}-bench`;
    if (n < FAMILIES) {
      const note = baton.writeHandoff(board, {
        sections: SECTION_TEXT,
        title: `Family ${family}: login flake, step 0`,
        session,
        parentSession: '',
        agent: 'alice',
        harness: 'claude',
        currentSession: false,
      }).note;
      roots[family] = note.id;
      newest[family] = session;
    } else if (n % 3 === 0) {
      baton.writeResult(board, {
        body: `## Findings\n\nThe clock is read in test/login.spec.ts:${n % 97}.\n`,
        task: `Find where the login test reads the clock (${n})`,
        parentSession: newest[family],
        agent: 'alice',
        harness: 'claude',
        currentSession: false,
      });
    } else {
      baton.writeHandoff(board, {
        sections: SECTION_TEXT,
        title: `Family ${family}: login flake, step ${Math.floor(n / FAMILIES)}`,
        session,
        parentSession: newest[family],
        agent: 'alice',
        harness: 'claude',
        currentSession: false,
      });
      newest[family] = session;
    }
    latest[family] = now;
  }
  const order = roots.map((id, family) => ({ id, at: latest[family] })).sort((a, b) => b.at - a.at);
  return { root: board.root, board, order: order.map((family) => family.id) };
}

function rssMb(pid) {
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** One cold load of the timeline: ms from goto to the newest family's row in the DOM (wall, and page-side). */
async function loadTimeline(browser, url, firstRoot, allRoots) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${url}#/timeline`, { waitUntil: 'commit' });
    const inPage = await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-testid="timeline-node"][data-family="${id}"]`) ? performance.now() : 0,
      firstRoot,
      { polling: 'raf', timeout: 60_000 },
    );
    const wall = performance.now() - started;
    const pageMs = await inPage.jsonValue();
    const families = await page
      .locator(`[data-testid="timeline-node"][data-family="${firstRoot}"]`)
      .getAttribute('aria-setsize');
    if (Number(families) !== allRoots.length)
      throw new Error(`the timeline holds ${families} families, not ${allRoots.length}`);
    return { wall, pageMs };
  } finally {
    await context.close();
  }
}

/**
 * One live update: ms from just before `baton send` is spawned to the open page showing the message (`shown`), and to
 * the send process's exit (`exited`).
 */
async function timeSend(page, bin, root, marker) {
  // The watch is set up in the page first; it records the (epoch) time it first sees the marker.
  await page.evaluate((text) => {
    window.__seen = new Promise((resolve) => {
      const check = () => {
        if (!document.body.textContent.includes(text)) return false;
        resolve(performance.timeOrigin + performance.now());
        return true;
      };
      if (check()) return;
      const observer = new MutationObserver(() => {
        if (check()) observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, marker);
  const started = performance.timeOrigin + performance.now();
  const exited = new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, 'send', '--as', 'alice', '--to', 'bob', '--body', marker, '--board', root],
      { cwd: root, env: cleanEnv(), stdio: 'ignore' },
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve(performance.timeOrigin + performance.now())
        : reject(new Error(`baton send exited ${code}`)),
    );
  });
  const seenAt = await Promise.race([
    page.evaluate(() => window.__seen),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`"${marker}" never shown`)), 15_000)),
  ]);
  // When the sender's process ended (its file written): what is left after it is the server's and the page's part.
  const exitedAt = await exited;
  return {
    shown: seenAt - started,
    exited: exitedAt - started,
    live: seenAt - writtenAt(root, 'bob', marker),
  };
}

/** When the message holding `marker` reached the disk: its file's mtime (epoch ms, the clock the page uses). */
function writtenAt(root, agent, marker) {
  const mailbox = join(root, 'messages', agent);
  const day = readdirSync(mailbox).sort().at(-1);
  for (const name of readdirSync(join(mailbox, day)).sort().reverse()) {
    const path = join(mailbox, day, name);
    if (readFileSync(path, 'utf8').includes(marker)) return statSync(path).mtimeMs;
  }
  throw new Error(`no message file holds "${marker}"`);
}

/** The web rows for bench/run.mjs. ctx: { tmpdir(), bin, dist, log? }. */
export default async function webBench(ctx) {
  const log = ctx.log ?? (() => {});
  const baton = await import(pathToFileURL(join(ctx.dist, 'index.js')).href);
  const dir = ctx.tmpdir();
  const seeding = performance.now();
  const seeded = seedNotes(baton, dir);
  log(
    `web: seeded ${NOTES.toLocaleString('en-US')} notes in ${FAMILIES} families in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  for (let i = 0; i < 3; i++)
    baton.sendMessage(seeded.board, { from: 'bob', to: 'alice', body: `mail ${i}` });

  const browser = await launchChromium();
  const server = await serveBoard(ctx.bin, seeded.root);
  const rows = [];
  try {
    const startRss = rssMb(server.pid);
    const firstRoot = seeded.order[0];
    const loads = [];
    for (let i = 0; i < LOADS; i++)
      loads.push(await loadTimeline(browser, server.url, firstRoot, seeded.order));
    const render = median(loads.map((l) => l.wall));
    // Where the time goes: the timeline's JSON alone, fetched from Node (warm server).
    const api = [];
    let apiBytes = 0;
    for (let i = 0; i < 3; i++) {
      const began = performance.now();
      apiBytes = (await (await fetch(`${server.url}api/timeline`)).arrayBuffer()).byteLength;
      api.push(performance.now() - began);
    }
    rows.push({
      name: `timeline first render, ${NOTES.toLocaleString('en-US')} notes / ${FAMILIES} families (goto → the newest family's row, median of ${LOADS} cold contexts)`,
      value: `${render.toFixed(0)} ms (loads ${loads.map((l) => l.wall.toFixed(0)).join(', ')} ms; in page ${loads.map((l) => l.pageMs.toFixed(0)).join(', ')} ms after navigation start; GET /api/timeline alone ${median(api).toFixed(0)} ms, ${(apiBytes / 1024).toFixed(0)} KB)`,
      target: `< ${RENDER_GOAL_MS} ms`,
      ok: render < RENDER_GOAL_MS,
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}#/mail`);
    await page.locator('[data-testid="live"][data-state="open"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="thread"]').first().waitFor({ timeout: 30_000 });
    const sends = [];
    for (let i = 0; i < SENDS; i++)
      sends.push(await timeSend(page, ctx.bin, seeded.root, `bench-live-${i}-${Date.now().toString(36)}`));
    await context.close();
    const live = median(sends.map((s) => s.live));
    rows.push({
      name: `baton send → message shown in the open mail view: from its file on disk to the page (median of ${SENDS})`,
      value: `${live.toFixed(0)} ms (runs ${sends.map((s) => s.live.toFixed(0)).join(', ')} ms)`,
      target: `< ${LIVE_GOAL_MS} ms`,
      ok: live < LIVE_GOAL_MS,
    });
    rows.push({
      name: `baton send → message shown, counting the spawn of \`baton send\` itself (median of ${SENDS})`,
      value: `${median(sends.map((s) => s.shown)).toFixed(0)} ms (the send process exits after ${median(sends.map((s) => s.exited)).toFixed(0)} ms, median)`,
      target: '',
      ok: null,
    });

    const before = rssMb(server.pid);
    const started = performance.now();
    // RSS every quarter: growth that levels off is a heap finding its size, growth that keeps on is a leak.
    const quarters = [];
    for (let i = 0; i < FETCH_LOADS; i++) {
      if (i > 0 && i % (FETCH_LOADS / 4) === 0) quarters.push(rssMb(server.pid));
      for (const path of ['', 'app.js', 'api/board', 'api/timeline']) {
        const response = await fetch(`${server.url}${path}`);
        if (response.status !== 200) throw new Error(`GET /${path}: ${response.status}`);
        await response.arrayBuffer();
      }
    }
    const fetchSeconds = (performance.now() - started) / 1000;
    const browserContext = await browser.newContext();
    const browserPage = await browserContext.newPage();
    for (let i = 0; i < BROWSER_LOADS; i++) {
      await browserPage.goto(`${server.url}#/timeline`);
      await browserPage.locator('[data-testid="timeline-node"]').first().waitFor({ timeout: 30_000 });
    }
    await browserContext.close();
    const after = rssMb(server.pid);
    log(`web: ${FETCH_LOADS} fetched loads in ${fetchSeconds.toFixed(1)} s`);
    rows.push({
      name: `server RSS: ${FETCH_LOADS.toLocaleString('en-US')} loads fetched from Node (/, /app.js, /api/board, /api/timeline) + ${BROWSER_LOADS} Chromium page loads`,
      value: `start ${startRss.toFixed(0)} MB (before the loads ${before.toFixed(0)} MB), end ${after.toFixed(0)} MB, growth ${(after - before).toFixed(0)} MB (after each quarter of the fetches: ${quarters.map((mb) => mb.toFixed(0)).join(', ')} MB)`,
      target: '',
      ok: null,
    });
  } finally {
    await server.stop();
    await browser.close();
  }
  return rows;
}
