// A 4 MiB result note in Chromium: the detail pane renders its start, says how many characters are not shown, and
// links the note file as stored (opened as text, or downloaded) — the page does not freeze on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { RESULT_LIMITS, writeResult } from '../../../src/core/notes/write-result.js';
import { launchBrowser, noise, openPage, startServe } from '../../helpers/browser.js';
import { testdir } from '../../helpers/testdir.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LINE = '- cache miss in `src/store/lru.ts` — **evicted** before its first read\n';

describe('a long result note', () => {
  it('renders the start, counts the rest and links the note file', async () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    ensureBoard(board);
    const body = `# Cache audit\n\n${LINE.repeat(Math.floor((RESULT_LIMITS.bodyBytes - 20) / Buffer.byteLength(LINE)))}`;
    const { note, path } = writeResult(board, { body, title: 'Cache audit' });
    expect(note.body).toBe(body);
    const serve = await startServe(board.root);
    const { page, watch } = await openPage(browser, `${serve.url}#/notes/${note.id}`, { locale: 'en-US' });
    const rest = page.locator('.body-rest');
    await rest.waitFor();
    expect(await page.locator('.note-detail h2').first().textContent()).toBe('Cache audit');
    expect(await page.locator('.note-detail .md li').first().textContent()).toBe(
      'cache miss in src/store/lru.ts — evicted before its first read',
    );
    expect(await rest.textContent()).toBe(
      `The rest, ${(body.length - 200_000).toLocaleString('en-US')} characters, is not shown here: the note file · download`,
    );
    const links = rest.locator('a');
    expect(await links.nth(0).getAttribute('href')).toBe(`/api/notes/${note.id}/raw`);
    expect(await links.nth(1).getAttribute('href')).toBe(`/api/notes/${note.id}/raw?download=1`);
    const raw = await page.request.get(new URL(`api/notes/${note.id}/raw`, serve.url).href);
    expect(await raw.text()).toBe(readFileSync(path, 'utf8'));
    const download = page.waitForEvent('download');
    await links.nth(1).click();
    expect((await download).suggestedFilename()).toBe(`${note.id}.md`);
    expect(noise(watch)).toEqual([]);
  });
});
