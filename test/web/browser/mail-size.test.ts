// Mail and the inbox at size, in Chromium: past 200 the list loads the next page as it scrolls to its end, the rows
// are windowed (the DOM holds a bounded number of them, not one per thread), and the person's unread are marked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCard, sendMessage } from '../../../src/index.js';
import { launchBrowser, noise, openPage, screenshot, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { seedBoard } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Rows the list holds (loaded pages), as the windowed list says. */
function loaded(page: Page, testId: string): Promise<number> {
  return page
    .locator(`[data-testid="${testId}"]`)
    .getAttribute('data-virtual-rows')
    .then((n) => Number(n));
}

/** Scrolls whatever scrolls the list to its end. */
async function scrollToEnd(page: Page, testId: string) {
  await page.evaluate(`(() => {
    let el = document.querySelector('[data-testid="${testId}"]');
    while (el && !(el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY !== 'visible')) el = el.parentElement;
    (el ?? document.scrollingElement).scrollTop = 1e9;
  })()`);
}

describe('mail at size', () => {
  it('pages the mail past 200 as it scrolls, windowed, with the person’s unread threads marked', async () => {
    const { root, at } = seedBoard(testdir());
    for (let i = 0; i < 450; i++) {
      sendMessage(at(i * 0.1), {
        from: 'alice',
        to: i % 50 === 48 ? 'you' : 'bob',
        subject: `thread ${i}`,
        body: `body ${i}`,
      });
    }
    const serve = await startServe(root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`, {
      viewport: { width: 1440, height: 900 },
    });
    await page.locator('[data-testid="thread"]').first().waitFor();
    expect(await loaded(page, 'thread-list')).toBe(200);
    // Windowed: far fewer rows in the DOM than loaded.
    const drawn = await page.locator('[data-testid="thread"]').count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(80);
    // The newest is first, and the person's unread thread is marked (visibly and for a screen reader).
    expect(await page.locator('[data-testid="thread"]').first().textContent()).toContain('thread 449');
    const unread = page.locator('[data-testid="thread"][data-unread="true"]').first();
    expect(await unread.textContent()).toContain('thread 448');
    expect(await unread.locator('.unread-text').textContent()).toBe('unread');
    expect(await page.locator('[data-testid="list-count"]').textContent()).toBe('450 threads · 9 unread');
    await screenshot(page, 'mail-size-1440');
    // Each time the list nears its end it loads the next 200 (a fast page may take both at once).
    await scrollToEnd(page, 'thread-list');
    await expect.poll(() => loaded(page, 'thread-list')).toBeGreaterThanOrEqual(400);
    await scrollToEnd(page, 'thread-list');
    await expect.poll(() => loaded(page, 'thread-list')).toBe(450);
    expect(await page.locator('[data-action="load-more"]').count()).toBe(0);
    await scrollToEnd(page, 'thread-list');
    await page.locator('[data-testid="thread"]', { hasText: 'thread 0' }).waitFor();
    expect(await page.locator('[data-testid="thread"]').count()).toBeLessThan(80);
    expect(await page.evaluate<number>('document.getElementsByTagName("*").length')).toBeLessThan(2_000);
    expect(noise(watch)).toEqual([]);
  });

  it('windows the card list: 300 cards, a bounded number of rows in the page, the oldest reached by scrolling', async () => {
    const { root, at } = seedBoard(testdir());
    for (let i = 0; i < 300; i++) createCard(at(i * 0.1), { title: `card ${i}`, by: 'alice' });
    const serve = await startServe(root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards`, {
      viewport: { width: 1440, height: 900 },
    });
    await page.locator('[data-testid="card-row"]').first().waitFor();
    expect(await loaded(page, 'card-list')).toBe(300);
    expect(await page.locator('[data-testid="card-row"]').count()).toBeLessThan(80);
    // Scrolled to the end until it stays there (rows measured on the way change the list's height).
    await expect
      .poll(async () => {
        await scrollToEnd(page, 'card-list');
        return page.locator('[data-testid="card-row"]', { hasText: 'card 0' }).count();
      })
      .toBe(1);
    expect(await page.locator('[data-testid="card-row"]').count()).toBeLessThan(80);
    expect(noise(watch)).toEqual([]);
  });

  it('pages the inbox past 200, unread marked, at 390×844', async () => {
    const { root, at } = seedBoard(testdir());
    for (let i = 0; i < 230; i++) sendMessage(at(i * 0.1), { from: 'carol', to: 'you', body: `note ${i}` });
    const serve = await startServe(root);
    const { page, watch } = await openPage(browser, `${serve.url}#/inbox`, {
      viewport: { width: 390, height: 844 },
    });
    await page.locator('[data-testid="message"]').first().waitFor();
    expect(await loaded(page, 'inbox-list')).toBe(200);
    expect(await page.locator('[data-testid="message"]').count()).toBeLessThan(60);
    expect(await page.locator('[data-testid="message"][data-unread="true"]').count()).toBe(
      await page.locator('[data-testid="message"]').count(),
    );
    expect(await page.locator('[data-testid="list-count"]').textContent()).toBe(
      '200 shown, more below · 230 unread',
    );
    await screenshot(page, 'inbox-size-390');
    await scrollToEnd(page, 'inbox-list');
    await expect.poll(() => loaded(page, 'inbox-list')).toBe(230);
    await scrollToEnd(page, 'inbox-list');
    await page.locator('[data-testid="message"]', { hasText: 'note 0' }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(noise(watch)).toEqual([]);
  });
});
