import { existsSync } from 'node:fs';
import { webBoard } from './web-board.mjs';
import { CHROMIUM, launchChromium, serveBoard } from './web-helpers.mjs';

const SERVER_GOAL_MS = 50;
const SHOWN_GOAL_MS = 150;
const ROUNDS = 8;
const QUERIES = [
  'login',
  'payment retries',
  'cache invalidation',
  'migra',
  'invalidaton',
  'timezone bugs',
  'webhooks&type=message',
  'postgres&type=note,result',
  'flake&type=card',
  'audit log',
];
/** Queries typed into the page (each appears on the big board). */
const TYPED = ['login', 'payment retries', 'webhooks', 'audit log', 'migra', 'rate limiter'];

export default async function searchSection(ctx) {
  const dir = ctx.tmpdir();
  ctx.log('search: copying the big board');
  const { root } = await webBoard({ dir, dist: ctx.dist, log: ctx.log });
  const rows = [];
  const server = await serveBoard(ctx.bin, root);
  try {
    const first = await timed(`${server.url}api/search?q=login`);
    rows.push({
      name: 'index build: first /api/search on the big board',
      value: `${first.ms.toFixed(0)} ms (${first.body.total} hits)`,
      target: 'informational',
      ok: null,
    });
    const times = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of QUERIES) {
        const [q, filter] = query.split('&');
        const answer = await timed(
          `${server.url}api/search?q=${encodeURIComponent(q)}${filter ? `&${filter}` : ''}`,
        );
        if (round === 0 && answer.body.results === undefined) throw new Error(`no results for ${query}`);
        times.push(answer.ms);
      }
    }
    const p50 = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    rows.push({
      name: `server answer p50 (${times.length} searches)`,
      value: `${p50.toFixed(1)} ms`,
      target: `< ${SERVER_GOAL_MS} ms`,
      ok: p50 < SERVER_GOAL_MS,
    });
    rows.push({
      name: 'server answer p95',
      value: `${p95.toFixed(1)} ms`,
      target: `< ${SERVER_GOAL_MS} ms`,
      ok: p95 < SERVER_GOAL_MS,
    });
    rows.push(...(await inChromium(server.url, ctx)));
  } finally {
    await server.stop();
  }
  const cli = ctx.timeCommand(['search', 'payment', 'retries', '--board', root], {
    runs: 5,
    warmup: 1,
    paired: true,
  });
  rows.push({
    name: 'baton search (reads the board whole) vs node -e 0',
    value: `${cli.medianMs.toFixed(0)} ms`,
    ratio: cli.ratio,
    target: 'informational',
    ok: null,
  });
  return rows;
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

// Enter in the search box → the results list shown with a mark of the query's first word: median and p95, in-page.
async function inChromium(url, ctx) {
  if (!existsSync(CHROMIUM)) {
    ctx.log(`search: no Chromium at ${CHROMIUM}, the page is not measured`);
    return [];
  }
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${url}#/cards`);
    await page.locator('[data-testid="card-row"]').first().waitFor({ timeout: 60_000 });
    const samples = [];
    for (let round = 0; round < 3; round++) {
      for (const query of TYPED) {
        await page.goto(`${url}#/cards`);
        const box = page.locator('[data-testid="search-input"]');
        await box.fill(query);
        await page.evaluate(() => {
          window.__enter = undefined;
          document.addEventListener(
            'keydown',
            (event) => {
              if (event.key === 'Enter') window.__enter = performance.now();
            },
            { capture: true, once: true },
          );
        });
        await box.press('Enter');
        const word = query.split(' ')[0].slice(0, 4).toLowerCase();
        const shown = await page.waitForFunction(
          (prefix) => {
            const marks = [...document.querySelectorAll('[data-testid="search-result"] mark')];
            return window.__enter !== undefined &&
              marks.some((mark) => mark.textContent.toLowerCase().startsWith(prefix))
              ? performance.now() - window.__enter
              : 0;
          },
          word,
          { polling: 'raf', timeout: 30_000 },
        );
        samples.push(await shown.jsonValue());
      }
    }
    const median = percentile(samples, 0.5);
    const p95 = percentile(samples, 0.95);
    return [
      {
        name: `Chromium: Enter to results shown, median (${samples.length} searches)`,
        value: `${median.toFixed(0)} ms`,
        target: `< ${SHOWN_GOAL_MS} ms`,
        ok: median < SHOWN_GOAL_MS,
      },
      {
        name: 'Chromium: Enter to results shown, p95',
        value: `${p95.toFixed(0)} ms`,
        target: 'informational',
        ok: null,
      },
    ];
  } finally {
    await browser.close();
  }
}

function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
