// The demo board (`baton demo`, what `npm start` shows) in Chromium: every view renders it without an error, a
// console message or an empty screen; screenshots of each for a person to look at.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  noise,
  openPage,
  runBaton,
  screenshot,
  shown,
  startServe,
} from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function firstId(page: Page, selector: string, attribute: string): Promise<string> {
  const id = await page.locator(selector).first().getAttribute(attribute);
  if (!id) throw new Error(`no ${attribute} on ${selector}`);
  return id;
}

describe('the demo board', () => {
  it('every view shows it cleanly', async () => {
    const dir = testdir();
    const seeded = await runBaton(['demo'], dir);
    expect(seeded.code, seeded.stderr).toBe(0);
    const serve = await startServe(join(dir, 'demo', '.baton'));
    const { page, watch } = await openPage(browser, `${serve.url}#/timeline`);
    // Each view: screenshot, no error box, no leaked placeholder text.
    const check = async (name: string) => {
      await screenshot(page, name);
      const text = await shown(page.locator('body'));
      expect({ name, errors: await page.locator('[data-testid="error"]').count() }).toEqual({
        name,
        errors: 0,
      });
      expect({ name, leaked: text.match(/\bundefined\b|\bNaN\b|\[object Object\]|Invalid Date/g) }).toEqual({
        name,
        leaked: null,
      });
    };

    await page.locator('[data-testid="timeline-node"]').first().waitFor();
    for (let round = 0; round < 20; round++) {
      const closed = page.locator('[data-testid="expand"][data-expanded="false"]:visible');
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
    const note = await firstId(page, '[data-testid="timeline-node"][data-note-id]', 'data-note-id');
    await page.locator(`[data-testid="timeline-node"][data-note-id="${note}"]`).first().click();
    await page.locator('[data-testid="detail"] [data-action="resume"]').waitFor();
    await check('demo-timeline');

    await page.goto(`${serve.url}#/cards`);
    const card = await firstId(page, '[data-testid="card-row"]', 'data-card-id');
    await page.goto(`${serve.url}#/cards/${card}`);
    await page.locator('[data-testid="card-entry"]').first().waitFor();
    await check('demo-card');

    await page.goto(`${serve.url}#/mail`);
    const thread = await firstId(page, '[data-testid="thread"]', 'data-thread-id');
    await page.goto(`${serve.url}#/mail/${thread}`);
    await page.locator('[data-testid="message"]').first().waitFor();
    await check('demo-thread');

    await page.goto(`${serve.url}#/inbox`);
    await page.locator('[data-testid="message"], [data-testid="empty"]').first().waitFor();
    await check('demo-inbox');

    await page.goto(`${serve.url}#/sessions`);
    await page.locator('[data-testid="session"]').first().waitFor();
    await check('demo-sessions');

    await page.locator('[data-testid="lang-toggle"]').click();
    await page.goto(`${serve.url}#/notes/${note}`);
    await page.locator('[data-testid="detail"] [data-action="resume"]').waitFor();
    await check('demo-note-zh');

    expect(noise(watch)).toEqual([]);
  });
});
