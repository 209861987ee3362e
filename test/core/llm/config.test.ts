// Which model a generated handoff asks: environment over config.json, the provider inferred from the URL, keys from
// the environment only; config.json's llm section checked like every other section.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../src/core/board/config.js';
import { inferProvider, resolveLlmConfig } from '../../../src/core/llm/config.js';
import { project } from '../transcripts/helpers.js';

describe('resolveLlmConfig', () => {
  it('nothing configured, or only half of it: no model', () => {
    expect(resolveLlmConfig({}, {})).toBeUndefined();
    expect(resolveLlmConfig({ BATON_LLM_URL: 'http://127.0.0.1:11434/v1' }, {})).toBeUndefined();
    expect(resolveLlmConfig({ BATON_LLM_MODEL: 'qwen3' }, {})).toBeUndefined();
    expect(resolveLlmConfig({ OPENAI_API_KEY: 'sk-x' }, {})).toBeUndefined();
  });

  it('a local OpenAI-compatible server from the environment needs no key', () => {
    expect(
      resolveLlmConfig({ BATON_LLM_URL: 'http://127.0.0.1:11434/v1/', BATON_LLM_MODEL: 'qwen3' }, {}),
    ).toEqual({ provider: 'openai', url: 'http://127.0.0.1:11434/v1', model: 'qwen3' });
  });

  it('the environment wins over config.json, --model over both; the key is the provider’s usual variable', () => {
    const env = {
      BATON_LLM_URL: 'https://api.anthropic.com',
      BATON_LLM_MODEL: 'claude-x',
      ANTHROPIC_API_KEY: 'ant-key',
      OPENAI_API_KEY: 'oai-key',
    };
    const settings = { url: 'http://127.0.0.1:8080/v1', model: 'local' };
    expect(resolveLlmConfig(env, settings)).toEqual({
      provider: 'anthropic',
      url: 'https://api.anthropic.com',
      model: 'claude-x',
      key: 'ant-key',
    });
    expect(resolveLlmConfig({ OPENAI_API_KEY: 'oai-key' }, settings, { model: 'other' })).toEqual({
      provider: 'openai',
      url: 'http://127.0.0.1:8080/v1',
      model: 'other',
    });
    expect(resolveLlmConfig({ ...env, BATON_LLM_KEY: 'own' }, {})?.key).toBe('own');
  });

  it('sends the key only to a URL from the environment or to the provider’s own API, never to one the board names', () => {
    const env = { OPENAI_API_KEY: 'oai-key', ANTHROPIC_API_KEY: 'ant-key', BATON_LLM_KEY: 'own-key' };
    for (const url of [
      'https://collector.example/v1',
      'http://api.openai.com/v1',
      'https://api.openai.com.evil.example/v1',
    ]) {
      expect(resolveLlmConfig(env, { url, model: 'm' }), url).toEqual(
        expect.not.objectContaining({ key: expect.anything() }),
      );
    }
    expect(resolveLlmConfig(env, { url: 'https://api.openai.com/v1', model: 'm' })?.key).toBe('own-key');
    expect(resolveLlmConfig(env, { provider: 'anthropic', model: 'm' })?.key).toBe('own-key');
    expect(
      resolveLlmConfig({ ...env, BATON_LLM_URL: 'https://collector.example/v1' }, { model: 'm' })?.key,
    ).toBe('own-key');
  });

  it('a provider named with no URL uses its public endpoint', () => {
    expect(resolveLlmConfig({ BATON_LLM_PROVIDER: 'anthropic', BATON_LLM_MODEL: 'm' }, {})?.url).toBe(
      'https://api.anthropic.com',
    );
    expect(resolveLlmConfig({}, { provider: 'openai', model: 'm' })?.url).toBe('https://api.openai.com/v1');
  });

  it('infers anthropic from the host or a /v1/messages path, else openai', () => {
    expect(inferProvider('https://api.anthropic.com')).toBe('anthropic');
    expect(inferProvider('http://127.0.0.1:9000/proxy/v1/messages')).toBe('anthropic');
    expect(inferProvider('http://localhost:8000/v1')).toBe('openai');
    expect(inferProvider('https://api.openai.com/v1')).toBe('openai');
  });
});

describe('config.json llm', () => {
  it('is read, and a bad value is a problem that names the key (its default stands)', () => {
    const { board } = project();
    writeFileSync(
      join(board.root, 'config.json'),
      JSON.stringify({ llm: { url: 'http://127.0.0.1:1/v1', model: 'm', provider: 'gemini', key: 'sk-x' } }),
    );
    const { settings, problems } = loadSettings(board);
    expect(settings.llm).toEqual({ url: 'http://127.0.0.1:1/v1', model: 'm', provider: undefined });
    expect(problems).toEqual([
      `${join(board.root, 'config.json')}: llm.key is ignored — a key is read from the environment only (BATON_LLM_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY), never from the board`,
      `${join(board.root, 'config.json')}: llm.provider must be one of openai, anthropic, not "gemini" — it is ignored`,
    ]);
  });
});
