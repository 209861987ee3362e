// The harnesses whose stdin names its fields its own way, and how to read it (each harness's `hooks-input.ts`). A
// table of its own, apart from the envelopes (envelope.ts), so the quick check (quiet.ts → input.ts, bundled into
// dist/hot/hook.cjs) loads these few functions, not every harness's hooks. A harness absent here sends Claude Code's
// names.
import { input as antigravity } from '../harnesses/antigravity/hooks-input.js';
import { input as grok } from '../harnesses/grok/hooks-input.js';
import type { HarnessName } from '../harnesses/registry.js';
import type { HookEvent } from '../harnesses/types.js';
import type { NativeInput } from './harness-hooks.js';

export const NATIVE_INPUT: Partial<
  Record<HarnessName, (raw: Record<string, unknown>, event: HookEvent) => NativeInput>
> = { antigravity, grok };
