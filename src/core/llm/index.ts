// Generated handoffs: a model the user already has (an OpenAI-compatible server or the Anthropic Messages API)
// writes a curated six-section handoff from a session's transcript.

export { LLM_SETUP, type LlmConfig, type LlmProvider, resolveLlmConfig } from './config.js';
export {
  DEFAULT_LLM_TIMEOUT_MS,
  type GenerateHandoffOptions,
  type GenerateHandoffResult,
  generateHandoff,
  type RoundOutcome,
} from './generate.js';
export { DIRECT_INSTRUCTION, HARD_RULES, handoffSystemPrompt } from './prompt.js';
export {
  type SupplementaryHandoffOptions,
  type SupplementaryHandoffResult,
  writeSupplementaryHandoff,
} from './supplementary.js';
