// gc and the lengths the Gemini CLI hooks note at each PreCompress (state/compress-attempt/<session>, written
// atomically): a temp file an interrupted write left goes, the noted length stays.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../src/core/board/gc.js';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { judgeCompression } from '../../../src/harnesses/gemini/hooks-compression.js';
import { testdir } from '../../helpers/testdir.js';

describe('collectGarbage and the Gemini CLI compression attempts', () => {
  it('removes an old temp file beside a noted length and keeps the length', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    ensureBoard(board);
    const transcript = join(dir, 'session.jsonl');
    writeFileSync(transcript, '{"sessionId":"g-1","projectHash":"h"}\n');
    expect(judgeCompression(board, 'g-1', 'auto', transcript)).toBeUndefined();
    const folder = join(board.root, 'state', 'compress-attempt');
    const temp = join(folder, '.g-1.123.abc.baton-tmp');
    writeFileSync(temp, '12');
    const longAgo = new Date(Date.now() - 3_600_000);
    utimesSync(temp, longAgo, longAgo);
    expect(collectGarbage(board).removed).toEqual([
      { path: temp, reason: 'temp file left by an interrupted write' },
    ]);
    expect(readFileSync(join(folder, 'g-1'), 'utf8')).toBe('38\n');
  });
});
