import { readFileSync } from 'node:fs';
import { webBoard } from './web-board.mjs';
import { serveBoard } from './web-helpers.mjs';

// BENCH_WEB_RSS_LOADS shortens a trial run (the row says how many loads it made).
const LOADS = Number(process.env.BENCH_WEB_RSS_LOADS) || 1_000;
const WARM = Math.max(1, Math.round(LOADS / 10));
const GROWTH_GOAL = 0.1;
const WORDS = ['login', 'flaky', 'timer', 'csv export', 'retry', 'cache', 'release', 'migration'];

function rssMb(pid) {
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

async function get(url) {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.arrayBuffer();
}

/** Opens the live stream, reads its first bytes and drops it (a page closed mid-stream). */
async function touchEvents(url) {
  const abort = new AbortController();
  const response = await fetch(`${url}api/events`, { signal: abort.signal });
  if (response.status !== 200) throw new Error(`GET /api/events: ${response.status}`);
  const reader = response.body.getReader();
  await reader.read();
  abort.abort();
  await reader.cancel().catch(() => {});
}

/** The web-rss rows for bench/run.mjs. ctx: { bin, dist, log? }. */
export default async function webRssBench(ctx) {
  const log = ctx.log ?? (() => {});
  const { root, cwd, manifest } = await webBoard({ dist: ctx.dist, log });
  const server = await serveBoard(ctx.bin, root, cwd);
  try {
    const url = server.url;
    // The records the loads open, taken from the board's own lists.
    const cards = JSON.parse(Buffer.from(await get(`${url}api/cards`)).toString()).cards.map((c) => c.id);
    const threads = JSON.parse(Buffer.from(await get(`${url}api/mail?limit=200`)).toString()).threads.map(
      (t) => t.id,
    );
    const notes = manifest.familyOrder;
    if (!cards.length || !threads.length || !notes.length)
      throw new Error('the big board lists nothing to open');
    const e = encodeURIComponent;
    // A page load opens one view, as a person's does; the loads go round the views (and round the records in them).
    const views = [
      (i) => [`api/timeline?limit=200`, `api/notes/${e(notes[i % notes.length])}`],
      (i) => [`api/mail?limit=200`, `api/threads/${e(threads[i % threads.length])}`, 'api/agents'],
      () => ['api/inbox?limit=200'],
      (i) => ['api/cards', `api/cards/${e(cards[i % cards.length])}`, 'api/sessions'],
      () => ['api/sessions'],
      (i) => [`api/search?q=${e(WORDS[i % WORDS.length])}`],
    ];
    const load = async (i) => {
      await Promise.all([get(url), get(`${url}app.js`), get(`${url}style.css`), touchEvents(url)]);
      const view = views[i % views.length](Math.floor(i / views.length));
      await Promise.all([get(`${url}api/board`), ...view.map((path) => get(`${url}${path}`))]);
    };
    const start = rssMb(server.pid);
    // The server's RSS after every load. A garbage-collected heap is a sawtooth slower than a hundred loads (one sample
    // can sit on a peak or in a trough: 3,000 loads read 276, 252, 245, 250, 320, 284, 258, 254, 253, 251 MB every
    // 300), so the median of loads WARM+1 to 4·WARM (warmed up) is set against that of the last 3·WARM.
    const samples = [];
    const began = performance.now();
    let warmMs = 0;
    for (let i = 0; i < LOADS; i++) {
      await load(i);
      samples.push(rssMb(server.pid));
      if (i + 1 === WARM) warmMs = performance.now() - began;
    }
    const seconds = (performance.now() - began) / 1000;
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[sorted.length >> 1];
    };
    const marks = [];
    for (let at = 0; at + WARM <= samples.length; at += WARM)
      marks.push(median(samples.slice(at, at + WARM)));
    const warm = median(samples.slice(WARM, 4 * WARM));
    const end = median(samples.slice(-3 * WARM));
    const growth = (end - warm) / warm;
    log(
      `web-rss: ${LOADS} loads in ${seconds.toFixed(1)} s (the first ${WARM} in ${(warmMs / 1000).toFixed(1)} s)`,
    );
    return [
      {
        name: `server RSS, big board (${manifest.notes.toLocaleString('en-US')} notes, ${manifest.messages.toLocaleString('en-US')} messages, ${manifest.cards} cards): median over page loads ${WARM + 1}–${4 * WARM} vs over the last ${3 * WARM} of ${LOADS.toLocaleString('en-US')} (each load: shell, board, live stream and one view's calls, round the six views)`,
        value: `${warm.toFixed(0)} MB → ${end.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %; at start ${start.toFixed(0)} MB; medians of each ${WARM} loads: ${marks.map((mb) => mb.toFixed(0)).join(', ')} MB; lowest ${Math.min(...samples).toFixed(0)}, highest ${Math.max(...samples).toFixed(0)} MB; ${((seconds / LOADS) * 1000).toFixed(0)} ms a load)`,
        target: `growth < ${GROWTH_GOAL * 100} %`,
        ok: growth < GROWTH_GOAL,
      },
    ];
  } finally {
    await server.stop();
  }
}
