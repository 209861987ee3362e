// The small pure parts of the wire formats and the answer check: endpoint URLs, OpenAI's own host taking
// max_completion_tokens, and what counts as text outside the six sections.
import { describe, expect, it } from 'vitest';
import { messagesUrl } from '../../../src/core/llm/anthropic.js';
import { answerProblem } from '../../../src/core/llm/generate.js';
import { callOpenAi, chatCompletionsUrl } from '../../../src/core/llm/openai.js';
import { GOOD_ANSWER, startLlmServer } from '../../helpers/llm-server.js';

describe('endpoints', () => {
  it('chat completions and messages URLs are completed, never doubled', () => {
    expect(chatCompletionsUrl('http://127.0.0.1:11434/v1')).toBe(
      'http://127.0.0.1:11434/v1/chat/completions',
    );
    expect(chatCompletionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
    expect(messagesUrl('https://api.anthropic.com')).toBe('https://api.anthropic.com/v1/messages');
    expect(messagesUrl('http://h/v1')).toBe('http://h/v1/messages');
    expect(messagesUrl('http://h/proxy/v1/messages')).toBe('http://h/proxy/v1/messages');
  });

  it("OpenAI's own API gets max_completion_tokens; a compatible server gets max_tokens", async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(
        JSON.stringify({ choices: [{ message: { content: [{ type: 'text', text: 'hi' }] } }] }),
      );
    }) as typeof globalThis.fetch;
    const request = { system: 's', user: 'u', maxTokens: 8000, reasoning: false };
    const options = { timeoutMs: 1000, redact: (text: string) => ({ text, count: 0, kinds: [] }), fetch };
    for (const url of ['https://api.openai.com/v1', 'http://127.0.0.1:8080/v1']) {
      expect(await callOpenAi({ provider: 'openai', url, model: 'm' }, request, options)).toEqual({
        ok: true,
        text: 'hi',
      });
    }
    expect(
      bodies.map((body) => [body.max_completion_tokens, body.max_tokens, body.reasoning_effort]),
    ).toEqual([
      [8000, undefined, undefined],
      [undefined, 8000, undefined],
    ]);
  });
});

describe('answerProblem', () => {
  it('the six sections alone are good; a think block or one fence around the note is taken off', () => {
    expect(answerProblem(GOOD_ANSWER)).toBeUndefined();
    expect(answerProblem(`<think>\nlet me see\n</think>\n${GOOD_ANSWER}`)).toBeUndefined();
    expect(answerProblem(`\`\`\`markdown\n${GOOD_ANSWER}\n\`\`\``)).toBeUndefined();
  });

  it('names what is wrong: empty, a missing or empty section, text before the first section', () => {
    expect(answerProblem('  \n')).toBe('empty answer');
    expect(answerProblem('<think>only thinking</think>')).toBe('empty answer');
    expect(answerProblem(GOOD_ANSWER.replace('None seen.', ''))).toBe(
      'the section "Pitfalls and blockers" is empty',
    );
    expect(answerProblem(`# Handoff\n\n${GOOD_ANSWER}`)).toBe('text before the first section ("# Handoff")');
  });
});

describe('errors', () => {
  it('an unreachable server: the error names the URL with its password redacted', async () => {
    const { redact } = await import('../../../src/core/redaction/redact.js');
    const error = await callOpenAi(
      { provider: 'openai', url: 'http://user:hunter2-not-a-word-9f8e7d@127.0.0.1:9/v1', model: 'm' },
      { system: 's', user: 'u', maxTokens: 1, reasoning: false },
      { timeoutMs: 2000, redact: (text) => redact(text, { env: {} }) },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BatonError', code: 'io' });
    expect((error as Error).message).toMatch(
      /^cannot reach the model at http:\/\/user:\[REDACTED:[\w-]+\]@127\.0\.0\.1:9\/v1\/chat\/completions \(/,
    );
    expect((error as Error).message).not.toContain('hunter2');
  });
});

describe('answers', () => {
  it('an answer over 4 MB is refused without being buffered whole', async () => {
    const { redact } = await import('../../../src/core/redaction/redact.js');
    const server = await startLlmServer([{ status: 200, body: `{"x":"${'y'.repeat(5 * 1024 * 1024)}"}` }]);
    const reply = await callOpenAi(
      { provider: 'openai', url: `${server.origin}/v1`, model: 'm' },
      { system: 's', user: 'u', maxTokens: 1, reasoning: false },
      { timeoutMs: 10_000, redact: (text) => redact(text, { env: {} }) },
    );
    expect(reply).toEqual({
      ok: false,
      status: 200,
      message: `HTTP 200 from ${server.origin}/v1/chat/completions: the answer is over 4 MB (a handoff is a few KB)`,
    });
  });
});
