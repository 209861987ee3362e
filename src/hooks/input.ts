// What a harness sends a hook on stdin, checked and reduced to the fields baton uses. Claude Code and Codex share a
// shape (Qwen Code's too); Gemini CLI names a few fields its own way; GitHub Copilot CLI sends camelCase (sessionId,
// toolName, toolArgs, transcriptPath); baton's opencode plugin and pi extension send Claude's shape.
// A harness's own field names are in its harness.ts (src/harnesses/<name>/).
import { isAbsolute } from 'node:path';
import { nameProblem } from '../core/store/names.js';
import { harnessInfo } from '../harnesses/registry.js';
import { type HookEvent, type HookHarness, hookEvent } from './events.js';
import { NATIVE_INPUT } from './native-input.js';

export interface HookInput {
  session: string;
  /** The session's working folder (absolute); the hook's own cwd when the harness does not say. */
  cwd: string;
  transcriptPath?: string;
  /** Session start: startup, resume, clear, compact. */
  source?: string;
  prompt?: string;
  toolName?: string;
  toolInput?: Record<string, unknown>;
  /** The agent's final reply of the turn (stop). */
  lastAssistantMessage?: string;
  /** The stop hook already blocked this stop once: never block again. */
  stopHookActive: boolean;
  /** Sub-agent stop: the sub-agent's own transcript. */
  agentTranscriptPath?: string;
  /** Sub-agent stop: its type ("general-purpose", Codex's "default"); "" for Claude Code's compaction summariser. */
  agentType?: string;
  /** The harness's own time of the event, where its stdin gives one (GitHub Copilot CLI's `timestamp`, ms). */
  eventTime?: number;
}

/** Input a hook cannot act on: it does nothing and logs `reason`. */
export class HookSkip extends Error {}

/** The hook's stdin (decoded text) as the JSON object a harness sends; HookSkip when it is not one. */
export function hookObject(text: string): Record<string, unknown> {
  if (text.trim() === '') throw new HookSkip('empty stdin');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HookSkip('stdin is not JSON');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new HookSkip('stdin is not a JSON object');
  return raw as Record<string, unknown>;
}

/**
 * The fields baton uses. `remote`: the input came from another machine (BATON_URL), so its paths and folder name
 * that machine's files — they are left out, and the session works in `cwd`, the server's folder.
 */
export function parseHookInput(
  text: string,
  event: HookEvent,
  harness: HookHarness,
  cwd: string,
  remote = false,
): HookInput {
  const raw = hookObject(text);
  // A harness that names its fields its own way (Antigravity, Grok Build) says what they are.
  const own = NATIVE_INPUT[harness]?.(raw, event);
  if (own && 'skip' in own) throw new HookSkip(own.skip);
  const input = own ? own.fields : raw;
  const named = str(input.hook_event_name);
  if (named !== undefined && hookEvent(named) !== event) {
    throw new HookSkip(`stdin is a ${JSON.stringify(named).slice(0, 80)} event, not ${event}`);
  }
  const session = str(input.session_id) ?? str(input.sessionId);
  if (session === undefined || session === '') throw new HookSkip('no session_id in stdin');
  const problem = nameProblem('session', session);
  if (problem) throw new HookSkip(`session_id is not usable: ${problem}`);
  const given = remote ? undefined : str(input.cwd);
  // GitHub Copilot CLI names it toolArgs (an object in 1.0.102; a JSON string in its older docs).
  const toolInput = input.tool_input ?? input.toolInput ?? jsonArgs(input.toolArgs);
  const replyField = harnessInfo(harness).stopReplyField;
  return {
    session,
    cwd: given && isAbsolute(given) && !given.includes('\0') ? given : cwd,
    transcriptPath: remote ? undefined : path(input.transcript_path ?? input.transcriptPath),
    source: str(input.source) ?? str(input.trigger),
    prompt: str(input.prompt),
    toolName: str(input.tool_name) ?? str(input.toolName),
    toolInput:
      toolInput !== null && typeof toolInput === 'object' && !Array.isArray(toolInput)
        ? (toolInput as Record<string, unknown>)
        : undefined,
    // Gemini CLI's AfterAgent calls the reply `prompt_response`.
    lastAssistantMessage:
      str(input.last_assistant_message) ?? (replyField !== undefined ? str(input[replyField]) : undefined),
    stopHookActive: input.stop_hook_active === true,
    agentTranscriptPath: remote ? undefined : path(input.agent_transcript_path),
    agentType: str(input.agent_type),
    eventTime:
      typeof input.timestamp === 'number' && Number.isFinite(input.timestamp) ? input.timestamp : undefined,
  };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Tool arguments given as a JSON text: the object in it (at most 1 MB of it), else the value as it is. */
function jsonArgs(value: unknown): unknown {
  if (typeof value !== 'string' || value.length > 1024 * 1024) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function path(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && !value.includes('\0') ? value : undefined;
}
