// pi: baton's extension (wiring-extension.ts) reads the neutral answer.
import { type HarnessHooks, neutralEnvelope } from '../../hooks/harness-hooks.js';

export const hooks: HarnessHooks = { envelope: neutralEnvelope };
