import { join } from 'node:path';
import { webBoard } from './web-board.mjs';
import { launchChromium, median, serveBoard } from './web-helpers.mjs';

const RUNS = 5;
const MAIL_GOAL_MS = 500;
const OPEN_GOAL_MS = 150;
const SEND_GOAL_MS = 300;

/** ms from `act()` to `selector` being in the page, timed in the page (its own clock, no round trips counted twice). */
async function timed(page, selector, act) {
  await page.evaluate((sel) => {
    window.__shown = new Promise((resolve) => {
      const check = () => {
        if (!document.querySelector(sel)) return false;
        resolve(performance.now());
        return true;
      };
      const observer = new MutationObserver(() => {
        if (check()) observer.disconnect();
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    window.__start = performance.now();
  }, selector);
  await act();
  return page.evaluate(async () => (await window.__shown) - window.__start);
}

/** The web views rows for bench/run.mjs. ctx: { tmpdir(), bin, dist, log? }. */
export default async function webViewsBench(ctx) {
  const log = ctx.log ?? (() => {});
  const dir = ctx.tmpdir();
  // A copy: the sends below write to it.
  const board = await webBoard({ dir, dist: ctx.dist, log: (line) => log(`web-views: ${line}`) });
  const browser = await launchChromium();
  const server = await serveBoard(ctx.bin, board.root, board.cwd);
  const rows = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);

    // (a) Mail: from the timeline, a click on Mail until the first thread row is drawn.
    const mail = [];
    let nodes = 0;
    let threadRows = 0;
    let total = 0;
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(`${server.url}#/timeline`);
      await page.locator('[data-testid="timeline-node"]').first().waitFor();
      const ms = await timed(page, '[data-testid="thread"]', () => page.locator('[data-nav="mail"]').click());
      if (i > 0) mail.push(ms);
      nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      threadRows = await page.locator('[data-testid="thread"]').count();
      total = Number(await page.locator('[data-testid="thread-list"]').getAttribute('data-virtual-rows'));
    }
    const mailMs = median(mail);
    rows.push({
      name: `mail view shown: click on Mail → first thread row (median of ${RUNS})`,
      value: `${mailMs.toFixed(0)} ms (runs ${mail.map((m) => m.toFixed(0)).join(', ')}; ${threadRows} of ${total} loaded rows in the DOM, ${nodes.toLocaleString('en-US')} elements in the page)`,
      target: `< ${MAIL_GOAL_MS} ms`,
      ok: mailMs < MAIL_GOAL_MS,
    });

    // (b) Opening a note: a click on a timeline row until its sections are drawn; a different row each run.
    await page.goto(`${server.url}#/timeline`);
    await page.locator('[data-testid="timeline-node"]').first().waitFor();
    // A family's row opens its newest note (a lone note's row, the note itself): a different family each run.
    const families = await page
      .locator('[data-testid="timeline-node"][data-family]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-family')));
    const open = [];
    for (let i = 0; i <= RUNS && i < families.length; i++) {
      const row = page.locator(`[data-testid="timeline-node"][data-family="${families[i]}"] .title`).first();
      const ms = await timed(page, '.note-detail .note-section', () => row.click());
      if (i > 0) open.push(ms);
      await page.goto(`${server.url}#/timeline`);
      await page.locator('[data-testid="timeline-node"]').first().waitFor();
    }
    if (open.length === 0) throw new Error('web-views: no timeline row opened a note (no family rows found)');
    const openMs = median(open);
    rows.push({
      name: `opening a note: click on a timeline row → its sections drawn (median of ${open.length})`,
      value: `${openMs.toFixed(0)} ms (runs ${open.map((m) => m.toFixed(0)).join(', ')})`,
      target: `< ${OPEN_GOAL_MS} ms`,
      ok: openMs < OPEN_GOAL_MS,
    });

    // (c) Send → visible: the compose form's Send until the message is shown in its thread.
    const sends = [];
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(`${server.url}#/mail`);
      const form = page.locator('form[data-testid="compose-form"]');
      await page.locator('#known-agents option').first().waitFor({ state: 'attached' });
      const marker = `bench-send-${i}-${Date.now().toString(36)}`;
      await form.locator('input[name=to]').fill('bob');
      await form.locator('textarea[name=body]').fill(marker);
      const ms = await timed(page, `[data-testid="detail"] [data-testid="message"]`, () =>
        form.locator('button[type=submit]').click(),
      );
      await page.locator('[data-testid="detail"] [data-testid="message"]', { hasText: marker }).waitFor();
      if (i > 0) sends.push(ms);
    }
    const sendMs = median(sends);
    rows.push({
      name: `send → visible: Send in the compose form → the message shown in its thread (median of ${RUNS})`,
      value: `${sendMs.toFixed(0)} ms (runs ${sends.map((m) => m.toFixed(0)).join(', ')})`,
      target: `< ${SEND_GOAL_MS} ms`,
      ok: sendMs < SEND_GOAL_MS,
    });
    await context.close();
  } finally {
    await server.stop();
    await browser.close();
  }
  log(`web-views: board ${join(dir)}`);
  return rows;
}
