// Whether Gemini CLI really compressed a session's history. Its PreCompress hook is no sign of it: gemini-cli fires
// PreCompress (trigger "auto") before every model request, before it even compares the history's size with its
// threshold (packages/core/src/context/chatCompressionService.ts, ChatCompressionService.compress, 0.61.0), and
// most requests compress nothing. Only trigger "manual" (`/compress`) always compresses. A compression that did
// happen restarts the chat on the same recording: GeminiClient.tryCompressChat → startChat(newHistory, resumedData)
// → ChatRecordingService.initialize → updateMetadata({sessionId}), which appends `{"$set":{"sessionId":"…"}}` to
// the session's JSONL file. So the hook notes how long the transcript was at an automatic PreCompress, and the next
// hook looks for that line in what was appended since (state/compress-attempt/<session> holds that length).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Board } from '../../core/board/open-board.js';
import { writeFileAtomic } from '../../core/store/atomic-write.js';
import { readTextFile } from '../../core/store/read-file.js';
import { removeFile } from '../../core/store/safe-fs.js';

/**
 * What a PreCompress means: `now` — a compression is about to happen (`/compress`); `since` — the history was
 * compressed after the previous automatic PreCompress; undefined — nothing was compressed (a mere attempt).
 */
export type Compression = 'now' | 'since' | undefined;

/**
 * Judges a PreCompress of `session` (`trigger` as its input says) from its transcript, and notes the transcript's
 * length for the next one. A transcript that cannot be read means nothing was seen compressed; only an unsafe
 * `state/` folder on the board throws (the hook logs it).
 */
export function judgeCompression(
  board: Board,
  session: string,
  trigger: string | undefined,
  transcript: string | undefined,
): Compression {
  const since = attemptAt(board, session);
  const growth = transcript ? restartedSince(transcript, since) : { restarted: false };
  const compressed = since !== undefined && growth.restarted;
  if (trigger === 'manual') {
    // It compresses now, and its restart line is not a sign of a later attempt.
    forgetAttempt(board, session);
    return 'now';
  }
  if (growth.size === undefined) forgetAttempt(board, session);
  else noteAttempt(board, session, growth.size);
  return compressed ? 'since' : undefined;
}

/**
 * At a new session's start (source `startup`): notes the transcript's length (unless the gate did), so its first
 * automatic PreCompress is judged from there — by the hook gate, without node. Any other start (a resume appends a
 * restart line just after its SessionStart hook has run) forgets instead, and its first PreCompress goes to the full
 * hook.
 */
export function noteStart(
  board: Board,
  session: string,
  source: string | undefined,
  transcript?: string,
): void {
  // Noted already by the hook gate, which answered this start itself (hooks/gate): a new session's id has no other.
  if (source === 'startup' && attemptAt(board, session) !== undefined) return;
  const size = source === 'startup' && transcript ? restartedSince(transcript, undefined).size : undefined;
  if (size === undefined) forgetAttempt(board, session);
  else noteAttempt(board, session, size);
}

/** Forgets the noted attempt: at a session's start (a resume appends a restart line too) and at its end. */
export function forgetAttempt(board: Board, session: string): void {
  removeFile(board.root, markerPath(board, session));
}

function markerPath(board: Board, session: string): string {
  return join(board.root, 'state', 'compress-attempt', session);
}

function attemptAt(board: Board, session: string): number | undefined {
  const read = readTextFile(board.root, markerPath(board, session), 64);
  if (!read.ok) return undefined;
  const value = read.text.trim();
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

function noteAttempt(board: Board, session: string, size: number): void {
  writeFileAtomic(board.root, markerPath(board, session), `${size}\n`);
}

/** The line a chat restart appends (JSON.stringify of `{ $set: { sessionId } }`), after a newline. */
const RESTART = Buffer.from('\n{"$set":{"sessionId":');

/** At most this much appended text is scanned; more since one model request is not a transcript gemini writes. */
export const SCAN_LIMIT = 64 * 1024 * 1024;

export interface TranscriptGrowth {
  /** The transcript's size now (bytes); undefined when it cannot be read (missing, not a regular file). */
  size?: number;
  /** Whether a chat restart was appended after `since` (a compression, when no resume happened in between). */
  restarted: boolean;
}

/**
 * Whether the transcript at `path` gained a chat-restart line after byte `since` (undefined: only its size is
 * asked). Reads only what was appended, in chunks; never throws.
 */
export function restartedSince(path: string, since: number | undefined): TranscriptGrowth {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return { restarted: false };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { restarted: false };
    const size = info.size;
    if (since === undefined || since >= size) return { size, restarted: false };
    // One byte before `since`: the newline that ends the last line read then.
    let at = Math.max(0, since - 1);
    const end = Math.min(size, at + SCAN_LIMIT);
    const chunk = Buffer.alloc(1024 * 1024);
    let carry = Buffer.alloc(0);
    while (at < end) {
      const read = readSync(fd, chunk, 0, Math.min(chunk.length, end - at), at);
      if (read <= 0) break;
      const window = Buffer.concat([carry, chunk.subarray(0, read)]);
      if (window.includes(RESTART)) return { size, restarted: true };
      carry = window.subarray(Math.max(0, window.length - RESTART.length + 1));
      at += read;
    }
    return { size, restarted: false };
  } catch {
    return { restarted: false };
  } finally {
    closeSync(fd);
  }
}
