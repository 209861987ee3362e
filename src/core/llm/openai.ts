// The OpenAI-compatible chat-completions wire format (OpenAI, and local servers: Ollama, llama.cpp, vLLM): one
// request, the answer's text read out of `choices[0].message.content`.
import type { LlmConfig } from './config.js';
import { type CallOptions, field, type LlmReply, type LlmRequest, postJson } from './http.js';

/** The reasoning effort asked for in the rounds that send one: little thinking, so the allowance goes to the note. */
export const OPENAI_REASONING_EFFORT = 'low';

/** `{url}/chat/completions` (a URL that already ends so is used as it is). */
export function chatCompletionsUrl(url: string): string {
  return /\/chat\/completions$/.test(url) ? url : `${url}/chat/completions`;
}

/** One chat-completions call at temperature 0. */
export async function callOpenAi(
  config: LlmConfig,
  request: LlmRequest,
  options: CallOptions,
): Promise<LlmReply> {
  const body: Record<string, unknown> = {
    model: config.model,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.user },
    ],
    temperature: 0,
  };
  // OpenAI's own API refuses max_tokens for its reasoning models and takes max_completion_tokens for every model;
  // compatible servers (Ollama, llama.cpp, vLLM) know max_tokens.
  body[isOpenAiHost(config.url) ? 'max_completion_tokens' : 'max_tokens'] = request.maxTokens;
  if (request.reasoning) body.reasoning_effort = OPENAI_REASONING_EFFORT;
  const headers: Record<string, string> = config.key ? { authorization: `Bearer ${config.key}` } : {};
  const reply = await postJson(chatCompletionsUrl(config.url), headers, body, options);
  if (!reply.ok) return reply;
  const choices = field(reply.json, 'choices');
  const content = field(field(Array.isArray(choices) ? choices[0] : undefined, 'message'), 'content');
  return { ok: true, text: textOf(content) };
}

function isOpenAiHost(url: string): boolean {
  try {
    return new URL(url).hostname.toLowerCase() === 'api.openai.com';
  } catch {
    return false;
  }
}

// Content is a string, or (some servers) a list of parts of which the text parts count.
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      field(part, 'type') === 'text' && typeof field(part, 'text') === 'string' ? field(part, 'text') : '',
    )
    .join('');
}
