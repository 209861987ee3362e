// One JSON request to a model's HTTP API: a timeout per call (AbortSignal), a refusal (non-2xx) reported with its
// status and the start of its body (redacted), timeouts and unreachable servers turned into errors that say so.
import type { Redactor } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import type { LlmConfig } from './config.js';

/** One call to a model: the prompt, the output allowance, and whether to send the reasoning/effort parameter. */
export interface LlmRequest {
  system: string;
  user: string;
  maxTokens: number;
  /** Send the provider's reasoning parameter (dropped in the last round: some servers refuse it). */
  reasoning: boolean;
}

export interface CallOptions {
  /** Milliseconds before the call is abandoned. */
  timeoutMs: number;
  /** Redacts what an error quotes from the server's answer. */
  redact: Redactor;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
}

/** A model's answer: its text, or the server's refusal (status and the start of its body, redacted). */
export type LlmReply = { ok: true; text: string } | { ok: false; status: number; message: string };

/** A provider: one request, one reply. Throws BatonError `io` when it times out or the server cannot be reached. */
export type LlmCall = (config: LlmConfig, request: LlmRequest, options: CallOptions) => Promise<LlmReply>;

/** Characters of a refusal's body quoted in its message. */
export const ERROR_BODY_CHARS = 300;

/** The most of an answer read: 24,000 output tokens are about 100 KB of text; the rest is never buffered. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The response's body as text, or undefined once it passes `max` bytes (the rest is cancelled, never buffered). */
async function readCapped(response: Response, max: number): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** POSTs `body` as JSON to `url`; a 2xx answer is parsed as JSON, anything else is a refusal. */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: CallOptions,
): Promise<{ ok: true; json: unknown } | { ok: false; status: number; message: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  // A URL may carry a password (`https://user:pass@host`): messages quote it redacted.
  const shown = options.redact(url).text;
  let text: string;
  let status: number;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    status = response.status;
    const read = await readCapped(response, MAX_ANSWER_BYTES);
    if (read === undefined) {
      return {
        ok: false,
        status,
        message: `HTTP ${status} from ${shown}: the answer is over ${MAX_ANSWER_BYTES / 1024 / 1024} MB (a handoff is a few KB)`,
      };
    }
    text = read;
  } catch (error) {
    if (signal.aborted) {
      throw new BatonError('io', `the model at ${shown} did not answer within ${seconds} s (timed out)`, {
        cause: error,
      });
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new BatonError('io', `cannot reach the model at ${shown} (${options.redact(String(why)).text})`, {
      cause: error,
    });
  }
  if (status < 200 || status > 299) {
    const start = options.redact(text.slice(0, ERROR_BODY_CHARS).replace(/\s+/g, ' ').trim()).text;
    return { ok: false, status, message: `HTTP ${status} from ${shown}: ${start || '(empty body)'}` };
  }
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    const start = options.redact(text.slice(0, ERROR_BODY_CHARS).replace(/\s+/g, ' ').trim()).text;
    return {
      ok: false,
      status,
      message: `HTTP ${status} from ${shown} is not JSON: ${start || '(empty body)'}`,
    };
  }
}

/** The object at `key` of `value`, when both are objects. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}
