// Which model writes generated handoffs: provider, endpoint, model and key, from the environment (which wins) and
// the board's config.json `llm` section. Keys come from the environment only, never from a file on the board.

import type { Settings } from '../board/config.js';
import type { Env } from '../board/open-board.js';

/** The API a model server speaks: `openai` (chat completions, which most local servers speak too) or `anthropic`. */
export type LlmProvider = 'openai' | 'anthropic';

/**
 * The model a generated handoff uses: from BATON_LLM_* variables and config.json (see {@link
 * resolveLlmConfig}).
 */
export interface LlmConfig {
  provider: LlmProvider;
  /** The endpoint's base (`http://127.0.0.1:11434/v1`, `https://api.anthropic.com`), without a trailing slash. */
  url: string;
  model: string;
  /** Absent for a local server that needs none. */
  key?: string;
}

/** What a command line sets over the configured model. */
export interface LlmOverrides {
  /** `--model`: wins over BATON_LLM_MODEL and config.json. */
  model?: string;
}

/** How to configure a model, for the error a command gives when none is. */
export const LLM_SETUP =
  'set BATON_LLM_URL and BATON_LLM_MODEL (plus OPENAI_API_KEY or ANTHROPIC_API_KEY unless the server is local), ' +
  'or add "llm": {"url": "…", "model": "…"} to the board\'s config.json';

const DEFAULT_URLS: Record<LlmProvider, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

/**
 * The configured model, or undefined when there is none (no model, or no URL and no provider to default it).
 * Order: overrides, then `BATON_LLM_URL` / `BATON_LLM_MODEL` / `BATON_LLM_PROVIDER`, then config.json `llm`. The
 * provider, when not given, is `anthropic` for api.anthropic.com or a URL ending in /v1/messages, else `openai`
 * (any OpenAI-compatible chat-completions server: Ollama, llama.cpp, vLLM…). The key: `BATON_LLM_KEY`, else the
 * provider's usual variable (`ANTHROPIC_API_KEY` / `OPENAI_API_KEY`) — sent only when the URL came from the
 * environment or is the provider's own https API, never to a URL that only the board's config.json names.
 */
export function resolveLlmConfig(
  env: Env,
  settings: Settings['llm'],
  overrides: LlmOverrides = {},
): LlmConfig | undefined {
  const given = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const model = given(overrides.model) ?? given(env.BATON_LLM_MODEL) ?? settings.model;
  const named = given(env.BATON_LLM_PROVIDER)?.toLowerCase() ?? settings.provider;
  const explicit = named === 'openai' || named === 'anthropic' ? named : undefined;
  const rawUrl = given(env.BATON_LLM_URL) ?? settings.url ?? (explicit ? DEFAULT_URLS[explicit] : undefined);
  if (model === undefined || rawUrl === undefined) return undefined;
  const url = rawUrl.replace(/\/+$/, '');
  const provider = explicit ?? inferProvider(url);
  // The key is the person's; the board (and its config.json) may be anyone's — a cloned repository's, say. So a key
  // goes only to a URL the person chose (BATON_LLM_URL) or to the provider's own API, never to one the board names.
  const keyAllowed = given(env.BATON_LLM_URL) !== undefined || isProviderApi(url);
  const key = keyAllowed
    ? (given(env.BATON_LLM_KEY) ??
      given(provider === 'anthropic' ? env.ANTHROPIC_API_KEY : env.OPENAI_API_KEY))
    : undefined;
  return key === undefined ? { provider, url, model } : { provider, url, model, key };
}

/** Whether `url` is OpenAI's or Anthropic's own API over https. */
function isProviderApi(url: string): boolean {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase();
    return parsed.protocol === 'https:' && (host === 'api.openai.com' || host === 'api.anthropic.com');
  } catch {
    return false;
  }
}

/** `anthropic` for api.anthropic.com or a URL ending in /v1/messages; else `openai`. */
export function inferProvider(url: string): LlmProvider {
  let host = '';
  let path = url;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.toLowerCase();
    path = parsed.pathname;
  } catch {
    // Not a URL: the request will say so; the path alone decides here.
  }
  return host === 'api.anthropic.com' || /\/v1\/messages\/?$/.test(path) ? 'anthropic' : 'openai';
}
