// The note detail in Chromium, content first: the title, its badges and a byline in human time, the actions in a
// toolbar under it, then the six sections, the metadata collapsed; Continue gives the handoff once; the supplementary
// handoff that cannot be had is said in the page's language; parents by title, an external parent that opens
// something; the sessions view links a session to its notes and to the session it continues.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBoard, writeHandoff } from '../../../src/index.js';
import { launchBrowser, noise, openPage, screenshot, shown, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { sections, seedTimeline, sessionId, type TimelineBoard, writeSessionRecord } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DETAIL = '[data-testid="detail"]';
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d/;

async function openNote(seeded: TimelineBoard, note: string, options = {}) {
  const serve = await startServe(seeded.root);
  const opened = await openPage(browser, `${serve.url}#/notes/${note}`, options);
  await opened.page.locator(`${DETAIL} [data-section="next"], ${DETAIL} .note-section`).first().waitFor();
  return { serve, ...opened };
}

/** Where each part of the detail starts, top to bottom (px from the article's top). */
function tops(page: Page) {
  return page.evaluate<Record<'title' | 'toolbar' | 'goal' | 'next' | 'metadata', number>>(`(() => {
    const article = document.querySelector('.note-detail');
    const top = (selector) => {
      const el = article.querySelector(selector);
      return el ? el.getBoundingClientRect().top - article.getBoundingClientRect().top : -1;
    };
    return {
      title: top('h2'),
      toolbar: top('[role="toolbar"]'),
      goal: top('[data-section="goal"]'),
      next: top('[data-section="next"]'),
      metadata: top('[data-testid="metadata"]'),
    };
  })()`);
}

/** Waits until the page's hash is `hash`. */
function hashIs(page: Page, hash: string) {
  return page.waitForFunction(`location.hash === ${JSON.stringify(hash)}`);
}

function setLang(page: Page, lang: string) {
  return page.evaluate(`localStorage.setItem('baton-lang', ${JSON.stringify(lang)})`);
}

describe('the note detail', () => {
  it('reads content first: title, badges and byline, the toolbar, the six sections, then the metadata collapsed', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openNote(seeded, seeded.notes.l3, {
      viewport: { width: 1440, height: 900 },
    });
    const detail = page.locator(DETAIL);
    const at = await tops(page);
    expect(at.title).toBeGreaterThanOrEqual(0);
    expect(at.title < at.toolbar && at.toolbar < at.goal && at.goal < at.next && at.next < at.metadata).toBe(
      true,
    );
    // The toolbar sits in the header, its three actions in it.
    expect(
      await detail
        .locator('header [role="toolbar"] button[data-action]')
        .evaluateAll((b) => b.map((x) => x.getAttribute('data-action'))),
    ).toEqual(['resume', 'continue', 'supplement']);
    // The goal is on the first screen.
    expect(at.goal).toBeLessThan(600);
    // Times are human: "… h ago", the full time in the title; no ISO time is visible text anywhere.
    const byline = await shown(detail.locator('[data-testid="byline"]'));
    expect(byline).toMatch(/alice · claude · \d+ (min|h) ago/);
    expect(await detail.locator('[data-testid="byline"] time').getAttribute('title')).toMatch(ISO);
    expect(await shown(detail)).not.toMatch(ISO);
    // The metadata is collapsed; opened, it shows the session (a link) and the full time, still not as ISO text.
    const metadata = detail.locator('[data-testid="metadata"]');
    expect(await metadata.getAttribute('open')).toBeNull();
    expect(await metadata.locator('dl').isVisible()).toBe(false);
    await metadata.locator('summary').click();
    await metadata.locator('dl').waitFor();
    const meta = await shown(metadata);
    expect(meta).toContain(seeded.sessions.l3);
    expect(meta).toMatch(/\b(AM|PM|\d\d:\d\d:\d\d)\b/);
    expect(meta).not.toMatch(ISO);
    expect(await metadata.locator(`a[href="#/sessions/${seeded.sessions.l3}"]`).count()).toBe(1);
    // The parent by its title, not a session id.
    expect(await shown(detail.locator('[data-testid="parent-link"]'))).toBe('Lineage gen2 handoff');
    await screenshot(page, 'note-detail-1440');
    expect(noise(watch)).toEqual([]);
  });

  it('Continue gives the command with the handoff once, not a second copy beside it', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openNote(seeded, seeded.notes.l2);
    const detail = page.locator(DETAIL);
    await detail.locator('[data-action="continue"]').click();
    const out = detail.locator('[data-testid="continue-out"]');
    await out.locator('[data-testid="continue-command"]').waitFor();
    const command = await shown(out.locator('[data-testid="continue-command"]'));
    expect(command).toMatch(/\bclaude\b/);
    expect(command).toContain('Goal of Lineage gen2');
    expect(command).toContain('Next for Lineage gen2');
    const text = await shown(out);
    expect(text.split('Goal of Lineage gen2').length - 1).toBe(1);
    expect(text.split('Next for Lineage gen2').length - 1).toBe(1);
    expect(await out.locator('pre').count()).toBe(1);
    expect(noise(watch)).toEqual([]);
  });

  it('says in Chinese why no supplementary handoff can be had, without CLI text, and what to do on the page', async () => {
    const seeded = seedTimeline(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/timeline`, { locale: 'zh-CN' });
    await setLang(page, 'zh-CN');
    await page.goto(`${serve.url}#/notes/${seeded.notes.lone}`);
    await page.reload();
    const plan = page.locator(`${DETAIL} [data-testid="supplement-plan"]`);
    await plan.waitFor();
    const text = await shown(plan);
    expect(text).toContain('无法补充交接');
    expect(text).toContain('在新会话中继续');
    expect(text).not.toMatch(/`|baton |handoff request|session /);
    expect(await plan.locator('a[href="#/mail"]').textContent()).toBe('邮件');
    expect(await page.locator(`${DETAIL} [data-action="supplement"]`).isDisabled()).toBe(true);
    // In English the same, in English.
    await setLang(page, 'en');
    await page.reload();
    await plan.waitFor();
    expect(await shown(plan)).toMatch(
      /^No supplementary handoff: this note’s session is not recorded on this board/,
    );
    expect(await shown(plan)).not.toMatch(/`|baton /);
    expect(noise(watch)).toEqual([]);
  });

  it('an external parent opens its note in the other project; one this board never saw says so', async () => {
    const dir = testdir();
    const seeded = seedTimeline(dir);
    const elsewhere = join(dir, 'other-project');
    const other = openBoard({ board: seeded.root, cwd: elsewhere, env: {}, home: dir });
    const parentSession = sessionId('other');
    writeSessionRecord(other, parentSession, { agent: 'dave', live: false, cwd: elsewhere });
    const parent = writeHandoff(other, {
      sections: sections('Other root'),
      title: 'Other project root',
      session: parentSession,
      agent: 'dave',
      harness: 'claude',
      currentSession: false,
    }).note;
    const board = openBoard({ board: seeded.root, cwd: dir, env: {}, home: dir });
    const child = writeHandoff(board, {
      sections: sections('Crossing'),
      title: 'Crossing child',
      session: sessionId('cross'),
      parentSession,
      agent: 'alice',
      harness: 'claude',
      currentSession: false,
    }).note;
    const { page, watch } = await openNote(seeded, child.id);
    const row = page.locator(`${DETAIL} [data-testid="external-parent"]`);
    expect(await shown(row)).toContain('Other project root');
    expect(await shown(row)).toContain(parent.projectKey);
    await row.locator('[data-testid="parent-link"]').click();
    await hashIs(page, `#/notes/${parent.id}`);
    await page.locator(`${DETAIL} h2`, { hasText: 'Other project root' }).waitFor();
    // The seeded external parent is on no board here: it says so rather than offering a dead link.
    await page.goto(`${page.url().split('#')[0]}#/notes/${seeded.notes.ext}`);
    const why = page.locator(`${DETAIL} [data-testid="external-why"]`);
    await why.waitFor();
    expect(await shown(why)).toMatch(/not on this board/);
    expect(noise(watch)).toEqual([]);
  });

  it('at 390×844 the toolbar wraps inside the screen and nothing scrolls sideways', async () => {
    const seeded = seedTimeline(testdir());
    const { page, watch } = await openNote(seeded, seeded.notes.l3, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const right = await page
      .locator(`${DETAIL} [role="toolbar"] button`)
      .evaluateAll((els) => Math.max(...els.map((el) => el.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(390);
    await screenshot(page, 'note-detail-390');
    expect(noise(watch)).toEqual([]);
  });
});

describe('the sessions view links', () => {
  it('a session links to the notes it left and to the session it continues, which the view brings up', async () => {
    const seeded = seedTimeline(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/sessions`, {
      viewport: { width: 1440, height: 900 },
    });
    const l3 = page.locator(`[data-testid="session"][data-session-id="${seeded.sessions.l3}"]`);
    await l3.waitFor();
    const parent = l3.locator('[data-testid="session-parent"] a').first();
    expect(await shown(parent)).toContain('alice');
    expect(await l3.locator('[data-testid="session-notes"] a').textContent()).toBe('Lineage gen3 handoff');
    await screenshot(page, 'sessions-links-1440');
    await parent.click();
    await hashIs(page, `#/sessions/${seeded.sessions.l2}`);
    const l2 = page.locator(`[data-testid="session"][data-session-id="${seeded.sessions.l2}"]`);
    await page.locator(`[data-session-id="${seeded.sessions.l2}"][data-selected="true"]`).waitFor();
    // Its own parent session is recorded nowhere here: its note is, by title.
    expect(await l2.locator('[data-testid="session-parent-note"]').textContent()).toBe(
      'Lineage gen1 handoff',
    );
    await l2.locator('[data-testid="session-notes"] a', { hasText: 'Lineage gen2 handoff' }).click();
    await hashIs(page, `#/notes/${seeded.notes.l2}`);
    await page.locator(`${DETAIL} h2`, { hasText: 'Lineage gen2 handoff' }).waitFor();
    // A session this board does not hold: said, not an empty view.
    await page.goto(`${serve.url}#/sessions/nowhere-1234`);
    expect(await shown(page.locator('[data-testid="session-missing"]'))).toContain('nowhere-1234');
    const narrow = await openPage(browser, `${serve.url}#/sessions/${seeded.sessions.l3}`, {
      viewport: { width: 390, height: 844 },
    });
    await narrow.page.locator('[data-testid="session-notes"]').first().waitFor();
    expect(await narrow.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      390,
    );
    await screenshot(narrow.page, 'sessions-links-390');
    expect(noise(watch)).toEqual([]);
    expect(noise(narrow.watch)).toEqual([]);
  });
});
