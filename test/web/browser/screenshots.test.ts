// Screenshots of every view at desktop (1440×900) and phone (390×844) size, light and dark, English and Chinese, into
// test-results/screenshots/ for a person to look at. Each view must have rendered: its landmark visible, no console
// error, nothing wider than the window (no sideways scrolling).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noise, openPage, RESULTS, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { emptyViews, seedEmpty, seedViews, showView, type View, views } from './views.js';

const DIR = join(RESULTS, 'screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A tablet held upright: checked for clipping and sideways scrolling, in one theme and language. */
const tablet = { name: 'tablet', width: 820, height: 1180 } as const;

/** How far the page reaches past the window's right edge, and the widest elements that do it. */
function overflow(page: Page): Promise<{ over: number; culprits: string[] }> {
  return page.evaluate<{ over: number; culprits: string[] }>(`(() => {
    const width = innerWidth;
    const over = document.documentElement.scrollWidth - width;
    const culprits = over <= 0 ? [] : [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => el.tagName.toLowerCase() + '.' + el.className + ' right=' + Math.round(el.getBoundingClientRect().right));
    return { over, culprits };
  })()`);
}

async function shoot(url: string, list: View[], tag: string, options: Parameters<typeof openPage>[2]) {
  const { page, watch } = await openPage(browser, url, options);
  const problems: string[] = [];
  for (const view of list) {
    await showView(page, url, view);
    const name = `${tag}-${view.name}`;
    await page.screenshot({ path: join(DIR, `${name}.png`) });
    const { over, culprits } = await overflow(page);
    if (over > 0) problems.push(`${name}: ${over}px wider than the window (${culprits.join('; ')})`);
    if (!(await page.locator(view.landmark).first().isVisible()))
      problems.push(`${name}: no ${view.landmark}`);
  }
  // A not-found view's failed read is the one console line a browser prints on its own (the 404).
  problems.push(...noise(watch).filter((line) => !/status of 404/.test(line)));
  return problems;
}

describe('screenshots of every view', () => {
  for (const size of sizes) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const locale of ['en', 'zh-CN'] as const) {
        const tag = `${size.name}-${colorScheme}-${locale === 'en' ? 'en' : 'zh'}`;
        it(tag, async () => {
          const options = {
            viewport: { width: size.width, height: size.height },
            colorScheme,
            locale,
            ...(size.name === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
          };
          const seeded = seedViews(testdir());
          const serve = await startServe(seeded.root);
          const full = await shoot(serve.url, views(seeded), tag, options);
          const empty = await startServe(seedEmpty(testdir()));
          const bare = await shoot(empty.url, emptyViews(), tag, options);
          expect([...full, ...bare]).toEqual([]);
        });
      }
    }
  }

  it('tablet-light-en', async () => {
    const options = {
      viewport: { width: tablet.width, height: tablet.height },
      isMobile: true,
      hasTouch: true,
    };
    const seeded = seedViews(testdir());
    const serve = await startServe(seeded.root);
    expect(await shoot(serve.url, views(seeded), 'tablet-light-en', options)).toEqual([]);
  });
});
