// Focus in Chromium: the skip link, the help dialog (focus kept inside, closed by its backdrop or Escape, focus given
// back), and the opened item keeping the focus and the list position — wide, and narrow where the detail replaces
// the list.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCard } from '../../../src/index.js';
import { launchBrowser, noise, openPage, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { waitFor } from '../../helpers/wait.js';
import { seedBoard, seedTimeline } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What has the focus: its test id, data-key, or tag and class. */
function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('data-testid') + ' ' + (el.getAttribute('data-key') || el.className || el.tagName);
  })()`);
}

/** A board of 40 cards (c1 oldest … c40 newest): a list that scrolls. */
function seedManyCards(dir: string): { root: string; cards: string[] } {
  const { root, at } = seedBoard(dir);
  const cards: string[] = [];
  for (let i = 1; i <= 40; i++)
    cards.push(createCard(at(i), { title: `Card number ${i}`, by: 'alice' }).card.id);
  return { root, cards: cards.reverse() };
}

describe('skip link', () => {
  it('is the first Tab stop, shown when focused, and takes the focus into the view', async () => {
    const seeded = seedTimeline(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/timeline`);
    await page.locator('[data-testid="timeline-node"]').first().waitFor();
    const skip = page.locator('[data-testid="skip-link"]');
    expect(await skip.isVisible()).toBe(true);
    const box = async () => (await skip.boundingBox())?.y ?? -1;
    expect(await box()).toBeLessThan(0);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^skip-link /);
    expect(await box()).toBeGreaterThanOrEqual(0);
    expect((await skip.textContent())?.trim()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('!!document.activeElement.closest("main")')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/timeline');
    // Chinese too.
    await page.locator('[data-testid="lang-toggle"]').click();
    await expect.poll(async () => (await skip.textContent())?.trim()).toBe('跳到正文');
    expect(noise(watch)).toEqual([]);
  });
});

describe('help dialog', () => {
  it('keeps the focus inside, closes on its backdrop and on Escape, and gives the focus back', async () => {
    const seeded = seedTimeline(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/timeline`);
    await page.locator('[data-testid="timeline-node"]').first().waitFor();
    const help = page.locator('[data-testid="help"]');
    const opener = page.locator('[data-action="help"]');
    const inDialog = () => page.evaluate('!!document.activeElement.closest("[data-testid=help]")');

    await opener.focus();
    await page.keyboard.press('Enter');
    await help.waitFor();
    expect(await inDialog()).toBe(true);
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect({ key, inside: await inDialog() }).toEqual({ key, inside: true });
    }
    // A click on the dialog itself keeps it; one on the backdrop around it closes it.
    await help.locator('h2').click();
    expect(await help.isVisible()).toBe(true);
    await page.locator('[data-testid="help-backdrop"]').click({ position: { x: 5, y: 5 } });
    await help.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('null icon');
    expect(await page.evaluate('document.activeElement?.dataset.action')).toBe('help');

    await opener.click();
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(await page.evaluate('document.activeElement?.dataset.action')).toBe('help');
    expect(noise(watch)).toEqual([]);
  });
});

/** Scrolls the windowed card list down until `row` is drawn (only rows near the viewport are), then into view. */
async function scrollToRow(page: Page, row: Locator) {
  await waitFor('the card row to be drawn', async () => {
    if ((await row.count()) > 0) return true;
    await page.evaluate(`(() => {
      let el = document.querySelector('[data-testid="card-list"]');
      while (el && !(el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY !== 'visible')) el = el.parentElement;
      (el ?? document.scrollingElement).scrollTop += 300;
    })()`);
    return false;
  });
  await row.scrollIntoViewIfNeeded();
}

describe('the opened item', () => {
  it('keeps the focus and the list where they were in a wide window', async () => {
    const seeded = seedManyCards(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards`, {
      viewport: { width: 1440, height: 900 },
    });
    const target = seeded.cards[30]!;
    const row = page.locator(`[data-testid="card-row"][data-card-id="${target}"]`);
    await scrollToRow(page, row);
    const listTop = () => page.locator('.list-pane').evaluate((el) => el.scrollTop);
    const before = await listTop();
    expect(before).toBeGreaterThan(0);
    await row.click();
    await page
      .locator('[data-testid="detail"] [data-testid="card-entry"], [data-testid="detail"] h2')
      .first()
      .waitFor();
    expect(new URL(page.url()).hash).toBe(`#/cards/${target}`);
    expect(await focused(page)).toBe(`card-row ${target}`);
    expect(await listTop()).toBe(before);
    // The arrows go on from the opened row.
    await page.keyboard.press('ArrowDown');
    // The selection moves when the page has drawn it (the windowed list may draw its rows anew first).
    await expect.poll(() => focused(page)).toBe(`card-row ${seeded.cards[31]}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/cards/${seeded.cards[31]}`);
    expect(await focused(page)).toBe(`card-row ${seeded.cards[31]}`);
    expect(noise(watch)).toEqual([]);
  });

  it('in a phone-sized window: the focus goes into the detail, and back on the row it came from', async () => {
    const seeded = seedManyCards(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards`, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const target = seeded.cards[30]!;
    const row = page.locator(`[data-testid="card-row"][data-card-id="${target}"]`);
    await scrollToRow(page, row);
    await row.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/cards/${target}`);
    await page.locator('[data-testid="detail"] .back').waitFor();
    await expect
      .poll(() => page.evaluate('!!document.activeElement.closest("[data-testid=detail]")'))
      .toBe(true);
    await page.locator('[data-testid="detail"] .back').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/cards');
    await expect.poll(() => focused(page)).toBe(`card-row ${target}`);
    const box = await row.boundingBox();
    const inView = box !== null && box.y >= 0 && box.y + box.height <= 844;
    expect(inView).toBe(true);
    expect(noise(watch)).toEqual([]);
  });
});
