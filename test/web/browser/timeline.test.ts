// The relation timeline in Chromium (SPEC §6, issue 25): families newest-first, each a summary row; an opened family
// a flat run with asides one step in; the tree's keys; a deep link on the big board; a note's six sections, the
// resume and continue actions; screenshots in light, dark and narrow.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBoard } from '../../../bench/web-board.mjs';
import {
  launchBrowser,
  noise,
  openPage,
  pageBackground,
  screenshot,
  shown,
  startServe,
} from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { seedTimeline, type TimelineBoard } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NODE = '[data-testid="timeline-node"]';

/** A note's own row: a line of an opened family, or the row of a family of one note. */
function row(page: Page, noteId: string): Locator {
  return page.locator(`${NODE}[data-note-id="${noteId}"]`);
}

/** A family's summary row (its key: the first note's id, or `x:<session>`). */
function family(page: Page, key: string): Locator {
  return page.locator(`${NODE}[data-family="${key}"]`);
}

/** The ▶ of a family row. */
function toggle(page: Page, key: string): Locator {
  return family(page, key).locator('[data-testid="expand"]');
}

/** What identifies each row in the DOM, top to bottom: a note's id, else (a family) `f:<family key>`. */
async function visibleRows(page: Page): Promise<string[]> {
  return page
    .locator(`${NODE}:visible`)
    .evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute('data-note-id') ?? `f:${n.getAttribute('data-family')}`),
    );
}

async function openTimeline(seeded: TimelineBoard, options = {}) {
  const serve = await startServe(seeded.root);
  const opened = await openPage(browser, `${serve.url}#/timeline`, options);
  await opened.page.locator(`${NODE}:visible`).first().waitFor();
  return { serve, ...opened };
}

async function expandLineage(page: Page, seeded: TimelineBoard) {
  await toggle(page, seeded.notes.l1).click();
  await row(page, seeded.notes.l3).waitFor({ state: 'visible' });
}

/** The rows in seedTimeline's order, collapsed. */
function collapsed(seeded: TimelineBoard): string[] {
  const { notes, external } = seeded;
  return [`f:${notes.l1}`, notes.lone, `f:x:${external}`, `f:${notes.o1}`];
}

describe('timeline view', () => {
  it('lists families newest activity first, each one summarised row, collapsed', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded);
    expect(await visibleRows(page)).toEqual(collapsed(seeded));
    for (const child of ['l1', 'l2', 'l3', 'sub', 'ext', 'o2'] as const) {
      expect(await row(page, seeded.notes[child]).count()).toBe(0);
    }
    const lineage = family(page, seeded.notes.l1);
    expect(await lineage.getAttribute('aria-expanded')).toBe('false');
    // The whole family counted (not the first note's children), what is live, who, and its newest note by title.
    const summary = (await shown(lineage)).split('\n').join(' ');
    expect(summary).toContain('Lineage gen1 handoff');
    expect(summary).toContain('4 notes');
    expect(summary).toMatch(/1 in progress/);
    expect(summary).toContain('alice · claude');
    expect(summary).toContain('newest: Lineage gen3 handoff');
    // No "source: <8 characters of a session id>" anywhere.
    expect(await page.locator('.list-pane').textContent()).not.toMatch(/source:/);
    expect(await family(page, `x:${seeded.external}`).getAttribute('data-kind')).toBe('external');
    // A family of one note is that note's row, with nothing to open.
    expect(await row(page, seeded.notes.lone).getAttribute('aria-expanded')).toBeNull();
    expect(noise(watch)).toEqual([]);
  });

  it('an opened family is one flat run, oldest first; the sub-agent result one step in under its note', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded);
    await toggle(page, seeded.notes.l1).click();
    await row(page, seeded.notes.l3).waitFor();
    const { notes } = seeded;
    expect(await family(page, notes.l1).getAttribute('aria-expanded')).toBe('true');
    expect(await visibleRows(page)).toEqual([
      `f:${notes.l1}`,
      notes.l1,
      notes.l2,
      notes.sub,
      notes.l3,
      ...collapsed(seeded).slice(1),
    ]);
    const depth = (id: string) => row(page, id).getAttribute('data-depth');
    expect([
      await depth(notes.l1),
      await depth(notes.l2),
      await depth(notes.sub),
      await depth(notes.l3),
    ]).toEqual(['0', '0', '1', '0']);
    expect(await row(page, notes.l3).getAttribute('aria-level')).toBe('2');
    expect(await row(page, notes.sub).getAttribute('aria-level')).toBe('3');
    expect(await row(page, notes.sub).getAttribute('data-kind')).toBe('sub-agent');
    const own = async (id: string) => (await shown(row(page, id))).split('\n').join(' ');
    expect(await own(notes.l3)).toMatch(/in progress/i);
    expect(await own(notes.sub)).toMatch(/sub-agent/i);
    // A chain's links are its order: no "continued by 1" on every note.
    expect(await own(notes.l1)).not.toMatch(/continued by/i);
    // Collapsing hides the lines again.
    await toggle(page, notes.l1).click();
    await row(page, notes.l2).waitFor({ state: 'detached' });
    expect(await visibleRows(page)).toEqual(collapsed(seeded));
    expect(noise(watch)).toEqual([]);
  });

  it('the tree is one tab stop with arrow keys inside: up, down, right opens, left closes or goes up, Home, End', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded);
    const { notes } = seeded;
    const focused = () =>
      page.evaluate<string | null>(`(() => {
        const at = document.activeElement;
        if (!at || !at.matches('[data-testid="timeline-node"]')) return 'not a row: ' + (at && at.tagName);
        return at.getAttribute('data-note-id') || 'f:' + at.getAttribute('data-family');
      })()`);
    // One tab stop: the first row; every other row is out of the tab order.
    expect(await page.locator(`${NODE}[tabindex="0"]`).count()).toBe(1);
    await family(page, notes.l1).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(notes.lone);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(`f:${notes.l1}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => family(page, notes.l1).getAttribute('aria-expanded')).toBe('true');
    await row(page, notes.l1).waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe(notes.l1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(notes.sub);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(`f:${notes.l1}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => family(page, notes.l1).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('End');
    expect(await focused()).toBe(`f:${notes.o1}`);
    await page.keyboard.press('Home');
    expect(await focused()).toBe(`f:${notes.l1}`);
    expect(await page.locator(`${NODE}[tabindex="0"]`).count()).toBe(1);
    // Enter on a note opens it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/notes/${notes.lone}`);
    // No control inside a row: the ▶ is for the mouse, the row itself is the tree item.
    expect(await page.locator(`${NODE} a, ${NODE} button, ${NODE} [tabindex]`).count()).toBe(0);
    expect(noise(watch)).toEqual([]);
  });

  it('a link to a note deep in a 72-note family of the big board opens the family, scrolls the note into view and focuses it', {
    timeout: 240_000,
  }, async () => {
    // The cached board itself (a copy of 15,000 files takes longer to remove than a test may): the server writes
    // nothing to it but its derived front-matter cache.
    const big = await webBoard();
    const serve = await startServe(big.root, { cwd: big.cwd });
    const { middle, root } = big.manifest.longest;
    const { page, watch } = await openPage(browser, `${serve.url}#/notes/${middle}`, {
      viewport: { width: 1440, height: 900 },
    });
    const target = row(page, middle);
    await target.waitFor();
    await expect
      .poll(
        () => page.evaluate<string | null>('document.activeElement?.getAttribute("data-note-id") ?? null'),
        {
          timeout: 15_000,
        },
      )
      .toBe(middle);
    expect(await target.getAttribute('data-family-of')).toBe(root);
    // In the list pane's viewport, not thousands of pixels below it.
    const pane = (await page.locator('.list-pane').boundingBox())!;
    const box = (await target.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(pane.y);
    expect(box.y + box.height).toBeLessThanOrEqual(pane.y + pane.height);
    // Windowed: of 200 families and 72 lines only what is near the viewport is in the DOM.
    expect(await page.locator(NODE).count()).toBeLessThan(80);
    await page.locator('[data-testid="detail"] [data-section="goal"]').waitFor();
    await screenshot(page, 'timeline-big-deep-link');
    expect(noise(watch)).toEqual([]);
  });

  it('on the big board the focused row keeps the focus while the list scrolls far away, and the keys go on from it', {
    timeout: 240_000,
  }, async () => {
    const big = await webBoard();
    const serve = await startServe(big.root, { cwd: big.cwd });
    const { page, watch } = await openPage(browser, `${serve.url}#/timeline`, {
      viewport: { width: 1440, height: 900 },
    });
    const focusedFamily = () =>
      page.evaluate<string | null>('document.activeElement?.getAttribute("data-family") ?? null');
    const first = family(page, big.manifest.familyOrder[0]!);
    await first.focus();
    await expect.poll(focusedFamily).toBe(big.manifest.familyOrder[0]);
    await page.keyboard.press('ArrowDown');
    const second = big.manifest.familyOrder[1]!;
    await expect.poll(focusedFamily).toBe(second);
    // Scrolled thousands of pixels away: the row is out of the window, yet still in the DOM and focused.
    await page.locator('.list-pane').evaluate((el) => {
      el.scrollTop = 9_000;
    });
    await expect
      .poll(() => page.locator(`${NODE}[data-family="${big.manifest.familyOrder[0]}"]`).count())
      .toBe(0);
    expect(await focusedFamily()).toBe(second);
    expect(await page.locator(`${NODE}[tabindex="0"]`).count()).toBe(1);
    // The next key moves on from it, and brings its row back into view.
    await page.keyboard.press('ArrowDown');
    const third = big.manifest.familyOrder[2]!;
    await expect.poll(focusedFamily).toBe(third);
    const pane = (await page.locator('.list-pane').boundingBox())!;
    const box = (await family(page, third).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(pane.y);
    expect(box.y + box.height).toBeLessThanOrEqual(pane.y + pane.height);
    expect(noise(watch)).toEqual([]);
  });

  it("opens a note from its row: the six sections rendered from Markdown, and the note's route", async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded);
    await expandLineage(page, seeded);
    await row(page, seeded.notes.l1).click();
    const detail = page.locator('[data-testid="detail"]');
    await detail.locator('[data-section="next"]').waitFor();
    expect(new URL(page.url()).hash).toBe(`#/notes/${seeded.notes.l1}`);
    const text = async (key: string) => (await shown(detail.locator(`[data-section="${key}"]`))).trim();
    expect(await text('goal')).toContain('Goal of Lineage gen1: make the login test stable.');
    expect(await text('done')).toContain('froze time per test');
    expect(await text('state')).toContain('State of Lineage gen1: suite green 20/20 runs.');
    expect(await text('decisions')).toContain('Decisions of Lineage gen1: per test, not global.');
    expect(await text('pitfalls')).toContain('vi.useFakeTimers leaks between files.');
    expect(await text('next')).toContain('Next for Lineage gen1: read test/login.spec.ts first.');
    // Rendered, not shown raw: no Markdown marks left, the list is a list, the code is code.
    for (const key of ['goal', 'done', 'pitfalls']) expect(await text(key)).not.toMatch(/\*\*|`|^- /m);
    expect(await detail.locator('[data-section="done"] li').count()).toBe(2);
    expect(await shown(detail.locator('[data-section="goal"] strong'))).toBe('login test');
    expect(await shown(detail.locator('[data-section="pitfalls"] code'))).toBe('vi.useFakeTimers');
    expect(noise(watch)).toEqual([]);
  });

  it('the resume action shows the command that resumes the session; continue shows the new command and text', async () => {
    const seeded = seedTimeline(testdir());
    const { serve, ...opened } = await openTimeline(seeded);
    const { page, watch } = opened;
    await page.goto(`${serve.url}#/notes/${seeded.notes.l2}`);
    const detail = page.locator('[data-testid="detail"]');
    await detail.locator('[data-section="goal"]').waitFor();
    await detail.locator('[data-action="resume"]').click();
    const resume = detail.locator('[data-testid="resume-command"]');
    await resume.waitFor();
    expect(await shown(resume)).toContain(`claude --resume ${seeded.sessions.l2}`);
    await detail.locator('[data-action="continue"]').click();
    const command = detail.locator('[data-testid="continue-command"]');
    await command.waitFor();
    expect(await shown(command)).toMatch(/\bclaude\b/);
    // The handoff is the new session's first message, inside the command.
    const text = await shown(command);
    expect(text).toContain('Goal of Lineage gen2');
    expect(text).toContain('Next for Lineage gen2');
    expect(text).toContain(seeded.sessions.l2);
    expect(noise(watch)).toEqual([]);
  });

  it("requesting a supplementary handoff for a live session's note leaves a pending request for that session", async () => {
    const seeded = seedTimeline(testdir());
    const { serve, page, watch } = await openTimeline(seeded);
    await page.goto(`${serve.url}#/notes/${seeded.notes.l3}`);
    const detail = page.locator('[data-testid="detail"]');
    await detail.locator('[data-action="supplement"]').click();
    const result = detail.locator('[data-testid="supplement-result"]');
    await result.waitFor();
    expect(await result.getAttribute('data-mode')).toBe('request');
    expect(await shown(result)).toContain(seeded.sessions.l3.slice(0, 8));
    expect(existsSync(join(seeded.root, 'pending', `${seeded.sessions.l3}.json`))).toBe(true);
    expect(noise(watch)).toEqual([]);
  });

  it('screenshots: 1440×900 light and dark, 390×844 without sideways scrolling', {
    timeout: 60_000,
  }, async () => {
    const seeded = seedTimeline(testdir());
    const shots: Record<string, string> = {};
    for (const [name, options] of [
      ['timeline-light', { colorScheme: 'light', viewport: { width: 1440, height: 900 } }],
      ['timeline-dark', { colorScheme: 'dark', viewport: { width: 1440, height: 900 } }],
      ['timeline-narrow', { colorScheme: 'light', viewport: { width: 390, height: 844 } }],
    ] as const) {
      const { page, watch } = await openTimeline(seeded, options);
      await expandLineage(page, seeded);
      await row(page, seeded.notes.l3).click();
      await page.locator('[data-testid="detail"] [data-section="next"]').waitFor();
      shots[name] = await pageBackground(page);
      await screenshot(page, name);
      if (name === 'timeline-narrow') {
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      }
      expect(noise(watch)).toEqual([]);
    }
    // Dark is a different palette, not the light one under another name.
    expect(shots['timeline-dark']).not.toBe(shots['timeline-light']);
  });

  it('the theme toggle switches light to dark in the open page', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded, { colorScheme: 'light' });
    const background = () => pageBackground(page);
    const before = await background();
    await page.locator('[data-testid="theme-toggle"]').click();
    await expect.poll(background, { timeout: 30_000 }).not.toBe(before);
    await screenshot(page, 'timeline-theme-toggled');
    expect(noise(watch)).toEqual([]);
  });
});
