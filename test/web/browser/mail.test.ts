// Mail in Chromium, live: a `baton send` from another process shows up in the open page without a reload; the person
// composes a message and it is a file on disk; a bad recipient writes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  noise,
  openPage,
  runBaton,
  screenshot,
  shown,
  startServe,
} from '../../helpers/browser.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';
import { seedMail } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MARK = 'window.__batonStayed';

/** Marks the loaded document, so a later check can tell the page was not reloaded (a reload loses the mark). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(`${MARK} = 'still here'`);
}

async function stillSameDocument(page: Page): Promise<unknown> {
  return page.evaluate(`${MARK}`);
}

/** `.baton/messages/<to>/…` files whose text contains `needle`, with their text. */
function messageFiles(root: string, needle: string): { path: string; text: string }[] {
  return filesUnder(join(root, 'messages'))
    .filter((rel) => rel.endsWith('.md'))
    .map((rel) => ({ path: rel, text: readFileSync(join(root, 'messages', rel), 'utf8') }))
    .filter((file) => file.text.includes(needle));
}

function sentId(stdout: string): string {
  const id = /m-[0-9A-Z]{26}/.exec(stdout)?.[0];
  if (!id) throw new Error(`no message id in the output of baton send: ${stdout}`);
  return id;
}

describe('mail view', () => {
  it('shows a message sent by `baton send` in another process without reloading the page', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`);
    await page.locator(`[data-testid="thread"][data-thread-id="${seeded.thread}"]`).waitFor();
    await page.locator('[data-testid="live"][data-state="open"]').waitFor();
    await markDocument(page);
    const body = `live from alice ${Date.now().toString(36)}`;
    const sent = await runBaton(
      ['send', '--as', 'alice', '--to', 'bob', '--body', body, '--board', seeded.root],
      seeded.root,
    );
    expect(sent.code, sent.stderr).toBe(0);
    const id = sentId(sent.stdout);
    const thread = page.locator(`[data-testid="thread"][data-thread-id="${id}"]`);
    await thread.waitFor({ timeout: 30_000 });
    expect(await shown(thread)).toContain(body);
    expect(await stillSameDocument(page)).toBe('still here');
    // Newest activity first: the new thread is above the seeded ones.
    const order = await page
      .locator('[data-testid="thread"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-thread-id')));
    expect(order[0]).toBe(id);
    await screenshot(page, 'mail-list-live');
    expect(noise(watch)).toEqual([]);
  });

  it('shows live mail to an agent with no mail folder yet (a new folder on the board)', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`);
    await page.locator('[data-testid="live"][data-state="open"]').waitFor();
    await markDocument(page);
    const body = `first mail for dave ${Date.now().toString(36)}`;
    const sent = await runBaton(
      ['send', '--as', 'alice', '--to', 'dave', '--body', body, '--board', seeded.root],
      seeded.root,
    );
    expect(sent.code, sent.stderr).toBe(0);
    await page
      .locator(`[data-testid="thread"][data-thread-id="${sentId(sent.stdout)}"]`)
      .waitFor({ timeout: 30_000 });
    expect(await stillSameDocument(page)).toBe('still here');
    expect(noise(watch)).toEqual([]);
  });

  it('adds a reply to the open thread live, oldest first', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail/${seeded.thread}`);
    await page.locator('[data-testid="message"]').nth(1).waitFor();
    await page.locator('[data-testid="live"][data-state="open"]').waitFor();
    await markDocument(page);
    const body = `reply from carol ${Date.now().toString(36)}`;
    const sent = await runBaton(
      [
        'send',
        '--as',
        'carol',
        '--to',
        'alice',
        '--reply',
        seeded.thread,
        '--body',
        body,
        '--board',
        seeded.root,
      ],
      seeded.root,
    );
    expect(sent.code, sent.stderr).toBe(0);
    const id = sentId(sent.stdout);
    await page.locator(`[data-testid="message"][data-message-id="${id}"]`).waitFor({ timeout: 30_000 });
    const ids = await page
      .locator('[data-testid="message"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-message-id')));
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(seeded.thread);
    expect(ids[2]).toBe(id);
    expect(await stillSameDocument(page)).toBe('still here');
    await screenshot(page, 'mail-thread');
    expect(noise(watch)).toEqual([]);
  });

  it('composes a message as the person: one file per recipient, from `you`', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`);
    const form = page.locator('form[data-testid="compose-form"]');
    await form.waitFor();
    const marker = `compose-${Date.now().toString(36)}`;
    const subject = `status ${marker}`;
    await form.locator('input[name=to]').fill('bob, carol');
    await form.locator('input[name=subject]').fill(subject);
    await form.locator('textarea[name=body]').fill(`Please rerun the **login** suite (${marker}).`);
    await form.locator('button[type=submit]').click();
    await page.locator('[data-testid="thread"]', { hasText: subject }).first().waitFor();
    const files = messageFiles(seeded.root, marker);
    expect(files.map((f) => f.path.split('/')[0]).sort()).toEqual(['bob', 'carol']);
    for (const file of files) {
      expect(file.text).toMatch(/^from: you$/m);
      expect(file.text).toMatch(new RegExp(`^subject: ${subject}$`, 'm'));
      expect(file.text).toContain(`Please rerun the **login** suite (${marker}).`);
    }
    expect(noise(watch)).toEqual([]);
  });

  it('a recipient that is not an agent name shows an error and writes nothing', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page } = await openPage(browser, `${serve.url}#/mail`);
    const form = page.locator('form[data-testid="compose-form"]');
    await form.waitFor();
    const before = filesUnder(seeded.root);
    await form.locator('input[name=to]').fill('../evil');
    await form.locator('textarea[name=body]').fill('should not be written');
    await form.locator('button[type=submit]').click();
    // No agent has that name: asked first, then refused by the server when sent anyway.
    await form.locator('[data-action="send-anyway"]').click();
    await page.locator('[data-testid="error"]').waitFor();
    expect(await shown(page.locator('[data-testid="error"]'))).toMatch(/agent name|\.\./i);
    expect(filesUnder(seeded.root)).toEqual(before);
    await screenshot(page, 'mail-compose-error');
  });

  it("the inbox shows the person's own mail", async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/inbox`);
    const message = page.locator('[data-testid="message"]', { hasText: 'Please review PR 12.' });
    await message.waitFor();
    expect(await page.locator('[data-testid="message"]').count()).toBe(1);
    expect(await shown(message)).toContain('carol');
    await screenshot(page, 'inbox');
    expect(noise(watch)).toEqual([]);
  });
});
