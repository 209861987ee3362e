// Streaming one transcript into a digest: recognises the harness from the first lines, refuses what is not a
// transcript (empty, binary, not JSONL, JSON of another shape), skips and counts unknown, broken and overlong lines.

import { transcript as claude } from '../../harnesses/claude/transcript.js';
import { transcript as codex } from '../../harnesses/codex/transcript.js';
import { transcript as copilot } from '../../harnesses/copilot/transcript.js';
import { transcript as gemini } from '../../harnesses/gemini/transcript.js';
import { transcript as opencode } from '../../harnesses/opencode/transcript.js';
import { transcript as pi } from '../../harnesses/pi/transcript.js';
import { transcript as qwen } from '../../harnesses/qwen/transcript.js';
import { HARNESS_NAMES, type HarnessName, harnessLabel, orList } from '../../harnesses/registry.js';
import { BatonError } from '../errors.js';
import type { Line, TranscriptAdapter, TranscriptReader } from './adapter.js';
import { ConversationTail } from './conversation.js';
import { TranscriptDigest } from './digest.js';
import { MAX_LINE_BYTES, openTranscript, readLines } from './lines.js';
import { isObject } from './text.js';

/**
 * Each harness's transcript reader (src/harnesses/<name>/transcript.ts), undefined for one baton cannot read yet:
 * one entry per name in the registry (TypeScript says when one is missing).
 */
const TRANSCRIPTS: Record<HarnessName, TranscriptAdapter | undefined> = {
  claude,
  codex,
  gemini,
  opencode,
  pi,
  copilot,
  qwen,
  // Their transcripts' formats are not documented: no reader (no raw handoff drafts).
  antigravity: undefined,
  grok: undefined,
};

/** The harnesses whose transcripts baton reads, in the order they are tried (the registry's). */
export const ADAPTERS: readonly TranscriptAdapter[] = HARNESS_NAMES.flatMap(
  (name) => TRANSCRIPTS[name] ?? [],
);

/** How many non-empty lines may pass before the format must be known (else the file is refused). */
export const DETECT_LINES = 64;

/** The transcripts baton reads, by their harnesses' labels ("Claude Code, Codex, Gemini CLI or pi"). */
export const KNOWN_FORMATS = orList(ADAPTERS.map((adapter) => harnessLabel(adapter.harness)));

export interface ReadTranscriptOptions {
  /** Default: MAX_LINE_BYTES (16 MiB). */
  maxLineBytes?: number;
  /** Keep the conversation's newest turns up to this many characters (`digest.conversation`). Default: not kept. */
  conversationChars?: number;
}

/**
 * Reads a transcript file into a digest, streaming: memory stays bounded whatever its size. Throws `not_found`
 * for a missing file and `invalid_input` for a folder, a FIFO or device, an empty or binary file, a file that is
 * not JSONL, and JSON of another shape (no line of a known harness type in its first lines).
 */
export async function readTranscript(
  path: string,
  options: ReadTranscriptOptions = {},
): Promise<TranscriptDigest> {
  const { stream, size } = await openTranscript(path);
  if (size === 0) {
    stream.destroy();
    throw refused(path, 'is empty');
  }
  const digest = new TranscriptDigest();
  if (options.conversationChars !== undefined)
    digest.conversation = new ConversationTail(options.conversationChars);
  let reader: TranscriptReader | undefined;
  let nonEmpty = 0;
  await readLines(
    stream,
    {
      first(chunk) {
        // Text never holds NUL bytes; images, archives, databases and UTF-16 files do, early on.
        if (chunk.subarray(0, 8192).includes(0)) throw refused(path, 'is binary (it holds NUL bytes)');
      },
      overlong() {
        digest.lines++;
        digest.overlongLines++;
      },
      line(text, terminated) {
        digest.lines++;
        if (text.trim() === '') return;
        nonEmpty++;
        // A byte-order mark some editors add when a transcript is saved again.
        const parsed = parse(nonEmpty === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text);
        if (parsed === undefined) {
          // The last line of a transcript that is still being written (or was cut) is tolerated.
          if (!terminated) digest.truncatedLastLine = true;
          else if (nonEmpty === 1) throw refused(path, 'is not JSONL (its first line is not a JSON object)');
          else digest.invalidLines++;
          return;
        }
        if (!reader) {
          const adapter = ADAPTERS.find((candidate) => candidate.detects(parsed));
          if (adapter) {
            digest.harness = adapter.harness;
            reader = adapter.reader(digest);
          } else {
            if (nonEmpty >= DETECT_LINES) throw unknownShape(path);
            digest.unknown(typeof parsed.type === 'string' ? parsed.type : '(no type)');
            return;
          }
        }
        const unknown = reader.read(parsed);
        if (unknown !== undefined) digest.unknown(unknown);
      },
    },
    options.maxLineBytes ?? MAX_LINE_BYTES,
  );
  if (nonEmpty === 0 && digest.overlongLines === 0) throw refused(path, 'is empty (blank lines only)');
  if (!reader) {
    if (digest.truncatedLastLine && nonEmpty === 1) {
      throw refused(path, 'is not JSONL (its only line is not a JSON object)');
    }
    throw unknownShape(path);
  }
  reader.finish?.();
  return digest;
}

function parse(text: string): Line | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function refused(path: string, why: string): BatonError {
  return new BatonError('invalid_input', `${path} ${why} — not a transcript; nothing was written`);
}

function unknownShape(path: string): BatonError {
  return new BatonError(
    'invalid_input',
    `${path} is not a transcript baton can read (${KNOWN_FORMATS} JSONL): none of its first lines is of a known type — nothing was written`,
  );
}
