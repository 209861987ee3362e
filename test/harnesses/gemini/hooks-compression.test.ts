// Gemini CLI's PreCompress fires before every model request; only a chat restart in the transcript after an
// automatic one (gemini-cli's `{"$set":{"sessionId":…}}` line) or a manual `/compress` is a compression.
import { appendFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import {
  forgetAttempt,
  judgeCompression,
  restartedSince,
} from '../../../src/harnesses/gemini/hooks-compression.js';
import { testdir } from '../../helpers/testdir.js';

const SESSION = 'cb4cf9a9-63d7-4eb4-a980-73c04d377e07';
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const META = line({
  sessionId: SESSION,
  projectHash: 'abc',
  startTime: '2026-12-02T08:36:08.930Z',
  kind: 'main',
});
const MESSAGE = (id: string) =>
  line({
    id,
    timestamp: '2026-12-02T08:36:10.546Z',
    type: 'gemini',
    content: 'working',
    model: 'gemini-2.5-flash',
  });
const UPDATED = line({ $set: { lastUpdated: '2026-12-02T08:36:10.547Z' } });
// What ChatRecordingService.updateMetadata({ sessionId }) appends when the chat restarts on the same file.
const RESTART = line({ $set: { sessionId: SESSION } });

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
  ensureBoard(board);
  const transcript = join(dir, 'session.jsonl');
  writeFileSync(transcript, META + MESSAGE('m1') + UPDATED);
  const marker = join(board.root, 'state', 'compress-attempt', SESSION);
  return { board, transcript, marker };
}

describe('Gemini CLI: which PreCompress is a compression', () => {
  it('automatic attempts that compress nothing are nothing; a restart after one is a compression, seen once', () => {
    const { board, transcript, marker } = setup();
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
    expect(readFileSync(marker, 'utf8')).toBe(`${readFileSync(transcript).length}\n`);
    appendFileSync(transcript, MESSAGE('m2') + UPDATED);
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
    appendFileSync(transcript, RESTART + MESSAGE('m3') + UPDATED);
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBe('since');
    // The restart line was counted: the next attempt starts after it.
    appendFileSync(transcript, MESSAGE('m4'));
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
  });

  it('a restart before the first attempt (a resume) is no compression; forgetAttempt drops the length noted', () => {
    const { board, transcript, marker } = setup();
    appendFileSync(transcript, RESTART);
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
    forgetAttempt(board, SESSION);
    expect(existsSync(marker)).toBe(false);
    appendFileSync(transcript, RESTART);
    // Nothing noted: the restart (a resume after a session start) is not judged a compression.
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
  });

  it('/compress (trigger manual) compresses now, and its own restart line is not taken for a later one', () => {
    const { board, transcript, marker } = setup();
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
    expect(judgeCompression(board, SESSION, 'manual', transcript)).toBe('now');
    expect(existsSync(marker)).toBe(false);
    appendFileSync(transcript, RESTART);
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
  });

  it('no transcript, a missing one, a folder or a link: nothing is judged compressed and no length is kept', () => {
    const { board, transcript, marker } = setup();
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
    expect(judgeCompression(board, SESSION, 'auto', join(transcript, '..', 'gone.jsonl'))).toBeUndefined();
    expect(existsSync(marker)).toBe(false);
    expect(judgeCompression(board, SESSION, 'auto', undefined)).toBeUndefined();
    const folder = join(transcript, '..', 'a-folder');
    mkdirSync(folder);
    expect(restartedSince(folder, 0)).toEqual({ restarted: false });
    const link = join(transcript, '..', 'link.jsonl');
    symlinkSync(transcript, link);
    expect(restartedSince(link, 0)).toEqual({ restarted: false });
  });

  it('a noted length that is not a number is ignored', () => {
    const { board, transcript, marker } = setup();
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
    writeFileSync(marker, 'twelve\n');
    appendFileSync(transcript, RESTART);
    expect(judgeCompression(board, SESSION, 'auto', transcript)).toBeUndefined();
  });

  it('a restart line across the scan’s chunk boundary, after a megabyte of tool output, is found', () => {
    const { transcript } = setup();
    const since = readFileSync(transcript).length;
    // The restart line's newline falls a few bytes before the first 1 MiB chunk ends.
    const filler = line({ id: 'big', type: 'gemini', content: 'x'.repeat(1024 * 1024 - 40) });
    appendFileSync(transcript, filler + RESTART);
    expect(restartedSince(transcript, since)).toEqual({
      size: readFileSync(transcript).length,
      restarted: true,
    });
    expect(restartedSince(transcript, readFileSync(transcript).length).restarted).toBe(false);
  });
});
