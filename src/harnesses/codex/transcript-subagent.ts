// A Codex sub-agent's rollout (`spawn_agent`: a thread of its own, `session_meta.source.subagent.thread_spawn`), read
// for its result note: the task the parent gave it, its final reply, and the files its patches wrote. A sub-agent
// spawned with the parent's history (fork_turns "all", the default) starts with copies of the parent's items, each
// marked `metadata.inherited_user_message`: they are the parent's work, not the sub-agent's, and are skipped.
import { isAbsolute, join } from 'node:path';
import { RESULT_LIMITS } from '../../core/notes/write-result.js';
import { openTranscript, readLines } from '../../core/transcripts/lines.js';
import type { SubagentRun } from '../../core/transcripts/subagent-run.js';
import { contentText, isObject, realPrompt, str } from '../../core/transcripts/text.js';
import { exitCodeOf, outputText, parseArguments, patchFiles } from './transcript-tools.js';

/** How a task handed over by `spawn_agent` (multi-agent v2) starts: a header, then the task after `Payload:`. */
const NEW_TASK = /^Message Type: NEW_TASK\n(?:.*\n)*?Payload:\n?/;

/**
 * Reads a Codex sub-agent rollout in one streaming pass. The task is the `NEW_TASK` message addressed to it (v2),
 * else its first prompt (v1); its final output the text of its last assistant message when no tool call follows.
 * A file that cannot be opened throws (BatonError not_found / invalid_input / io); lines of other shapes are skipped.
 */
export async function readCodexSubagent(path: string): Promise<SubagentRun> {
  const { stream } = await openTranscript(path);
  const run: SubagentRun = { written: [] };
  const pending = new Map<string, string[]>();
  const done = new Set<string>();
  let cwd: string | undefined;
  let agentPath: string | undefined;
  let metaSeen = false;
  let prompt: string | undefined;
  let final: string | undefined;
  const wrote = (paths: string[]) => {
    for (const file of paths) if (done.size < RESULT_LIMITS.artifacts) done.add(file);
  };
  // A call's result: a patch whose result is no failure wrote its files.
  const settle = (id: string, failed: boolean) => {
    const paths = pending.get(id);
    pending.delete(id);
    if (paths && !failed) wrote(paths);
  };
  await readLines(stream, {
    overlong() {
      run.unreadEnd = true;
    },
    line(text) {
      const line = parse(text);
      const payload = line?.payload;
      if (!line || !isObject(payload)) return;
      if (line.type === 'session_meta') {
        // The first is the sub-agent's own; a forked one also carries its parent's, which is not.
        if (metaSeen) return;
        metaSeen = true;
        run.session = str(payload.id);
        cwd = str(payload.cwd);
        const source = isObject(payload.source) ? payload.source : {};
        const spawn =
          isObject(source.subagent) && isObject(source.subagent.thread_spawn)
            ? source.subagent.thread_spawn
            : {};
        agentPath = str(spawn.agent_path);
        return;
      }
      if (isObject(line.metadata) && line.metadata.inherited_user_message === true) return;
      if (line.type === 'turn_context') {
        cwd = str(payload.cwd) ?? cwd;
        return;
      }
      if (line.type === 'event_msg') {
        // Older versions report a patch's outcome as an event (its output item may not say).
        if (payload.type === 'patch_apply_end') settle(str(payload.call_id) ?? '', payload.success === false);
        return;
      }
      if (line.type !== 'response_item') return;
      switch (payload.type) {
        case 'agent_message': {
          if (run.task !== undefined || (agentPath && str(payload.recipient) !== agentPath)) return;
          const task = handedTask(payload.content);
          if (task === undefined) return;
          if (task === '') run.title = agentPath ? `Sub-agent task ${agentPath}` : undefined;
          else run.task = task;
          // The task is known (or known to be unreadable): no prompt stands in for it.
          prompt = '';
          return;
        }
        case 'message': {
          const text = contentText(payload.content);
          if (payload.role === 'user') {
            if (prompt === undefined) prompt = realPrompt(text);
            return;
          }
          if (payload.role !== 'assistant') return;
          run.unreadEnd = undefined;
          final = text;
          return;
        }
        case 'custom_tool_call':
        case 'function_call':
        case 'local_shell_call': {
          final = undefined;
          const paths = patchedPaths(payload).map((file) =>
            cwd && !isAbsolute(file) ? join(cwd, file) : file,
          );
          if (paths.length > 0 && pending.size < 2000) pending.set(str(payload.call_id) ?? '', paths);
          return;
        }
        case 'custom_tool_call_output':
        case 'function_call_output':
          settle(str(payload.call_id) ?? '', failed(payload.output));
          return;
      }
    },
  });
  // Writes whose result never came (the rollout ends mid-call) still count: the file may have changed.
  for (const paths of pending.values()) wrote(paths);
  run.written = [...done];
  run.task ??= prompt || undefined;
  run.finalOutput = run.unreadEnd || final === undefined || final.trim() === '' ? undefined : final;
  return run;
}

/**
 * The task of a `NEW_TASK` agent message: the text after its header, the payload plain or in `encrypted_content`.
 * '' when the payload cannot be read (OpenAI's models send it encrypted: one long token, no spaces); undefined when
 * the message is not a task.
 */
function handedTask(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const parts = content.filter(isObject);
  const head = parts.map((part) => str(part.text) ?? '').join('');
  const match = NEW_TASK.exec(head);
  if (!match) return undefined;
  const sealed = parts.map((part) => str(part.encrypted_content) ?? '').join('');
  const readable = /\s/.test(sealed.trim()) || sealed.trim().length < 40 ? sealed : '';
  return `${head.slice(match[0].length)}${readable}`.trim();
}

/** The files a call's patch names: apply_patch as a freeform tool, a function, or a shell command's argv. */
function patchedPaths(payload: Record<string, unknown>): string[] {
  const name = str(payload.name);
  if (payload.type === 'custom_tool_call') return name === 'apply_patch' ? paths(str(payload.input)) : [];
  const args = isObject(payload.action) ? payload.action : parseArguments(payload.arguments);
  if (name === 'apply_patch') return paths(str(args.input));
  const command = args.cmd ?? args.command;
  if (Array.isArray(command) && command[0] === 'apply_patch') return paths(str(command[1]));
  return [];
}

function paths(patch: string | undefined): string[] {
  return patch ? patchFiles(patch).map((file) => file.path) : [];
}

/** Whether a tool's output says it failed: a non-zero exit code, `success: false`, or an error as its first word. */
function failed(output: unknown): boolean {
  if (isObject(output) && output.success === false) return true;
  const text = outputText(output);
  const exit = exitCodeOf(output, text);
  if (exit !== undefined) return exit !== 0;
  return /^\s*[\w.-]*\s*(error|failed|verification failed)\b/i.test(text.slice(0, 200));
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
