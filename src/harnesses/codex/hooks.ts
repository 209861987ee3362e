// Codex reads Claude Code's hook envelope.
import type { HarnessHooks } from '../../hooks/harness-hooks.js';
import { claudeEnvelope } from '../claude/hooks.js';

export const hooks: HarnessHooks = { envelope: claudeEnvelope };
