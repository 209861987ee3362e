// Search in Chromium: `/` focuses the box, Enter searches, and each result opens its own view.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEntry, createCard, sendMessage, writeHandoff } from '../../../src/index.js';
import { launchBrowser, noise, openPage, screenshot, shown, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { sections, seedBoard, sessionId } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** One message, one card and one note that mention "zebra crossing", and one of each that does not. */
function seedSearch(dir: string) {
  const { root, at } = seedBoard(dir);
  const thread = sendMessage(at(0), {
    from: 'alice',
    to: 'bob',
    subject: 'walk',
    body: 'Meet at the zebra crossing.',
  }).sent[0]!.id;
  sendMessage(at(1), { from: 'bob', to: 'alice', body: 'Nothing to see here.' });
  const card = createCard(at(2), { title: 'Road markings', by: 'alice' }).card.id;
  appendEntry(at(3), card, { type: 'finding', author: 'alice', body: 'The zebra crossing paint is worn.' });
  createCard(at(4), { title: 'Unrelated card', by: 'bob' });
  const note = writeHandoff(at(5), {
    sections: { ...sections('Paint job'), goal: 'Repaint the zebra crossing.' },
    title: 'Paint job handoff',
    session: sessionId('paint'),
    parentSession: '',
    agent: 'alice',
    currentSession: false,
  }).note.id;
  writeHandoff(at(6), {
    sections: sections('Other'),
    title: 'Other handoff',
    session: sessionId('other'),
    parentSession: '',
    agent: 'bob',
    currentSession: false,
  });
  return { root, thread, card, note };
}

async function search(page: Page, query: string) {
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.keyboard.press('/');
  const focused = await page.evaluate<string | null>(
    `document.activeElement && document.activeElement.getAttribute('data-testid')`,
  );
  expect(focused).toBe('search-input');
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="search-result"]').first().waitFor();
}

function result(page: Page, kind: string) {
  return page.locator(`[data-testid="search-result"][data-kind="${kind}"]`);
}

describe('search', () => {
  it('`/` focuses the search box; Enter lists the message, card and note that match, and nothing else', async () => {
    const seeded = seedSearch(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/timeline`);
    await page.locator('[data-testid="timeline-node"]').first().waitFor();
    await search(page, 'Zebra Crossing');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#/search/Zebra Crossing');
    expect(await page.locator('[data-testid="search-result"]').count()).toBe(3);
    for (const kind of ['message', 'card', 'note']) {
      expect(await result(page, kind).count()).toBe(1);
      expect(await shown(result(page, kind))).toMatch(/zebra crossing/i);
    }
    await screenshot(page, 'search-results');
    expect(noise(watch)).toEqual([]);
  });

  it('each result opens its own view: the card, the note, the thread', async () => {
    const seeded = seedSearch(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards`);
    await page.locator('[data-testid="card-row"]').first().waitFor();
    const cases = [
      { kind: 'card', hash: `#/cards/${seeded.card}`, shows: '[data-testid="card-entry"]' },
      { kind: 'note', hash: `#/notes/${seeded.note}`, shows: '[data-testid="detail"] [data-section="goal"]' },
      { kind: 'message', hash: `#/mail/${seeded.thread}`, shows: `[data-message-id="${seeded.thread}"]` },
    ];
    for (const { kind, hash, shows } of cases) {
      await search(page, 'zebra');
      // The result is a link, or holds one.
      await result(page, kind).locator('xpath=self::a | .//a').first().click();
      await expect.poll(() => new URL(page.url()).hash, { timeout: 30_000 }).toBe(hash);
      const target = page.locator(shows).first();
      await target.waitFor();
      expect(await shown(target)).toMatch(/zebra crossing/i);
    }
    expect(noise(watch)).toEqual([]);
  });

  it('a search route opened directly shows its results; a query with no match says so', async () => {
    const seeded = seedSearch(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/search/${encodeURIComponent('worn')}`);
    await result(page, 'card').waitFor();
    expect(await page.locator('[data-testid="search-result"]').count()).toBe(1);
    await page.goto(`${serve.url}#/search/${encodeURIComponent('no such words anywhere')}`);
    await page.locator('[data-testid="empty"]').waitFor();
    expect(await page.locator('[data-testid="search-result"]').count()).toBe(0);
    await screenshot(page, 'search-empty');
    expect(noise(watch)).toEqual([]);
  });
});

describe('search: marks, type chips, a hit opened in view', () => {
  it('marks the matched words in titles and snippets (elements, not HTML), shows the snippet’s Markdown lines as read', async () => {
    const seeded = seedSearch(testdir());
    const { board } = seedBoard(seeded.root.replace(/\/\.baton$/, ''));
    createCard(board, { title: 'Zebra <img src=x onerror="window.__xss=1"> crossing', as: 'mallory' });
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(
      browser,
      `${serve.url}#/search/${encodeURIComponent('zebra crossing')}`,
    );
    await result(page, 'note').waitFor();
    const marks = await page.locator('[data-testid="search-result"] mark').allTextContents();
    expect(marks.length).toBeGreaterThanOrEqual(8);
    for (const mark of marks) expect(mark.toLowerCase()).toMatch(/^(zebra|crossing)$/);
    // The note's snippet: its heading line, then the line that matched, as lines.
    const note = result(page, 'note').locator('[data-testid="search-snippet"]');
    expect(await note.innerText()).toBe('Goal\nRepaint the zebra crossing.');
    expect(await note.locator('.snippet-heading').innerText()).toBe('Goal');
    // A title that holds markup is shown as text around the marks; nothing of it runs.
    const hostile = page.locator('[data-testid="search-result"]', { hasText: 'onerror' });
    expect(await hostile.locator('.title').innerText()).toBe(
      'Zebra <img src=x onerror="window.__xss=1"> crossing',
    );
    expect(await hostile.locator('img').count()).toBe(0);
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    await screenshot(page, 'search-marks');
    expect(noise(watch)).toEqual([]);
  });

  it('type chips narrow the results and All brings them back', async () => {
    const seeded = seedSearch(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/search/zebra`);
    await result(page, 'note').waitFor();
    const kinds = async () =>
      (
        await page
          .locator('[data-testid="search-result"]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))
      ).sort();
    expect(await kinds()).toEqual(['card', 'message', 'note']);
    const chip = (type: string) => page.locator(`[data-testid="search-chip"][data-type="${type}"]`);
    await chip('card').click();
    await expect.poll(kinds).toEqual(['card']);
    expect(await chip('card').getAttribute('aria-pressed')).toBe('true');
    expect(await chip('all').getAttribute('aria-pressed')).toBe('false');
    await chip('message').click();
    await expect.poll(kinds).toEqual(['card', 'message']);
    await chip('result').click();
    await chip('card').click();
    await chip('message').click();
    await page.locator('[data-testid="empty"]').waitFor();
    await chip('all').click();
    await expect.poll(kinds).toEqual(['card', 'message', 'note']);
    await screenshot(page, 'search-chips');
    expect(noise(watch)).toEqual([]);
  });

  it('a hit on an old note among many opens that note, in view', async () => {
    const dir = testdir();
    const { root, at } = seedBoard(dir);
    let target = '';
    for (let i = 0; i < 80; i++) {
      const note = writeHandoff(at(i), {
        sections: { ...sections(`step ${i}`), goal: i === 3 ? 'Find the okapi in the logs.' : `Step ${i}.` },
        title: `Step ${i} of the long line`,
        session: sessionId(`s${i}`),
        parentSession: '',
        agent: 'alice',
        currentSession: false,
      }).note;
      if (i === 3) target = note.id;
    }
    const serve = await startServe(root);
    const { page, watch } = await openPage(browser, `${serve.url}#/timeline`, {
      viewport: { width: 1440, height: 900 },
    });
    await page.locator('[data-testid="timeline-node"]').first().waitFor();
    await search(page, 'okapi');
    expect(await page.locator('[data-testid="search-result"]').count()).toBe(1);
    await result(page, 'note').click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/notes/${target}`);
    const goal = page.locator('[data-testid="detail"] [data-section="goal"]');
    await goal.waitFor();
    expect(await shown(goal)).toContain('Find the okapi in the logs.');
    const box = await goal.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + Math.min(box!.height, 20)).toBeLessThanOrEqual(900);
    await screenshot(page, 'search-opened-note');
    expect(noise(watch)).toEqual([]);
  });
});
