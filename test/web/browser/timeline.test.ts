// The relation timeline in Chromium (SPEC §6): families newest-first, parents collapsed, expanding, a note's six
// sections, the resume and continue actions; screenshots in light, dark and narrow.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function row(page: Page, noteId: string): Locator {
  return page.locator(`${NODE}[data-note-id="${noteId}"]`);
}

/** The row's own expand toggle (its children's rows, when nested inside it, come after it). */
function toggle(page: Page, noteId: string): Locator {
  return row(page, noteId).locator('[data-testid="expand"]').first();
}

/** What identifies each visible timeline row: its note id, or `external:<session>`. */
async function visibleRows(page: Page): Promise<string[]> {
  return page
    .locator(`${NODE}:visible`)
    .evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute('data-note-id') ?? `external:${n.getAttribute('data-external')}`),
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
  await row(page, seeded.notes.l2).waitFor({ state: 'visible' });
  await toggle(page, seeded.notes.l2).click();
  await row(page, seeded.notes.l3).waitFor({ state: 'visible' });
}

describe('timeline view', () => {
  it('lists families newest activity first, with every parent collapsed', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded);
    expect(await visibleRows(page)).toEqual(seeded.familyOrder);
    // Collapsed: no child of any family is shown, and each parent's toggle says so.
    for (const child of ['l2', 'l3', 'sub', 'ext', 'o2'] as const) {
      expect(await row(page, seeded.notes[child]).isVisible()).toBe(false);
    }
    expect(await toggle(page, seeded.notes.l1).getAttribute('aria-expanded')).toBe('false');
    const external = page.locator(`${NODE}[data-external="${seeded.external}"]`);
    expect(await external.getAttribute('data-kind')).toBe('external');
    expect(await row(page, seeded.notes.l1).getAttribute('data-kind')).toBe('main');
    expect(noise(watch)).toEqual([]);
  });

  it('expands a family: generation 2, then generation 3 and the sub-agent under it, newest first', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded);
    await toggle(page, seeded.notes.l1).click();
    expect(await toggle(page, seeded.notes.l1).getAttribute('aria-expanded')).toBe('true');
    await row(page, seeded.notes.l2).waitFor({ state: 'visible' });
    expect(await row(page, seeded.notes.l3).isVisible()).toBe(false);
    await toggle(page, seeded.notes.l2).click();
    await row(page, seeded.notes.l3).waitFor({ state: 'visible' });
    const { notes, sessions } = seeded;
    expect(await visibleRows(page)).toEqual([
      notes.l1,
      notes.l2,
      notes.l3,
      notes.sub,
      notes.lone,
      `external:${seeded.external}`,
      notes.o1,
    ]);
    expect(await row(page, notes.sub).getAttribute('data-kind')).toBe('sub-agent');
    expect(await row(page, notes.l3).getAttribute('data-kind')).toBe('main');
    // SPEC §6 labels: "continued by N" (a sub-agent is not a continuation), "source: <first 8 of parent>", in progress.
    const own = async (id: string) => (await shown(row(page, id))).split('\n').join(' ');
    expect(await own(notes.l1)).toMatch(/continued by 1\b/i);
    expect(await own(notes.l3)).toContain(sessions.l2.slice(0, 8));
    expect(await own(notes.l3)).toMatch(/in progress/i);
    expect(await own(notes.sub)).toMatch(/sub-agent/i);
    // Collapsing again hides the whole subtree.
    await toggle(page, notes.l1).click();
    await row(page, notes.l2).waitFor({ state: 'hidden' });
    expect(await row(page, notes.l3).isVisible()).toBe(false);
    expect(noise(watch)).toEqual([]);
  });

  it("opens a note from its row: the six sections rendered from Markdown, and the note's route", async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openTimeline(seeded);
    await row(page, seeded.notes.l1).getByText('Lineage gen1 handoff').first().click();
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

  it('screenshots: 1280×800 light and dark, 420×800 without sideways scrolling', {
    timeout: 60_000,
  }, async () => {
    const seeded = seedTimeline(testdir());
    const shots: Record<string, string> = {};
    for (const [name, options] of [
      ['timeline-light', { colorScheme: 'light' }],
      ['timeline-dark', { colorScheme: 'dark' }],
      ['timeline-narrow', { colorScheme: 'light', viewport: { width: 420, height: 800 } }],
    ] as const) {
      const { page, watch } = await openTimeline(seeded, options);
      await expandLineage(page, seeded);
      await row(page, seeded.notes.l3).getByText('Lineage gen3 handoff').first().click();
      await page.locator('[data-testid="detail"] [data-section="next"]').waitFor();
      shots[name] = await pageBackground(page);
      await screenshot(page, name);
      if (name === 'timeline-narrow') {
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(420);
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
