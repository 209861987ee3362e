// Every view of the page, on one seeded board (and an empty one), for the tests that walk them all: accessibility
// (axe-core), screenshots at desktop and phone sizes, untranslated strings. Each view says how to reach it, what shows
// it has rendered and which landmark holds it.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { ensureBoard } from '../../../src/index.js';
import { seedBoard, seedCards, seedMail, seedTimeline } from './seed.js';

export interface View {
  name: string;
  /** The hash to open (`#/…`). */
  hash: string;
  /** Shown once the view has rendered its content (not a loading state). */
  ready: string;
  /** The view's landmark: visible once it has rendered. */
  landmark: string;
  /** Run after `ready`: what opens a dialog or another state. */
  open?: (page: Page) => Promise<void>;
}

export interface ViewsBoard {
  root: string;
  note: string;
  card: string;
  thread: string;
}

/** One board holding every kind of record: the timeline's families and sessions, a mail thread, two cards. */
export function seedViews(dir: string): ViewsBoard {
  const timeline = seedTimeline(dir);
  const mail = seedMail(dir);
  const cards = seedCards(dir);
  return { root: timeline.root, note: timeline.notes.l3, card: cards.card, thread: mail.thread };
}

/** A board with nothing on it yet (its folder exists, as after `baton init`). */
export function seedEmpty(dir: string): string {
  const { root, board } = seedBoard(dir);
  ensureBoard(board);
  return root;
}

const MAIN = 'main';
const DETAIL = '[data-testid="detail"]';

/** The views of the seeded board, a dialog and the error states a reader can reach. */
export function views(board: ViewsBoard): View[] {
  const e = encodeURIComponent;
  return [
    { name: 'timeline', hash: '#/timeline', ready: '[data-testid="timeline-node"]', landmark: MAIN },
    {
      name: 'note',
      hash: `#/notes/${e(board.note)}`,
      ready: `${DETAIL} :text("Lineage gen3 handoff")`,
      landmark: DETAIL,
    },
    { name: 'mail', hash: '#/mail', ready: '[data-testid="thread"]', landmark: MAIN },
    {
      name: 'thread',
      hash: `#/mail/${e(board.thread)}`,
      ready: `${DETAIL} [data-testid="message"]`,
      landmark: DETAIL,
    },
    { name: 'inbox', hash: '#/inbox', ready: '[data-testid="message"]', landmark: MAIN },
    { name: 'cards', hash: '#/cards', ready: '[data-testid="card-row"]', landmark: MAIN },
    { name: 'card', hash: `#/cards/${e(board.card)}`, ready: '[data-testid="card-entry"]', landmark: DETAIL },
    { name: 'search', hash: '#/search/login', ready: '[data-testid="search-result"]', landmark: MAIN },
    { name: 'search-none', hash: '#/search/zebrafish', ready: '[data-testid="empty"]', landmark: MAIN },
    { name: 'sessions', hash: '#/sessions', ready: '[data-testid="session"]', landmark: MAIN },
    {
      name: 'help',
      hash: '#/timeline',
      ready: '[data-testid="timeline-node"]',
      landmark: '[data-testid="help"]',
      open: async (page) => {
        await page.locator('[data-action="help"]').click();
        await page.locator('[data-testid="help"]').waitFor();
      },
    },
    {
      name: 'note-missing',
      hash: '#/notes/n-0000000000000000000000000Z',
      ready: `${DETAIL} [data-testid="error"]`,
      landmark: DETAIL,
    },
    {
      name: 'card-missing',
      hash: '#/cards/c-0000000000000000000000000Z',
      ready: `${DETAIL} [data-testid="error"]`,
      landmark: DETAIL,
    },
    {
      name: 'thread-missing',
      hash: '#/mail/m-0000000000000000000000000Z',
      ready: `${DETAIL} [data-testid="error"]`,
      landmark: DETAIL,
    },
  ];
}

/** The views of an empty board: every list says it is empty. */
export function emptyViews(): View[] {
  const empty = '[data-testid="empty"]';
  return [
    { name: 'empty-timeline', hash: '#/timeline', ready: empty, landmark: MAIN },
    { name: 'empty-mail', hash: '#/mail', ready: empty, landmark: MAIN },
    { name: 'empty-inbox', hash: '#/inbox', ready: empty, landmark: MAIN },
    { name: 'empty-cards', hash: '#/cards', ready: empty, landmark: MAIN },
    { name: 'empty-sessions', hash: '#/sessions', ready: empty, landmark: MAIN },
  ];
}

/** Opens `view` on the page (already on the server's page) and waits until it has rendered. */
export async function showView(page: Page, url: string, view: View): Promise<void> {
  // A hash change alone keeps the page (and an open dialog); a fresh load starts each view clean.
  await page.goto(`${url}${view.hash}`);
  await page.reload();
  await page.locator(view.ready).first().waitFor();
  await view.open?.(page);
  await page.locator(view.landmark).first().waitFor({ state: 'visible' });
}

export const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now: rule, what it asks, where. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.addScriptTag({ path: AXE });
  return page.evaluate<Violation[]>(`(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1).join(' ').trim()),
      }));
  })()`);
}
