// Bidi overrides and isolates (issue 21): board text holding U+202A–U+202E or U+2066–U+2069 shows in every view as the
// CLI shows it (`\u202e`), so a title cannot reorder what a person reads; none of those characters (nor any other the
// CLI escapes) is left in the page's text, attributes or document title. The API keeps the text exact.
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
  shown,
  startServe,
} from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { type BidiBoard, BODY_SHOWN, ESCAPED_CLASS, RLO, seedBidi, TEXT } from './bidi-seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Where a character the CLI escapes is left in the page: text nodes, attributes, form values, the title. */
const RAW = `(() => {
  const raw = new RegExp(${JSON.stringify(ESCAPED_CLASS)});
  const found = [];
  const show = (text) => JSON.stringify(text.slice(0, 80));
  if (raw.test(document.title)) found.push('document.title ' + show(document.title));
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (raw.test(node.data)) found.push('text in <' + node.parentElement.tagName.toLowerCase() + '> ' + show(node.data));
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes)
      if (raw.test(attr.value)) found.push(el.tagName.toLowerCase() + ' [' + attr.name + '] ' + show(attr.value));
    if ('value' in el && typeof el.value === 'string' && raw.test(el.value))
      found.push(el.tagName.toLowerCase() + ' value ' + show(el.value));
  }
  return found;
})()`;

function rawLeft(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(RAW);
}

function pageText(page: Page): Promise<string> {
  return page.evaluate<string>('document.body.innerText');
}

/** Waits until the page has answered and drawn what it asked the server for. */
const settle = settled;

/** Loads `route` as a fresh document, waits for `ready`, checks nothing raw is left, and returns the shown text. */
async function visit(opened: OpenedPage, serve: RunningServe, route: string, ready: string): Promise<string> {
  await opened.page.goto('about:blank');
  await opened.page.goto(`${serve.url}${route}`);
  await opened.page.locator(ready).first().waitFor();
  await openMetadata(opened.page);
  await settle(opened.page);
  expect({ route, raw: await rawLeft(opened.page) }).toEqual({ route, raw: [] });
  expect({ route, noise: noise(opened.watch) }).toEqual({ route, noise: [] });
  return pageText(opened.page);
}

/** The entries of `wanted` that `text` does not show. */
function missing(text: string, wanted: readonly string[]): string[] {
  return wanted.filter((shown) => !text.includes(shown));
}

async function open(): Promise<{ seeded: BidiBoard; serve: RunningServe; opened: OpenedPage }> {
  const seeded = seedBidi(testdir());
  const serve = await startServe(seeded.root);
  const opened = await openPage(browser, `${serve.url}#/timeline`);
  return { seeded, serve, opened };
}

describe('bidi and control characters from the board are shown escaped, as the CLI shows them', () => {
  it('the timeline (every family open), the header and the document title', async () => {
    const { serve, opened } = await open();
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
    expect(await rawLeft(page)).toEqual([]);
    const text = await pageText(page);
    expect(
      missing(text, [
        TEXT.noteTitle[1],
        TEXT.resultTitle[1],
        'Hand \\u202ewritten\\u202c',
        `${TEXT.handAgent[1]} · ${TEXT.handHarness[1]}`,
        TEXT.folder[1],
      ]),
    ).toEqual([]);
    expect(await page.title()).toBe(`baton · ${TEXT.folder[1]}`);
    // The external parent's row: its session in a tooltip and a data attribute, escaped too.
    const external = page.locator('[data-testid="timeline-node"][data-external]');
    expect(await external.getAttribute('data-external')).toBe(TEXT.handParent[1]);
    expect(await external.locator('.row-main').getAttribute('title')).toBe(TEXT.handParent[1]);
    await screenshot(page, 'bidi-timeline');
  });

  it("a handoff's detail: title, facts, conclusion and every kind of Markdown text; resume and continue", async () => {
    const { seeded, serve, opened } = await open();
    const { page } = opened;
    const text = await visit(
      opened,
      serve,
      `#/notes/${seeded.note}`,
      '[data-testid="detail"] [data-action="resume"]',
    );
    expect(
      missing(text, [TEXT.noteTitle[1], ...BODY_SHOWN, 'Done \\u202ehere\\u202c.', 'sh\\u202e']),
    ).toEqual([]);
    // Markdown still means what it meant: the bold, the code span, the link and the table are elements.
    const goal = page.locator('[data-section="goal"]');
    expect(await shown(goal.locator('strong').first())).toBe('bold \\u2067x\\u2069');
    expect(await shown(goal.locator('p code').first())).toBe('code \\u202espan');
    expect(await shown(goal.locator('a[href="https://example.com/ok"]'))).toBe('link \\u2068text\\u2069');
    expect(await shown(goal.locator('td').first())).toBe('cell \\u202bx\\u202c');
    // A URL holding a bidi character is not made a link (its text stays, escaped).
    expect(await goal.locator('a').count()).toBe(1);
    await screenshot(page, 'bidi-note');

    const detail = page.locator('[data-testid="detail"]');
    await detail.locator('[data-action="resume"]').click();
    await detail.locator('[data-action="continue"]').click();
    await detail.locator('[data-testid="continue-command"]').waitFor();
    await settle(page);
    expect(await rawLeft(page)).toEqual([]);
    expect(await shown(detail.locator('[data-testid="continue-command"]'))).toContain(TEXT.noteTitle[1]);
    expect(noise(opened.watch)).toEqual([]);
  });

  it('a result note and a note written by hand (agent, harness, session, parent, files and rev)', async () => {
    const { seeded, serve, opened } = await open();
    const result = await visit(
      opened,
      serve,
      `#/notes/${seeded.result}`,
      '[data-testid="detail"] .note-section',
    );
    expect(
      missing(result, [TEXT.resultTitle[1], TEXT.task[1], TEXT.conclusion[1], TEXT.fact[1], ...BODY_SHOWN]),
    ).toEqual([]);
    const hand = await visit(opened, serve, `#/notes/${seeded.handWritten}`, '[data-testid="detail"] h2');
    expect(
      missing(hand, [
        'Hand \\u202ewritten\\u202c',
        TEXT.handAgent[1],
        TEXT.handHarness[1],
        TEXT.handSession[1],
        TEXT.handFile[1],
        'ab\\u202ecd',
        TEXT.folder[1],
        ...BODY_SHOWN,
      ]),
    ).toEqual([]);
    // The session's tooltip and the note's path.
    const detail = opened.page.locator('[data-testid="detail"]');
    expect(await detail.locator('dd code').first().getAttribute('title')).toBe(TEXT.handSession[1]);
    expect(await detail.locator('.path').getAttribute('title')).toContain(TEXT.folder[1]);
    await screenshot(opened.page, 'bidi-hand-written-note');
  });

  it('the card list and a card: titles, entries, the delete confirmation, the ask form', async () => {
    const { seeded, serve, opened } = await open();
    const { page } = opened;
    const list = await visit(opened, serve, '#/cards', '[data-testid="card-row"]');
    expect(missing(list, [TEXT.cardTitle[1]])).toEqual([]);
    const card = await visit(opened, serve, `#/cards/${seeded.card}`, '[data-testid="card-entry"]');
    expect(missing(card, [TEXT.cardTitle[1], ...BODY_SHOWN, 'Why \\u202ethis\\u202c?'])).toEqual([]);
    // The ask form lists the live sessions by agent · harness · project.
    expect(await shown(page.locator('[data-testid="ask-form"] option').first())).toContain(
      TEXT.sessionHarness[1],
    );
    await page.locator('[data-action="delete-card"]').click();
    await page.locator('[data-action="confirm-delete"]').waitFor();
    expect(await rawLeft(page)).toEqual([]);
    expect(await shown(page.locator('.confirm'))).toContain(`“${TEXT.cardTitle[1]}”`);
    expect(noise(opened.watch)).toEqual([]);
  });

  it('the mail list, a thread and the inbox: subjects, previews and bodies', async () => {
    const { seeded, serve, opened } = await open();
    const list = await visit(opened, serve, '#/mail', '[data-testid="thread"]');
    expect(missing(list, [TEXT.subject[1], 'Reply \\u2066here\\u2069.'])).toEqual([]);
    const thread = await visit(opened, serve, `#/mail/${seeded.thread}`, '[data-testid="message"]');
    expect(missing(thread, [TEXT.subject[1], ...BODY_SHOWN, 'Reply \\u2066here\\u2069.'])).toEqual([]);
    await screenshot(opened.page, 'bidi-thread');
    const inbox = await visit(opened, serve, '#/inbox', '[data-testid="message"]');
    expect(missing(inbox, [TEXT.subject[1], ...BODY_SHOWN, 'Reply \\u2066here\\u2069.'])).toEqual([]);
  });

  it('the sessions view: harness, folder, touched paths, who else is on a file, and read problems', async () => {
    const { serve, opened } = await open();
    const { page } = opened;
    const text = await visit(opened, serve, '#/sessions', '[data-testid="session"]');
    expect(
      missing(text, [
        TEXT.sessionHarness[1],
        TEXT.sessionCwd[1],
        TEXT.touched[1],
        `also: alice (${TEXT.sessionHarness[1]})`,
      ]),
    ).toEqual([]);
    expect(await page.locator('[data-testid="session"]').count()).toBe(2);
    // A record whose agent holds a bidi character is no session (agent names are plain); it is listed as a problem,
    // as is a file whose name holds one — that name escaped.
    await page.locator('details.problems summary').click();
    const problems = await shown(page.locator('details.problems'));
    expect(problems).toContain('its agent is not an agent name');
    expect(problems).toContain(TEXT.badFile[1]);
    expect(await rawLeft(page)).toEqual([]);
    expect(await page.locator('.cwd').first().getAttribute('title')).toBe(TEXT.sessionCwd[1]);
    await screenshot(page, 'bidi-sessions');
  });

  it('search: result titles and snippets, and the query in the heading', async () => {
    const { serve, opened } = await open();
    const notes = await visit(opened, serve, '#/search/fdp.exe', '[data-testid="search-result"]');
    expect(missing(notes, [TEXT.noteTitle[1]])).toEqual([]);
    const bodies = await visit(opened, serve, '#/search/reversed', '[data-testid="search-result"]');
    expect(missing(bodies, ['\\u202ereversed\\u202c', TEXT.cardTitle[1], TEXT.subject[1]])).toEqual([]);
    // A query holding the character (a crafted link): the heading shows it escaped; the search box keeps what was
    // asked, as a person's own input.
    await opened.page.goto('about:blank');
    await opened.page.goto(`${serve.url}#/search/${encodeURIComponent(`${RLO}reversed`)}`);
    await opened.page.locator('[data-testid="search-result"]').first().waitFor();
    await settle(opened.page);
    expect(await shown(opened.page.locator('h1'))).toBe('Search: \\u202ereversed');
    const raw = await rawLeft(opened.page);
    expect(raw).toEqual([`input value ${JSON.stringify(`${RLO}reversed`)}`]);
  });

  it('the API answers the exact text; only the page escapes', async () => {
    const { seeded, serve } = await open();
    const response = await fetch(new URL(`/api/notes/${seeded.note}`, serve.url));
    const detail = (await response.json()) as { note: { title: string } };
    expect(detail.note.title).toBe(TEXT.noteTitle[0]);
  });

  it('the check itself finds a raw character in text, in an attribute and in the title (it can fail)', async () => {
    const { serve, opened } = await open();
    const { page } = opened;
    await visit(opened, serve, '#/timeline', '[data-testid="timeline-node"]');
    await page.evaluate(`(() => {
      const span = document.createElement('span');
      span.textContent = 'a\\u2067b';
      span.setAttribute('title', 'c\\u202ed');
      document.body.appendChild(span);
      document.title = 'x\\u2028y';
    })()`);
    const found = await rawLeft(page);
    expect(found).toContain('text in <span> "a\u2067b"');
    expect(found).toContain('span [title] "c\u202ed"');
    expect(found).toContain('document.title "x\u2028y"');
  });
});
