// The Anthropic Messages API wire format: one request to `{url}/v1/messages`, the answer's text blocks joined.
import type { LlmConfig } from './config.js';
import { type CallOptions, field, type LlmReply, type LlmRequest, postJson } from './http.js';

export const ANTHROPIC_VERSION = '2023-06-01';

/** `{url}/v1/messages` (a URL that already ends in /v1/messages or /v1 is completed, not doubled). */
export function messagesUrl(url: string): string {
  if (/\/v1\/messages$/.test(url)) return url;
  if (/\/v1$/.test(url)) return `${url}/messages`;
  return `${url}/v1/messages`;
}

/**
 * One Messages call at temperature 0. The reasoning parameter sent in the first rounds is `thinking` disabled:
 * extended thinking refuses temperature 0, and the allowance should go to the note, not to thinking.
 */
export async function callAnthropic(
  config: LlmConfig,
  request: LlmRequest,
  options: CallOptions,
): Promise<LlmReply> {
  const body: Record<string, unknown> = {
    model: config.model,
    system: request.system,
    messages: [{ role: 'user', content: request.user }],
    max_tokens: request.maxTokens,
    temperature: 0,
  };
  if (request.reasoning) body.thinking = { type: 'disabled' };
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
  if (config.key) headers['x-api-key'] = config.key;
  const reply = await postJson(messagesUrl(config.url), headers, body, options);
  if (!reply.ok) return reply;
  const content = field(reply.json, 'content');
  const text = Array.isArray(content)
    ? content
        .map((block) =>
          field(block, 'type') === 'text' && typeof field(block, 'text') === 'string'
            ? field(block, 'text')
            : '',
        )
        .join('')
    : '';
  return { ok: true, text };
}
