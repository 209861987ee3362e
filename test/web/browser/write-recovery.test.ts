// Writes that recover: after a real restart of `baton serve` (same board, same port, a new page token) the open page
// renews its token by itself and the write lands; when it cannot, a banner says so with one click to recover, and
// nothing is written — never a silent 403. Another origin still cannot read the token or write.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, pageToken, screenshot, shown, startServe } from '../../helpers/browser.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';
import { seedMail } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

/** Fills the compose form and sends; resolves once the click is made. */
async function compose(page: Page, to: string, body: string) {
  const form = page.locator('form[data-testid="compose-form"]');
  await form.waitFor();
  await form.locator('input[name=to]').fill(to);
  await form.locator('textarea[name=body]').fill(body);
  await form.locator('button[type=submit]').click();
}

/** The message files under the board's mailbox of `agent`. */
function mailOf(root: string, agent: string): string[] {
  return filesUnder(root).filter((path) => path.startsWith(`messages/${agent}/`));
}

describe('writes that recover', () => {
  it('after the server restarts on the same port, the page renews its token and the message lands', async () => {
    const seeded = seedMail(testdir());
    const first = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${first.url}#/mail`);
    await page.locator('form[data-testid="compose-form"]').waitFor();
    const before = await pageToken(first.url);
    await first.stop();
    const second = await startServe(seeded.root, { args: ['--port', String(first.port)] });
    expect(second.port).toBe(first.port);
    expect(await pageToken(second.url)).not.toBe(before);
    const had = mailOf(seeded.root, 'bob').length;
    await compose(page, 'bob', 'written after the restart');
    // The write lands (the thread opens on it) with no error and no banner.
    const message = page.locator('[data-testid="detail"] [data-testid="message"]', {
      hasText: 'written after the restart',
    });
    await message.waitFor();
    expect(mailOf(seeded.root, 'bob')).toHaveLength(had + 1);
    expect(await page.locator('[data-testid="write-trouble"]').count()).toBe(0);
    expect(await page.locator('[data-testid="error"]').count()).toBe(0);
    expect([watch.errors, watch.dialogs]).toEqual([[], []]);
  });

  it('a token it cannot renew: a banner says so, nothing is written, one click reloads and the write lands', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail`, {
      viewport: { width: 1440, height: 900 },
    });
    // Every write carries a token this server never issued (as a page from before a restart whose HTML cannot be
    // fetched again would).
    await page.route('**/api/messages', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-baton-token': 'stale-token' } }),
    );
    const before = filesUnder(seeded.root);
    await compose(page, 'bob', 'first try');
    const banner = page.locator('[data-testid="write-trouble"]');
    await banner.waitFor();
    expect(await shown(banner)).toMatch(/no longer accepts this page’s key/);
    expect(await shown(page.locator('[data-testid="error"]'))).toMatch(/X-Baton-Token/);
    expect(filesUnder(seeded.root)).toEqual(before);
    await screenshot(page, 'write-trouble-1440');
    await page.unroute('**/api/messages');
    // Waited for from before the click: the reload may be done before the click returns.
    await Promise.all([page.waitForEvent('load'), banner.locator('[data-action="reload"]').click()]);
    await page.locator('[data-testid="write-trouble"]').waitFor({ state: 'detached' });
    await compose(page, 'bob', 'second try');
    await page.locator('[data-testid="detail"] [data-testid="message"]', { hasText: 'second try' }).waitFor();
    expect(watch.navigations.length).toBeGreaterThanOrEqual(1);
    expect(watch.errors).toEqual([]);
  });

  it('at 390×844 the banner and its button fit the screen', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const { page } = await openPage(browser, `${serve.url}#/mail`, { viewport: { width: 390, height: 844 } });
    await page.route('**/api/messages', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-baton-token': 'stale-token' } }),
    );
    await compose(page, 'bob', 'narrow');
    const button = page.locator('[data-testid="write-trouble"] [data-action="reload"]');
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'write-trouble-390');
  });

  it('another origin cannot read the page or its token, nor write without it', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const evil = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>');
    });
    servers.push(evil);
    await new Promise<void>((done) => evil.listen(0, '127.0.0.1', done));
    const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
    const { page } = await openPage(browser, evilUrl);
    const before = filesUnder(seeded.root);
    const tried = await page.evaluate<Record<string, string>>(`(async (target) => {
      const out = {};
      const attempt = async (name, run) => {
        try {
          out[name] = await run();
        } catch (error) {
          out[name] = 'refused: ' + error.name;
        }
      };
      await attempt('page', async () => (await fetch(target)).text());
      await attempt('page no-cors', async () => {
        const res = await fetch(target, { mode: 'no-cors' });
        return res.type + ':' + (await res.text());
      });
      await attempt('page with credentials', async () => (await fetch(target, { credentials: 'include' })).text());
      await attempt('write', async () => {
        const res = await fetch(target + 'api/messages', {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ to: ['bob'], body: 'from elsewhere' }),
        });
        return res.type;
      });
      await attempt('write with a token header', async () => {
        const res = await fetch(target + 'api/messages', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Baton-Token': 'guess' },
          body: JSON.stringify({ to: ['bob'], body: 'from elsewhere' }),
        });
        return String(res.status);
      });
      return out;
    })(${JSON.stringify(serve.url)})`);
    expect(tried).toEqual({
      page: 'refused: TypeError',
      // Cross-Origin-Resource-Policy: not even an opaque answer.
      'page no-cors': 'refused: TypeError',
      'page with credentials': 'refused: TypeError',
      write: 'opaque',
      'write with a token header': 'refused: TypeError',
    });
    expect(filesUnder(seeded.root)).toEqual(before);
  });
});
