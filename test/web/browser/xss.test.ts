// Script injection (SPEC §8: the web UI escapes everything it renders): a board full of payloads, every view visited
// in Chromium; nothing runs, nothing is said on the console, no element or link comes from content, and the payloads
// are shown as the literal text they are.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  noise,
  type OpenedPage,
  openMetadata,
  openPage,
  type RunningServe,
  screenshot,
  settled,
  startServe,
} from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { type HostileBoard, PLAIN, seedHostile } from './hostile-seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// What content could have become: handlers, script-bearing URLs, frames, scripts, images, and the SVG that runs code.
const INSPECT = `(() => {
  const bad = [];
  const root = document.querySelector('#app, #root, [data-testid="app"]') || document.body;
  const show = (el) => el.outerHTML.slice(0, 160);
  const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data', 'poster', 'background', 'srcset'];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) bad.push('handler: ' + show(el));
      if (URL_ATTRS.includes(attr.name.toLowerCase()) && /^\\s*(javascript|vbscript|data)\\s*:/i.test(attr.value))
        bad.push('script URL: ' + show(el));
    }
  }
  for (const el of document.querySelectorAll('iframe, frame, frameset, object, embed, base, portal'))
    bad.push('element: ' + show(el));
  for (const el of document.querySelectorAll('script')) {
    const src = el.getAttribute('src');
    if (root !== document.body && root.contains(el)) bad.push('script in the app: ' + show(el));
    else if (!src || new URL(src, location.href).origin !== location.origin) bad.push('script: ' + show(el));
  }
  for (const el of root.querySelectorAll('img, image, math, style, link, meta')) bad.push('element: ' + show(el));
  for (const el of root.querySelectorAll('svg script, svg foreignObject, svg animate, svg set, svg use'))
    bad.push('svg content: ' + show(el));
  const rendered = '[data-section], [data-testid="card-entry"], [data-testid="message"], [data-testid="search-result"]';
  for (const el of root.querySelectorAll('svg')) if (el.closest(rendered)) bad.push('svg from content: ' + show(el));
  for (const a of document.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href');
    const scheme = new URL(a.href).protocol;
    if (!/^(https?:|mailto:|#\\/)/i.test(href) || !['http:', 'https:', 'mailto:'].includes(scheme))
      bad.push('link: ' + show(a));
  }
  return bad;
})()`;

async function hostileElements(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(INSPECT);
}

function visibleText(page: Page): Promise<string> {
  return page.evaluate<string>('document.body.innerText');
}

/** Payloads not shown literally anywhere in the page. */
async function missingLiterals(page: Page, payloads: readonly string[] = PLAIN): Promise<string[]> {
  const text = await visibleText(page);
  return payloads.filter((payload) => !text.includes(payload));
}

/** Waits until the page has answered and drawn what it asked the server for. */
const settle = settled;

/** Loads `route` as a fresh document (never the last view's content), then checks it. */
async function visit(opened: OpenedPage, serve: RunningServe, route: string, ready: string) {
  await opened.page.goto('about:blank');
  await opened.page.goto(`${serve.url}${route}`);
  await opened.page.locator(ready).first().waitFor();
  await openMetadata(opened.page);
  await settle(opened.page);
  expect({ route, bad: await hostileElements(opened.page) }).toEqual({ route, bad: [] });
  expect({ route, noise: noise(opened.watch) }).toEqual({ route, noise: [] });
}

async function open(): Promise<{ seeded: HostileBoard; serve: RunningServe; opened: OpenedPage }> {
  const seeded = seedHostile(testdir());
  const serve = await startServe(seeded.root);
  const opened = await openPage(browser, `${serve.url}#/timeline`);
  return { seeded, serve, opened };
}

async function getJson<T>(serve: RunningServe, path: string): Promise<T> {
  const response = await fetch(new URL(path, serve.url));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('script injection: payloads in board content stay text', () => {
  it('timeline, every family expanded', async () => {
    const { seeded, serve, opened } = await open();
    const { page } = opened;
    await visit(opened, serve, '#/timeline', '[data-testid="timeline-node"]');
    // Tall enough for every row of the windowed list to be in the DOM.
    await page.setViewportSize({ width: 1280, height: 4000 });
    for (let round = 0; round < 10; round++) {
      const closed = page.locator('[data-testid="expand"][data-expanded="false"]:visible');
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
    await settle(page);
    expect(await page.locator('[data-testid="expand"][data-expanded="false"]').count()).toBe(0);
    // A row per note (the hand-written one too), and a summary row above each opened family (one per payload, and
    // the external parent's).
    expect(await page.locator('[data-testid="timeline-node"]:visible').count()).toBe(
      seeded.notes.length + 1 + PLAIN.length + 1,
    );
    expect(await hostileElements(page)).toEqual([]);
    // Titles, literally; and the hand-written note's external parent carries its payload as an attribute value, whole.
    expect(
      await missingLiterals(
        page,
        PLAIN.map((p) => `${p} (continued)`),
      ),
    ).toEqual([]);
    const externals = await page
      .locator('[data-testid="timeline-node"][data-external]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-external')));
    expect(externals).toEqual([seeded.externalPayload]);
    await screenshot(page, 'xss-timeline');
    expect(noise(opened.watch)).toEqual([]);
  });

  it("every note's detail", async () => {
    const { seeded, serve, opened } = await open();
    for (const id of seeded.notes) {
      // Loaded: its actions are there (the pane shows a loading state first).
      await visit(opened, serve, `#/notes/${id}`, '[data-testid="detail"] [data-action="resume"]');
      expect({ id, missing: await missingLiterals(opened.page) }).toEqual({ id, missing: [] });
    }
    await screenshot(opened.page, 'xss-note');
  });

  it('a note written by hand, payloads in its session, parent, agent, harness, files and rev fields', async () => {
    const { seeded, serve, opened } = await open();
    await visit(opened, serve, `#/notes/${seeded.handWritten}`, '[data-testid="detail"]');
    expect(await missingLiterals(opened.page)).toEqual([]);
    const text = await visibleText(opened.page);
    // Its fields are shown too, as text: the agent and the harness.
    expect(text).toContain(PLAIN[1]);
    expect(text).toContain(PLAIN[0]);
    await screenshot(opened.page, 'xss-hand-written-note');
  });

  it('the card list and every card', async () => {
    const { seeded, serve, opened } = await open();
    await visit(opened, serve, '#/cards', '[data-testid="card-row"]');
    expect(await missingLiterals(opened.page)).toEqual([]);
    for (const id of seeded.cards) {
      await visit(opened, serve, `#/cards/${id}`, '[data-testid="card-entry"]');
      expect({ id, missing: await missingLiterals(opened.page) }).toEqual({ id, missing: [] });
    }
    await screenshot(opened.page, 'xss-card');
  });

  it('the mail list, every thread, and the inbox', async () => {
    const { serve, opened } = await open();
    const mail = await getJson<{ threads: { id: string }[] }>(serve, '/api/mail');
    expect(mail.threads.length).toBeGreaterThanOrEqual(9);
    await visit(opened, serve, '#/mail', '[data-testid="thread"]');
    expect(await missingLiterals(opened.page)).toEqual([]);
    for (const { id } of mail.threads) {
      await visit(opened, serve, `#/mail/${id}`, '[data-testid="message"]');
      expect({ id, missing: await missingLiterals(opened.page) }).toEqual({ id, missing: [] });
    }
    await screenshot(opened.page, 'xss-thread');
    await visit(opened, serve, '#/inbox', '[data-testid="message"]');
    expect(await missingLiterals(opened.page)).toEqual([]);
  });

  it('the sessions view (a session folder and touched paths full of payloads)', async () => {
    const { serve, opened } = await open();
    await visit(opened, serve, '#/sessions', '[data-testid="session"]');
    expect(await missingLiterals(opened.page)).toEqual([]);
    await screenshot(opened.page, 'xss-sessions');
  });

  it('search for the payloads, typed and in the route', async () => {
    const { serve, opened } = await open();
    const { page } = opened;
    for (const payload of PLAIN) {
      await visit(opened, serve, `#/search/${encodeURIComponent(payload)}`, '[data-testid="search-result"]');
      expect({ payload, missing: await missingLiterals(page, [payload]) }).toEqual({ payload, missing: [] });
    }
    await page.locator('input[data-testid="search-input"]').fill(PLAIN[1]);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="search-result"]').first().waitFor();
    await settle(page);
    expect(await hostileElements(page)).toEqual([]);
    await screenshot(page, 'xss-search');
    expect(noise(opened.watch)).toEqual([]);
  });

  it('the inspection itself finds injected elements (a check that cannot fail is no check)', async () => {
    const { serve, opened } = await open();
    const { page } = opened;
    await visit(opened, serve, '#/timeline', '[data-testid="timeline-node"]');
    await page.evaluate(`(() => {
      const root = document.querySelector('#app, #root, [data-testid="app"]') || document.body;
      const div = document.createElement('div');
      div.innerHTML = '<img src="x"><a href="javascript:void 0">x</a><b onclick="void 0">b</b>';
      root.appendChild(div);
    })()`);
    const found = await hostileElements(page);
    expect(found.some((line) => line.startsWith('element: <img'))).toBe(true);
    expect(found.some((line) => line.includes('javascript:void'))).toBe(true);
    expect(found.some((line) => line.startsWith('handler: <b'))).toBe(true);
  });
});
