// A curated handoff written by a model from a session's transcript: material prepared and redacted, up to three
// rounds of increasing allowance until the answer is the six sections and nothing else, the answer redacted again
// and stored as a curated note linked to the session. A failed generation writes nothing.
import type { Board } from '../board/open-board.js';
import { BatonError, isBatonError } from '../errors.js';
import { parseSections } from '../notes/sections.js';
import { type WriteHandoffResult, writeHandoff } from '../notes/write.js';
import type { TranscriptDigest } from '../transcripts/digest.js';
import { draftTitle } from '../transcripts/render.js';
import { readTranscriptSource, type TranscriptSourceOptions } from '../transcripts/source.js';
import { callAnthropic } from './anthropic.js';
import type { LlmConfig, LlmProvider } from './config.js';
import type { LlmCall, LlmRequest } from './http.js';
import { DEFAULT_CONVERSATION_CHARS, prepareMaterial } from './material.js';
import { callOpenAi } from './openai.js';
import { handoffSystemPrompt, handoffUserPrompt } from './prompt.js';

/** The time one call may take before it is abandoned (120 s). */
export const DEFAULT_LLM_TIMEOUT_MS = 120_000;

/** The ladder: each round is tried only after the one before gave an empty or malformed answer. */
export const ROUNDS = [
  { maxTokens: 8000, reasoning: true, direct: false },
  { maxTokens: 24_000, reasoning: true, direct: true },
  { maxTokens: 24_000, reasoning: false, direct: true },
] as const;

const CALLS: Record<LlmProvider, LlmCall> = { openai: callOpenAi, anthropic: callAnthropic };

/** Which transcript {@link generateHandoff} summarizes, with which model. */
export interface GenerateHandoffOptions extends TranscriptSourceOptions {
  /** The model to ask (see resolveLlmConfig). */
  llm: LlmConfig;
  /** Default: the harness's stored title, else the first line of the first prompt. */
  title?: string;
  /** Milliseconds per call. Default DEFAULT_LLM_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Characters of conversation given to the model (newest kept). Default DEFAULT_CONVERSATION_CHARS. */
  conversationChars?: number;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
}

/** How one round went: `ok`, or what was wrong with its answer. */
export interface RoundOutcome {
  round: number;
  maxTokens: number;
  reasoning: boolean;
  ok: boolean;
  outcome: string;
}

/** The handoff {@link generateHandoff} wrote, with what it read and which model wrote it. */
export interface GenerateHandoffResult extends WriteHandoffResult {
  digest: TranscriptDigest;
  /** The transcript read, as an absolute path. */
  transcript: string;
  provider: LlmProvider;
  model: string;
  /** Every round tried; the last one is the good one. */
  rounds: RoundOutcome[];
}

/**
 * Generates a `provenance: curated` handoff from a transcript with a model and writes it. Throws (and writes
 * nothing) when the transcript is refused, when a call times out or the server cannot be reached or refuses the
 * request, and when three rounds gave no usable answer (BatonError `io`, naming each round's outcome).
 */
export async function generateHandoff(
  board: Board,
  options: GenerateHandoffOptions,
): Promise<GenerateHandoffResult> {
  const budget = options.conversationChars ?? DEFAULT_CONVERSATION_CHARS;
  const source = await readTranscriptSource(board, options, 'generate from', { conversationChars: budget });
  const { digest, path } = source;
  const material = prepareMaterial(board, digest, { transcriptPath: path });
  const { llm } = options;
  const call = CALLS[llm.provider];
  const system = handoffSystemPrompt();
  const rounds: RoundOutcome[] = [];
  let answer: string | undefined;
  for (const [at, round] of ROUNDS.entries()) {
    const request: LlmRequest = {
      system,
      user: handoffUserPrompt(material.text, round.direct),
      maxTokens: round.maxTokens,
      reasoning: round.reasoning,
    };
    const outcome = { round: at + 1, maxTokens: round.maxTokens, reasoning: round.reasoning };
    let reply: Awaited<ReturnType<LlmCall>>;
    try {
      reply = await call(llm, request, {
        timeoutMs: options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
        redact: board.redact,
        fetch: options.fetch,
      });
    } catch (error) {
      if (!isBatonError(error)) throw error;
      rounds.push({ ...outcome, ok: false, outcome: error.message });
      throw failed(llm, rounds, error);
    }
    if (!reply.ok) {
      rounds.push({ ...outcome, ok: false, outcome: reply.message });
      // A request refused as malformed may be the reasoning parameter, which a later round drops; any other
      // refusal (a key, a model name, a rate limit) stays the same whatever the round.
      if (reply.status === 400 || reply.status === 422) continue;
      throw failed(llm, rounds);
    }
    const problem = answerProblem(reply.text);
    rounds.push({ ...outcome, ok: problem === undefined, outcome: problem ?? 'ok' });
    if (problem === undefined) {
      answer = unwrap(reply.text);
      break;
    }
  }
  if (answer === undefined) throw failed(llm, rounds);
  const cleaned = board.redact(answer);
  let titleRedacted = 0;
  const title =
    options.title ??
    draftTitle(digest, (text) => {
      const result = board.redact(text);
      titleRedacted += result.count;
      return result.text;
    });
  const result = writeHandoff(board, {
    body: cleaned.text,
    title,
    files: source.files,
    session: source.session,
    parentSession: source.parentSession,
    as: source.agent,
    harness: digest.harness,
    provenance: 'curated',
    transcriptPath: path,
    facts: [
      `generated by ${llm.provider} ${llm.model} from the session transcript in ${roundsText(rounds.length)}`,
    ],
  });
  return {
    ...result,
    redacted: result.redacted + material.redacted + cleaned.count + titleRedacted,
    digest,
    transcript: path,
    provider: llm.provider,
    model: llm.model,
    rounds,
  };
}

/** What is wrong with an answer (undefined: it is the six sections and nothing else). */
export function answerProblem(text: string): string | undefined {
  const body = unwrap(text);
  if (body.trim() === '') return 'empty answer';
  const parsed = parseSections(body);
  if (!parsed.ok) return parsed.problems.join('; ');
  if (parsed.preamble !== '') {
    const start = parsed.preamble.replace(/\s+/g, ' ').slice(0, 60);
    return `text before the first section (${JSON.stringify(start)})`;
  }
  return undefined;
}

// Reasoning some local models write into the answer itself, and one code fence around the whole note, are not
// text outside the sections: they are taken off before the answer is judged.
function unwrap(text: string): string {
  let body = text.replace(/^\s*<think>[\s\S]*?<\/think>\s*/, '');
  const fenced = /^\s*(`{3,}|~{3,})[\w-]*[ \t]*\n([\s\S]*?)\n[ \t]*\1[ \t]*\s*$/.exec(body);
  if (fenced) body = fenced[2]!;
  return body.trim();
}

function roundsText(count: number): string {
  return count === 1 ? '1 round' : `${count} rounds`;
}

function roundLabel(round: RoundOutcome): string {
  const extra =
    round.round === 1 ? '' : round.reasoning ? ', told to answer directly' : ', no reasoning parameter';
  return `round ${round.round} (${round.maxTokens} tokens${extra}): ${round.outcome}`;
}

function failed(llm: LlmConfig, rounds: RoundOutcome[], cause?: BatonError): BatonError {
  const last = rounds.at(-1);
  const head =
    cause || (last && rounds.length < ROUNDS.length)
      ? `${llm.provider} ${llm.model} gave no handoff`
      : `${llm.provider} ${llm.model} gave no usable handoff in ${roundsText(rounds.length)}`;
  return new BatonError(
    'io',
    `${head} — ${rounds.map(roundLabel).join('; ')} — nothing was written; \`baton handoff draft\` makes a mechanical one`,
    { cause },
  );
}
