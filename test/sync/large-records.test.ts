// A remote that holds records at their size limits: cards of the largest size a card may have (4 MiB) are taken in
// whole, and a record one byte over its kind's cap is reported and not written, while the sync goes on — it takes
// in the rest and pushes this machine's changes. (The memory a sync takes in then is measured by `npm run bench`.)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_LIMITS } from '../../src/core/cards/card.js';
import { readCard } from '../../src/core/cards/find.js';
import { RECORD_BYTES } from '../../src/core/sync/records.js';
import { testdir } from '../helpers/testdir.js';
import {
  boardRecords,
  ensureDir,
  gitIn,
  type Machine,
  makeCluster,
  openMachineBoard,
  runBaton,
  syncNow,
} from './cluster.js';

const ULID = (n: number) => `01JDX4K9ZQ7W8R2N4V6B${String(n).padStart(6, '0')}`;

/** A well-formed card of exactly `bytes` bytes: entries of 100-byte lines, the last one padded to fit. */
function cardOfSize(n: number, bytes: number): { rel: string; text: string } {
  const id = `c-${ULID(n)}`;
  const head = `---\nid: ${id}\ntitle: Big ${n}\ncreated_by: alice\ncreated_at: 2026-11-30T11:02:10.000Z\n---\n`;
  const heading = (e: number) =>
    `\n### e-${ULID(n * 1000 + e)} · finding · alice · 2026-11-30T12:00:00.000Z\n\n`;
  const parts = [head];
  let size = head.length;
  for (let e = 0; ; e++) {
    const top = heading(e);
    // What is left for this entry's body and its newline; the last entry takes all of it.
    const rest = bytes - size - Buffer.byteLength(top) - 1;
    const length = rest > 20_200 ? 20_000 : rest;
    const body = '0123456789abcdef'
      .repeat(1300)
      .slice(0, length)
      .replace(/(.{99})./g, '$1\n');
    parts.push(`${top}${body}\n`);
    size += Buffer.byteLength(top) + length + 1;
    if (length === rest) break;
  }
  const text = parts.join('');
  if (Buffer.byteLength(text) !== bytes)
    throw new Error(`card of ${Buffer.byteLength(text)} bytes, not ${bytes}`);
  return { rel: `cards/${id}-big-${n}.md`, text };
}

describe('baton sync with records at their size limits', () => {
  it('takes in cards of the largest size a card may have; a card or note one byte over is reported and skipped, and the sync goes on', () => {
    expect(RECORD_BYTES.card).toBe(CARD_LIMITS.fileBytes);
    expect(RECORD_BYTES.card).toBe(4 * 1024 * 1024);
    const root = testdir();
    const cluster = makeCluster(root, ['A', 'B']);
    const [A, B] = cluster.machines as [Machine, Machine];
    syncNow(A);
    syncNow(B);

    // Another machine pushes: three cards of exactly 4 MiB, one card and one note a byte over their caps.
    const other = join(root, 'other');
    gitIn(root, ['clone', '--quiet', '--branch', 'baton', cluster.origin, other]);
    const largest = [1, 2, 3].map((n) => cardOfSize(n, CARD_LIMITS.fileBytes));
    const overCard = cardOfSize(4, CARD_LIMITS.fileBytes + 1);
    const noteId = `n-${ULID(5)}`;
    const overNote = {
      rel: `notes/some-project/${noteId}.md`,
      text: `---\nid: ${noteId}\nkind: result\ntitle: big\n---\n`,
    };
    overNote.text += 'x'.repeat(RECORD_BYTES.note + 1 - overNote.text.length);
    ensureDir(join(other, 'cards'));
    ensureDir(join(other, 'notes', 'some-project'));
    for (const { rel, text } of [...largest, overCard, overNote]) writeFileSync(join(other, rel), text);
    gitIn(other, ['add', '--all']);
    gitIn(other, ['commit', '--quiet', '-m', 'large records']);
    gitIn(other, ['push', '--quiet', 'origin', 'HEAD:refs/heads/baton']);

    // B has a change of its own to push in the same sync.
    expect(runBaton(B.dir, ['send', '--as', 'b1', '--to', 'a1', '--body', 'from B']).code).toBe(0);
    const before = boardRecords(B);
    const result = syncNow(B);
    expect(result.problems).toEqual([
      {
        path: join(B.board, overCard.rel),
        reason: `not taken in from another machine: larger than a card may be (${4 * 1024 * 1024} bytes)`,
      },
      {
        path: join(B.board, overNote.rel),
        reason: `not taken in from another machine: larger than a note may be (${RECORD_BYTES.note} bytes)`,
      },
    ]);
    expect(result).toMatchObject({
      committed: 1,
      received: { added: 3, changed: 0, removed: 0 },
      pushed: true,
    });
    // The largest cards whole, byte for byte; nothing of the oversize records written (no temp file either).
    for (const { rel, text } of largest)
      expect(readFileSync(join(B.board, rel), 'utf8') === text, rel).toBe(true);
    expect(existsSync(join(B.board, overCard.rel))).toBe(false);
    expect(existsSync(join(B.board, 'notes', 'some-project'))).toBe(false);
    expect(readdirSync(join(B.board, 'cards')).sort()).toEqual(
      largest.map(({ rel }) => rel.slice('cards/'.length)).sort(),
    );
    const after = boardRecords(B);
    expect([...after.keys()].filter((rel) => !before.has(rel)).sort()).toEqual(
      largest.map(({ rel }) => rel).sort(),
    );
    // Readable as cards here.
    const read = readCard(openMachineBoard(B), `c-${ULID(1)}`);
    expect(read.problem).toBeUndefined();
    expect(read.entries.length).toBeGreaterThan(200);

    // B's message went out; the oversize records stay in the history, not reported again, not pushed away.
    const tracked = gitIn(cluster.origin, ['ls-tree', '-r', '--name-only', 'baton']);
    expect(tracked).toMatch(/^messages\/a1\/\d{4}-\d{2}-\d{2}\/m-[0-9A-Z]{26}\.md$/m);
    expect(tracked).toContain(overCard.rel);
    expect(syncNow(B).problems).toEqual([]);
    expect(gitIn(cluster.origin, ['ls-tree', '-r', '--name-only', 'baton'])).toContain(overNote.rel);
  });
});
