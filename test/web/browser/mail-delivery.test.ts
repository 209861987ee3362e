// Delivery you can see, in Chromium: the thread view shows under each message, per recipient, what `baton thread`
// prints — delivered to which session and when, or waiting (for a live session's next turn, or with when the
// recipient was last seen) — and a delivery by another process shows up without a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatClock } from '../../../src/core/display/time.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { readReceipt } from '../../../src/core/messages/receipt.js';
import { registerAgent, sendMessage } from '../../../src/index.js';
import {
  launchBrowser,
  noise,
  openPage,
  runBaton,
  screenshot,
  shown,
  startServe,
} from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';
import { seedBoard, writeSessionRecord } from './seed.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SESSION = '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f';
const CAROL = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e';

/** alice → claude@shop, bob, carol: taken by claude@shop's session; bob away for two days; carol live. */
function seedDelivery(dir: string) {
  const { board, root, at } = seedBoard(dir);
  // seedBoard's clock starts ten hours back: two days back is 48 h - 10 h before it.
  registerAgent(at(-(48 - 10) * 60), 'bob');
  writeSessionRecord(at(500), CAROL, { agent: 'carol', live: true });
  registerAgent(board, 'carol', CAROL);
  const sent = sendMessage(at(590), {
    from: 'alice',
    to: ['claude@shop', 'bob', 'carol'],
    subject: 'standup',
    body: 'Standup in 5 — **bring the flake numbers**.',
  });
  const taker = { via: 'hook', agent: 'claude@shop', session: SESSION, harness: 'claude' } as const;
  pollMessages(at(595), 'claude@shop', { by: taker }).acknowledge();
  const id = sent.sent[0]!.id;
  return { root, board, id, bobCopy: sent.sent[1]!.id };
}

describe('mail view: delivery', () => {
  it('shows, per recipient, delivered to which session and when, or waiting and why; a delivery arrives live', async () => {
    const seeded = seedDelivery(testdir());
    const receipt = readReceipt(seeded.board, 'claude@shop', seeded.id)!;
    const serve = await startServe(seeded.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/mail/${seeded.id}`);
    const lines = page.locator('[data-testid="delivery"]');
    await lines.nth(2).waitFor();
    const byRecipient = async (to: string) =>
      shown(page.locator(`[data-testid="delivery"][data-to="${to}"]`));
    expect(await byRecipient('claude@shop')).toBe(
      `delivered to claude@shop (session 3f2a9c) ${formatClock(receipt.at, Date.now())}`,
    );
    expect(await byRecipient('bob')).toBe('waiting — bob has no live session (last seen 2 d ago)');
    expect(await byRecipient('carol')).toBe("waiting — queued for carol's live session 9b8c7d");
    const states = await lines.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-state')));
    expect(states).toEqual(['delivered', 'waiting', 'waiting']);
    await screenshot(page, 'mail-delivery');

    // bob's `baton poll` in another process: his line turns to delivered without a reload.
    const polled = await runBaton(['poll', '--as', 'bob', '--board', seeded.root], seeded.root);
    expect(polled.code, polled.stderr).toBe(0);
    expect(polled.stdout).toContain('bring the flake numbers');
    await page
      .locator('[data-testid="delivery"][data-to="bob"][data-state="delivered"]')
      .waitFor({ timeout: 30_000 });
    expect(await byRecipient('bob')).toMatch(/^delivered to bob \(baton poll, no session\) \d\d:\d\d:\d\dZ$/);
    await screenshot(page, 'mail-delivery-live');
    expect(noise(watch)).toEqual([]);
  });
});
