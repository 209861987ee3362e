// Cards in Chromium: an entry added through the form lands in the card's Markdown file as the person's; a new card;
// deleting asks in the page first and then removes the file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitPending } from '../../../src/core/pending/commit.js';
import { openBoard } from '../../../src/index.js';
import { launchBrowser, noise, openPage, screenshot, shown, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { seedCards, sessionId, writeSessionRecord } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The card's file under .baton/cards/ (`c-<id>-<slug>.md`), or undefined when there is none. */
function cardFile(root: string, id: string): string | undefined {
  const name = readdirSync(join(root, 'cards')).find((n) => n.startsWith(`${id}-`) && n.endsWith('.md'));
  return name && join(root, 'cards', name);
}

async function openCard(page: Page, url: string, id: string) {
  await page.goto(`${url}#/cards/${id}`);
  await page.locator('[data-testid="card-entry"]').first().waitFor();
}

describe('cards view', () => {
  it("adds an entry through the form: shown in the page, and written to the card's file as the person's", async () => {
    const seeded = seedCards(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards/${seeded.card}`);
    await page.locator('[data-testid="card-entry"]').nth(1).waitFor();
    expect(await page.locator('[data-testid="card-entry"]').count()).toBe(2);
    const marker = `per-test-${Date.now().toString(36)}`;
    const form = page.locator('form[data-testid="entry-form"]');
    await form.locator('select[name=type]').selectOption('answer');
    await form.locator('textarea[name=body]').fill(`Freeze time **per test** (${marker}).`);
    await form.locator('button[type=submit]').click();
    const added = page.locator('[data-testid="card-entry"]', { hasText: marker });
    await added.waitFor();
    expect(await page.locator('[data-testid="card-entry"]').count()).toBe(3);
    expect(await shown(added)).toContain('you');
    expect(await shown(added)).not.toContain('**');
    const entryId = await added.getAttribute('data-entry-id');
    expect(entryId).toMatch(/^e-[0-9A-Z]{26}$/);
    const text = readFileSync(cardFile(seeded.root, seeded.card)!, 'utf8');
    expect(text).toMatch(
      new RegExp(
        `### ${entryId} · answer · you · \\S+\\n\\nFreeze time \\*\\*per test\\*\\* \\(${marker}\\)\\.\\n`,
      ),
    );
    // Appended: the two older entries are still there, before it.
    expect(text.indexOf('wall-clock time')).toBeLessThan(text.indexOf(marker));
    expect(noise(watch)).toEqual([]);
  });

  it('a blank entry writes nothing', async () => {
    const seeded = seedCards(testdir());
    const serve = await startServe(seeded.root);
    const { page } = await openPage(browser, `${serve.url}#/cards/${seeded.card}`);
    await page.locator('[data-testid="card-entry"]').first().waitFor();
    const form = page.locator('form[data-testid="entry-form"]');
    await form.locator('textarea[name=body]').fill('   \n  ');
    // A page may refuse it by disabling the button, or by answering the click with an error: either way, no write.
    const submit = form.locator('button[type=submit]');
    if (await submit.isEnabled()) await submit.click();
    // Then a real one: once it is shown, a blank write sent before it would be in the file too.
    await form.locator('textarea[name=body]').fill('a real entry');
    await form.locator('button[type=submit]').click();
    await page.locator('[data-testid="card-entry"]', { hasText: 'a real entry' }).waitFor();
    const text = readFileSync(cardFile(seeded.root, seeded.card)!, 'utf8');
    expect(text.match(/^### e-/gm)).toHaveLength(3);
    expect(await page.locator('[data-testid="card-entry"]').count()).toBe(3);
  });

  it('creates a card through the new-card form: listed, and its file on disk', async () => {
    const seeded = seedCards(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards`);
    await page.locator('[data-testid="card-row"]').first().waitFor();
    expect(await page.locator('[data-testid="card-row"]').count()).toBe(2);
    const title = `Retry budget ${Date.now().toString(36)}`;
    const form = page.locator('form[data-testid="new-card-form"]');
    await form.locator('input[name=title]').fill(title);
    await form.locator('button[type=submit]').click();
    // The new card is listed (or opened) by its title.
    await page.getByText(title).first().waitFor();
    const files = readdirSync(join(seeded.root, 'cards')).filter((n) => n.endsWith('.md'));
    expect(files).toHaveLength(3);
    const made = files.find((n) => !n.startsWith(seeded.card) && !n.startsWith(seeded.other))!;
    const text = readFileSync(join(seeded.root, 'cards', made), 'utf8');
    expect(text).toContain(`title: ${title}`);
    expect(text).toContain('created_by: you');
    const id = /^(c-[0-9A-Z]{26})-/.exec(made)![1]!;
    await page.goto(`${serve.url}#/cards`);
    await page.locator(`[data-testid="card-row"][data-card-id="${id}"]`).waitFor();
    expect(noise(watch)).toEqual([]);
  });

  it('deletes a card only after the in-page confirmation: then its file is gone and it leaves the list', async () => {
    const seeded = seedCards(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards/${seeded.other}`);
    const path = cardFile(seeded.root, seeded.other)!;
    await page.locator('[data-action="delete-card"]').click();
    const confirm = page.locator('[data-action="confirm-delete"]');
    await confirm.waitFor();
    // Asking is not deleting.
    expect(existsSync(path)).toBe(true);
    await screenshot(page, 'cards-confirm-delete');
    await confirm.click();
    await expect.poll(() => existsSync(path), { timeout: 30_000 }).toBe(false);
    await page.goto(`${serve.url}#/cards`);
    await page.locator(`[data-testid="card-row"][data-card-id="${seeded.card}"]`).waitFor();
    await expect
      .poll(() => page.locator(`[data-testid="card-row"][data-card-id="${seeded.other}"]`).count(), {
        timeout: 5_000,
      })
      .toBe(0);
    // The other card is untouched, and no browser confirm() was used.
    expect(existsSync(cardFile(seeded.root, seeded.card)!)).toBe(true);
    expect(watch.dialogs).toEqual([]);
    expect(noise(watch)).toEqual([]);
  });

  it('asks a live agent for an entry: a pending write for its session, and its reply shown live as an entry', async () => {
    const dir = testdir();
    const seeded = seedCards(dir);
    const board = openBoard({ board: seeded.root, cwd: dir, env: {}, home: dir });
    const session = sessionId('carol');
    writeSessionRecord(board, session, { agent: 'carol', live: true });
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards/${seeded.card}`);
    const form = page.locator('form[data-testid="ask-form"]');
    await form.locator(`select[name=session] option[value="${session}"]`).waitFor({ state: 'attached' });
    await form.locator('textarea[name=intent]').fill('summarise what you found about the clock');
    await form.locator('button[type=submit]').click();
    await page.locator('[data-testid="ask-result"]').waitFor();
    const pending = join(seeded.root, 'pending', `${session}.json`);
    expect(existsSync(pending)).toBe(true);
    expect(readFileSync(pending, 'utf8')).toContain('summarise what you found about the clock');
    // The agent answers at its turn boundary (what the stop hook does); the page shows the entry without a reload.
    const reply = 'Done.\n\n```board-entry\ntype: finding\n---\nThe clock is read **twice** per test.\n```\n';
    expect(commitPending(board, { session, reply }).status).toBe('committed');
    const entry = page.locator('[data-testid="card-entry"]', {
      hasText: 'The clock is read twice per test.',
    });
    await entry.waitFor({ timeout: 30_000 });
    expect(await shown(entry)).toContain('carol');
    expect(existsSync(pending)).toBe(false);
    expect(noise(watch)).toEqual([]);
  });

  it('screenshots: the card list and a card', async () => {
    const seeded = seedCards(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/cards`);
    await page.locator('[data-testid="card-row"]').nth(1).waitFor();
    const rows = await page
      .locator('[data-testid="card-row"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-card-id')));
    // Newest activity first: the second card was made after the first card's last entry.
    expect(rows).toEqual([seeded.other, seeded.card]);
    await screenshot(page, 'cards-list');
    await openCard(page, serve.url, seeded.card);
    await screenshot(page, 'cards-detail');
    expect(noise(watch)).toEqual([]);
  });
});
