// The compose form: the recipient field completes the agents the board knows, and a name it does not know is asked
// about first ("no agent named alcie — send anyway?", in English and Chinese): cancel writes nothing, confirm sends.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noise, openPage, screenshot, shown, startServe } from '../../helpers/browser.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';
import { seedMail } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FORM = 'form[data-testid="compose-form"]';

function suggestions(page: Page): Promise<string[]> {
  return page
    .locator('#known-agents option')
    .evaluateAll((options) => options.map((o) => o.getAttribute('value') ?? ''));
}

describe('compose', () => {
  it('the recipient field completes the agents the board knows, the name being typed after those written', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`);
    const to = page.locator(`${FORM} input[name=to]`);
    await to.waitFor();
    expect(await to.getAttribute('list')).toBe('known-agents');
    await expect.poll(() => suggestions(page)).toEqual(['alice', 'bob', 'carol', 'you']);
    await to.fill('alice, ');
    await expect.poll(() => suggestions(page)).toEqual(['alice, bob', 'alice, carol', 'alice, you']);
    expect(noise(watch)).toEqual([]);
  });

  it('asks before sending to an unknown agent: cancel writes nothing, send anyway sends', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`, {
      viewport: { width: 1440, height: 900 },
    });
    const form = page.locator(FORM);
    await page.locator('#known-agents option').first().waitFor({ state: 'attached' });
    await form.locator('input[name=to]').fill('bob, alcie');
    await form.locator('textarea[name=body]').fill('for bob and a typo');
    const before = filesUnder(seeded.root);
    await form.locator('button[type=submit]').click();
    const question = form.locator('[data-testid="unknown-recipient"]');
    await question.waitFor();
    expect(await shown(question.locator('p'))).toBe('No agent named alcie on this board — send anyway?');
    // The question has the focus (it replaced the Send button).
    expect(await page.evaluate<string | null>('document.activeElement.getAttribute("data-action")')).toBe(
      'send-anyway',
    );
    await screenshot(page, 'compose-unknown-1440');
    await question.locator('[data-action="cancel-send"]').click();
    await question.waitFor({ state: 'detached' });
    expect(filesUnder(seeded.root)).toEqual(before);
    expect(await form.locator('input[name=to]').inputValue()).toBe('bob, alcie');
    // Fixed, it sends without asking.
    await form.locator('input[name=to]').fill('bob, alice');
    await form.locator('button[type=submit]').click();
    await page
      .locator('[data-testid="detail"] [data-testid="message"]', { hasText: 'for bob and a typo' })
      .waitFor();
    expect(filesUnder(seeded.root).filter((p) => p.startsWith('messages/alcie/'))).toEqual([]);
    // Asked again and confirmed: it goes, to the name as written.
    await page.goto(`${serve.url}#/mail`);
    await form.locator('input[name=to]').fill('alcie');
    await form.locator('textarea[name=body]').fill('to a new agent on purpose');
    await form.locator('button[type=submit]').click();
    await form.locator('[data-action="send-anyway"]').click();
    await page
      .locator('[data-testid="detail"] [data-testid="message"]', { hasText: 'to a new agent on purpose' })
      .waitFor();
    expect(filesUnder(seeded.root).filter((p) => p.startsWith('messages/alcie/'))).toHaveLength(1);
    expect(noise(watch)).toEqual([]);
  });

  it('asks in Chinese on a Chinese page', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`, {
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
    });
    await page.evaluate(`localStorage.setItem('baton-lang', 'zh-CN')`);
    await page.reload();
    const form = page.locator(FORM);
    await page.locator('#known-agents option').first().waitFor({ state: 'attached' });
    await form.locator('input[name=to]').fill('alcie');
    await form.locator('textarea[name=body]').fill('你好');
    const before = filesUnder(seeded.root);
    await form.locator('button[type=submit]').click();
    const question = form.locator('[data-testid="unknown-recipient"]');
    expect(await shown(question.locator('p'))).toBe('此看板上没有名为 alcie 的代理——仍然发送吗？');
    expect(await shown(question.locator('[data-action="send-anyway"]'))).toBe('仍然发送');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'compose-unknown-390-zh');
    await question.locator('[data-action="cancel-send"]').click();
    expect(filesUnder(seeded.root)).toEqual(before);
    expect(noise(watch)).toEqual([]);
  });
});
