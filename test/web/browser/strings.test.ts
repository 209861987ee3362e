// The Chinese page holds no English of its own: every view walked in zh-CN, each word of Latin letters it shows (text,
// placeholders, titles, accessible names) must come from the board (what the page's API calls answered), be a name
// (baton, Markdown, Git, key names), be a command (`code`) or sit in an element marked lang="en" (the server's own
// words, the language toggle's "English"). An untranslated or hard-coded English string fails with the view and the text it sits in.
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noise, openPage, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { waitFor } from '../../helpers/wait.js';
import { emptyViews, seedEmpty, seedViews, showView, type View, views } from './views.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Names and key labels, the same in both languages (UTC in a time; alice and bob: the example recipients of a new message). */
const NAMES = new Set([
  'baton',
  'markdown',
  'git',
  'ctrl',
  'enter',
  'space',
  'esc',
  'utc',
  'gmt',
  'alice',
  'bob',
]);

const WORD = /[A-Za-z]{3,}/g;

/** Every string value in an API answer, deep. */
function strings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, into);
}

/** The Latin words the page shows outside lang="en" elements, each with the text it sits in. */
function shownWords(page: Page): Promise<{ word: string; text: string }[]> {
  return page.evaluate<{ word: string; text: string }[]>(`(() => {
    const found = [];
    const english = (el) => el.closest('[lang]')?.getAttribute('lang')?.startsWith('en') ?? false;
    const add = (text, el) => {
      if (!text || english(el) || el.closest('kbd, code, noscript, script, style')) return;
      for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) found.push({ word, text: text.trim().slice(0, 120) });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el && el.getClientRects().length > 0) add(node.textContent, el);
    }
    for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label], [alt]')) {
      for (const name of ['placeholder', 'title', 'aria-label', 'alt']) add(el.getAttribute(name), el);
    }
    add(document.title, document.body);
    return found;
  })()`);
}

async function walk(url: string, list: View[]) {
  const { page, watch } = await openPage(browser, url, {
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  // What the board said: every word in the page's API answers.
  const board = new Set<string>();
  // Each answer's body is read after its headers arrive: the words are judged only once every body read so far is in.
  const reading = new Set<Promise<void>>();
  const read = async (response: Response) => {
    const values: string[] = [];
    strings(await response.json().catch(() => null), values);
    for (const value of values) for (const word of value.match(WORD) ?? []) board.add(word.toLowerCase());
  };
  page.on('response', (response) => {
    // A failed call's message is the server's own words, not the board's.
    if (!response.ok() || !new URL(response.url()).pathname.startsWith('/api/')) return;
    // The event stream never ends: only JSON answers are read.
    if (!response.headers()['content-type']?.startsWith('application/json')) return;
    const done = read(response);
    reading.add(done);
    void done.finally(() => reading.delete(done));
  });
  const english: Record<string, string[]> = {};
  for (const view of list) {
    await showView(page, url, view);
    expect(await page.evaluate('document.documentElement.lang')).toBe('zh-CN');
    const unknown = async () => {
      await Promise.all(reading);
      return (await shownWords(page)).filter(({ word }) => {
        const key = word.toLowerCase();
        return !board.has(key) && !NAMES.has(key);
      });
    };
    // An answer the view shows may reach this listener only after the view is on screen (the browser's events come
    // over a channel of their own): words not from the board yet are judged again once such answers are read.
    if ((await unknown()).length > 0)
      await waitFor('the answers of the view read', async () => (await unknown()).length === 0, {
        timeoutMs: 5000,
      }).catch(() => undefined);
    for (const { text } of await unknown()) {
      const where = english[view.name] ?? [];
      english[view.name] = where;
      if (!where.includes(text)) where.push(text);
    }
  }
  return { english, said: noise(watch).filter((line) => !/status of 404/.test(line)) };
}

describe('the Chinese page', () => {
  it('shows no English of its own on any view of a full board', async () => {
    const seeded = seedViews(testdir());
    const serve = await startServe(seeded.root);
    const { english, said } = await walk(serve.url, views(seeded));
    expect(english).toEqual({});
    expect(said).toEqual([]);
  });

  it('shows no English of its own on an empty board', async () => {
    const serve = await startServe(seedEmpty(testdir()));
    const { english, said } = await walk(serve.url, emptyViews());
    expect(english).toEqual({});
    expect(said).toEqual([]);
  });
});
