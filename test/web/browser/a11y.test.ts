// Accessibility in Chromium: axe-core on every view (lists, an open note, a thread, a card, search, sessions, the help
// dialog, an empty board, the not-found states), light and dark — no serious or critical violation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noise, openPage, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { AXE, axeViolations, emptyViews, seedEmpty, seedViews, showView, type View, views } from './views.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function walk(url: string, list: View[], colorScheme: 'light' | 'dark') {
  // The page's own script is checked by its CSP; axe-core is the test's, put in past it.
  const { page, watch } = await openPage(browser, url, { colorScheme, bypassCSP: true });
  const found: Record<string, unknown[]> = {};
  for (const view of list) {
    await showView(page, url, view);
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe(colorScheme);
    const violations = await axeViolations(page);
    if (violations.length > 0) found[view.name] = violations;
  }
  // A not-found view's failed read is the one console line a browser prints on its own (the 404).
  const said = noise(watch).filter((line) => !/status of 404/.test(line));
  return { found, said };
}

describe('accessibility (axe-core)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`every view of a full board, ${colorScheme}`, { timeout: 180_000 }, async () => {
      const seeded = seedViews(testdir());
      const serve = await startServe(seeded.root);
      const { found, said } = await walk(serve.url, views(seeded), colorScheme);
      expect(found).toEqual({});
      expect(said).toEqual([]);
    });

    it(`an empty board, ${colorScheme}`, async () => {
      const serve = await startServe(seedEmpty(testdir()));
      const { found, said } = await walk(serve.url, emptyViews(), colorScheme);
      expect(found).toEqual({});
      expect(said).toEqual([]);
    });
  }

  it('the board unreachable (the server gone)', async () => {
    const seeded = seedViews(testdir());
    const serve = await startServe(seeded.root);
    const { page } = await openPage(browser, `${serve.url}#/timeline`, { bypassCSP: true });
    await page.locator('[data-testid="timeline-node"]').first().waitFor();
    await page.addScriptTag({ path: AXE });
    await serve.stop();
    await page.locator('[data-action="refresh"]').click();
    await page
      .locator('[data-testid="live"][data-state="offline"], .banner [data-testid="error"]')
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
