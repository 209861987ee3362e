import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, median, serveBoard } from './web-helpers.mjs';

const COLD_GOAL_MS = 1_000;
const WARM_GOAL_MS = 500;
const TOGGLE_GOAL_MS = 100;
const FRAME_GOAL_MS = 20;
const WARM_LOADS = 5;
const TOGGLES = 6;
const SCROLL_FRAMES = 600;
const SCROLL_STEP = 120;
const ROW = '[data-testid="timeline-node"]';

/** The timeline rows for bench/run.mjs. ctx: { tmpdir(), bin, dist, root, log? }. */
export default async function timelineBench(ctx) {
  const log = ctx.log ?? (() => {});
  const { webBoard } = await import(pathToFileURL(join(ctx.root, 'bench', 'web-board.mjs')).href);
  const cached = await webBoard({ dist: ctx.dist, log });
  const dir = ctx.tmpdir();
  const copied = performance.now();
  const board = await webBoard({ dist: ctx.dist, dir });
  // Cold means no derived cache either: the server reads every note's front matter.
  rmSync(join(board.root, 'state', 'note-heads'), { recursive: true, force: true });
  log(
    `timeline: board copied in ${((performance.now() - copied) / 1000).toFixed(1)} s (${cached.manifest.notes} notes)`,
  );

  const browser = await launchChromium();
  const server = await serveBoard(ctx.bin, board.root, board.cwd);
  const rows = [];
  try {
    const cold = await firstRow(browser, server.url);
    const warm = [];
    for (let i = 0; i < WARM_LOADS; i++) warm.push(await firstRow(browser, server.url));
    rows.push({
      name: `timeline first row, cold (server just started, no front-matter cache, fresh context; ${board.manifest.notes.toLocaleString('en-US')} notes / ${board.manifest.families} families)`,
      value: `${cold.toFixed(0)} ms after navigation start`,
      target: `< ${COLD_GOAL_MS} ms`,
      ok: cold < COLD_GOAL_MS,
    });
    const warmMedian = median(warm);
    rows.push({
      name: `timeline first row, warm (fresh context, median of ${WARM_LOADS})`,
      value: `${warmMedian.toFixed(0)} ms (loads ${warm.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      target: `< ${WARM_GOAL_MS} ms`,
      ok: warmMedian < WARM_GOAL_MS,
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}#/timeline`);
    await page.locator(ROW).first().waitFor({ timeout: 60_000 });
    const toggles = await toggleFamilies(page);
    rows.push({
      name: `open a family (▶ click → its lines in the DOM), median of ${toggles.open.length}; close it again`,
      value: `open ${median(toggles.open).toFixed(0)} ms (${toggles.open.map((ms) => ms.toFixed(0)).join(', ')}), close ${median(toggles.close).toFixed(0)} ms`,
      target: `< ${TOGGLE_GOAL_MS} ms`,
      ok: median(toggles.open) < TOGGLE_GOAL_MS,
    });

    const expanded = await expandAll(page, board.manifest);
    const frames = await scrollFrames(page);
    rows.push({
      name: `scroll the fully expanded timeline (${expanded.items.toLocaleString('en-US')} rows, ${expanded.inDom} in the DOM; ${SCROLL_STEP} px a frame for ${SCROLL_FRAMES} frames): p95 frame`,
      value: `${frames.p95.toFixed(1)} ms (median ${frames.median.toFixed(1)} ms, max ${frames.max.toFixed(1)} ms; expanding all took ${expanded.ms.toFixed(0)} ms)`,
      target: `≤ ${FRAME_GOAL_MS} ms`,
      ok: frames.p95 <= FRAME_GOAL_MS,
    });
    await context.close();
  } finally {
    await server.stop();
    await browser.close();
  }
  return rows;
}

/** ms from navigation start to the first timeline row, in a fresh context (nothing cached in the browser). */
async function firstRow(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${url}#/timeline`, { waitUntil: 'commit' });
    const at = await page.waitForFunction(
      (row) => (document.querySelector(row) ? performance.now() : 0),
      ROW,
      {
        polling: 'raf',
        timeout: 60_000,
      },
    );
    return await at.jsonValue();
  } finally {
    await context.close();
  }
}

/** Opens and closes the first families that open, timing each in the page from the click to the DOM changed. */
async function toggleFamilies(page) {
  const open = [];
  const close = [];
  const keys = await page
    .locator(`${ROW}[aria-expanded="false"]`)
    .evaluateAll((nodes, n) => nodes.slice(0, n).map((node) => node.getAttribute('data-family')), TOGGLES);
  for (const key of keys) {
    for (const opening of [true, false]) {
      const ms = await page.evaluate(
        ({ key, opening, row }) =>
          new Promise((resolve, reject) => {
            const family = [...document.querySelectorAll(row)].find(
              (n) => n.getAttribute('data-family') === key,
            );
            const twisty = family?.querySelector('[data-testid="expand"]');
            if (!twisty) return reject(new Error(`no ▶ on family ${key}`));
            const lines = () =>
              [...document.querySelectorAll(row)].some((n) => n.getAttribute('data-family-of') === key);
            const started = performance.now();
            twisty.click();
            const check = () => {
              if (lines() === opening) return resolve(performance.now() - started);
              if (performance.now() - started > 30_000)
                return reject(new Error(`family ${key} did not toggle`));
              requestAnimationFrame(check);
            };
            check();
          }),
        { key, opening, row: ROW },
      );
      (opening ? open : close).push(ms);
    }
  }
  return { open, close };
}

/** Loads every family (scrolling to the end of the list) and opens them all with the tree's `*` key. */
async function expandAll(page, manifest) {
  const started = performance.now();
  const pane = page.locator('.list-pane');
  const count = () => page.locator('[data-testid="timeline"]').getAttribute('data-virtual-rows').then(Number);
  // Scrolled to the end, the list asks for the next page of families; the families are all in when the end shows
  // no "more" row.
  for (let round = 0; round < 50; round++) {
    const before = await count();
    await pane.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForFunction(
      (n) =>
        Number(document.querySelector('[data-testid="timeline"]')?.getAttribute('data-virtual-rows')) > n ||
        !document.querySelector('[data-testid="timeline-more"]'),
      before,
      { timeout: 60_000, polling: 'raf' },
    );
    if ((await count()) === before) break;
  }
  await pane.evaluate((el) => {
    el.scrollTop = 0;
  });
  await page.locator(ROW).first().focus();
  await page.keyboard.press('*');
  // Every family's lines in: as many rows as notes, plus one summary row per family that opens.
  await page.waitForFunction(
    (notes) => {
      const tree = document.querySelector('[data-testid="timeline"]');
      return (
        tree &&
        !document.querySelector('.tl-wait') &&
        Number(tree.getAttribute('data-virtual-rows')) >= notes &&
        !document.querySelector('[data-testid="timeline-more"]')
      );
    },
    manifest.notes,
    { timeout: 120_000, polling: 200 },
  );
  const items = Number(await page.locator('[data-testid="timeline"]').getAttribute('data-virtual-rows'));
  const inDom = await page.locator(ROW).count();
  return { ms: performance.now() - started, items, inDom };
}

/** Scrolls the list pane by script, a step per animation frame, and returns the frame gaps' statistics. */
async function scrollFrames(page) {
  const gaps = await page.locator('.list-pane').evaluate(
    (el, { frames, step }) =>
      new Promise((resolve) => {
        const out = [];
        let last = performance.now();
        let n = 0;
        const frame = (now) => {
          out.push(now - last);
          last = now;
          el.scrollTop += step;
          if (++n < frames) requestAnimationFrame(frame);
          else resolve(out.slice(2));
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(frame);
        });
      }),
    { frames: SCROLL_FRAMES, step: SCROLL_STEP },
  );
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)],
    median: median(sorted),
    max: sorted.at(-1),
  };
}
