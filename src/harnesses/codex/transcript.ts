// Codex rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-…-<id>.jsonl`): `{timestamp, type, payload}` lines —
// session_meta, turn_context, response_item (what the model saw and said), event_msg (what the harness did).
import {
  type Line,
  type TranscriptAdapter,
  type TranscriptReader,
  typeLabel,
} from '../../core/transcripts/adapter.js';
import { type CommandRun, Pending, PromptLog, type TranscriptDigest } from '../../core/transcripts/digest.js';
import { isPushedTurn } from '../../core/transcripts/injected.js';
import { contentText, firstLine, isObject, realPrompt, str } from '../../core/transcripts/text.js';
import {
  afterOutputMarker,
  commandLine,
  exitCodeOf,
  outputText,
  type PatchFile,
  parseArguments,
  patchFiles,
} from './transcript-tools.js';

const TOP = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
const QUIET_ITEMS = new Set([
  'reasoning',
  'ghost_snapshot',
  'compaction',
  'compaction_summary',
  'tool_search_call',
  'tool_search_output',
  'image_generation_call',
]);
// Events a draft reads nothing from: the same content also arrives as response items, or it is bookkeeping.
const QUIET_EVENTS = new Set([
  'agent_message',
  'task_complete',
  'task_started',
  'token_count',
  'agent_reasoning',
  'agent_reasoning_raw_content',
  'agent_reasoning_section_break',
  'exec_command_output_delta',
  'exec_approval_request',
  'apply_patch_approval_request',
  'patch_apply_begin',
  'web_search_begin',
  'web_search_end',
  'mcp_tool_call_begin',
  'turn_diff',
  'plan_update',
  'context_compacted',
  'background_event',
  'stream_error',
  'warning',
  'entered_review_mode',
  'exited_review_mode',
  'view_image_tool_call',
  'item_started',
  'item_completed',
  'deprecation_notice',
  'session_configured',
  'shutdown_complete',
  'thread_rolled_back',
  'user_message_edited',
]);

interface PendingCall {
  name: string;
  run?: CommandRun;
  base?: string;
  patch?: PatchFile[];
}

export const transcript: TranscriptAdapter = {
  harness: 'codex',
  detects: (line) => typeof line.type === 'string' && TOP.has(line.type) && isObject(line.payload),
  reader: (digest) => new CodexReader(digest),
};

class CodexReader implements TranscriptReader {
  private readonly calls = new Pending<PendingCall>();
  // Unified exec: a command still running answers with a session id; `write_stdin` calls then report on it.
  private readonly execSessions = new Pending<CommandRun>();
  // Prompts as response items, used only when the rollout has no user_message events (the events carry only what
  // the person typed; items also carry injected context).
  private readonly itemPrompts = new PromptLog();

  constructor(private readonly digest: TranscriptDigest) {}

  read(line: Line): string | undefined {
    const d = this.digest;
    d.time(line.timestamp);
    const payload = line.payload;
    if (!isObject(payload)) return typeLabel(line);
    switch (line.type) {
      case 'session_meta':
        this.meta(payload);
        return undefined;
      case 'turn_context':
        if (typeof payload.cwd === 'string') d.cwd ??= payload.cwd;
        return undefined;
      case 'compacted':
        return undefined;
      case 'response_item':
        return this.item(payload);
      case 'event_msg':
        return this.event(payload);
      default:
        return typeLabel(line);
    }
  }

  finish(): void {
    const d = this.digest;
    if (d.prompts.count === 0) d.prompts = this.itemPrompts;
    for (const call of this.calls.values())
      for (const file of call.patch ?? []) d.file(file.path, file.action, call.base);
  }

  private meta(payload: Record<string, unknown>): void {
    const d = this.digest;
    d.sessionId ??= str(payload.id);
    if (typeof payload.cwd === 'string') d.cwd ??= payload.cwd;
    d.version ??= str(payload.cli_version);
    const source = isObject(payload.source) ? payload.source : {};
    const spawn =
      isObject(source.subagent) && isObject(source.subagent.thread_spawn) ? source.subagent.thread_spawn : {};
    d.parentSession ??= str(payload.forked_from_id) ?? str(spawn.parent_thread_id);
  }

  private item(payload: Record<string, unknown>): string | undefined {
    const d = this.digest;
    switch (payload.type) {
      case 'message': {
        const text = contentText(payload.content);
        if (payload.role === 'user') {
          const prompt = realPrompt(text);
          if (prompt !== undefined) this.itemPrompts.add(prompt);
          // Mail or a request baton pushed with a stop block (<hook_prompt>): no prompt, but a turn.
          else if (isPushedTurn(text)) d.turn();
        } else if (payload.role === 'assistant') d.assistant(text);
        return undefined;
      }
      case 'function_call':
        this.functionCall(payload);
        return undefined;
      case 'function_call_output':
        this.functionOutput(payload);
        return undefined;
      case 'custom_tool_call': {
        const name = str(payload.name) ?? 'tool';
        if (name === 'apply_patch') this.patch(str(payload.call_id) ?? '', str(payload.input) ?? '');
        else {
          d.tool(name);
          this.calls.set(str(payload.call_id) ?? '', { name });
        }
        return undefined;
      }
      case 'custom_tool_call_output': {
        const call = this.calls.take(str(payload.call_id) ?? '');
        if (call) this.settle(call, outputText(payload.output), exitCodeOf(payload.output));
        return undefined;
      }
      case 'local_shell_call': {
        const action = isObject(payload.action) ? payload.action : {};
        const run = d.command(commandLine(action.command));
        d.tool('shell');
        this.calls.set(str(payload.call_id) ?? '', { name: 'shell', run });
        return undefined;
      }
      case 'web_search_call':
        d.tool('web_search');
        return undefined;
      default:
        return typeof payload.type === 'string' && QUIET_ITEMS.has(payload.type)
          ? undefined
          : typeLabel(payload, 'response_item:');
    }
  }

  private functionCall(payload: Record<string, unknown>): void {
    const d = this.digest;
    const name = str(payload.name) ?? 'tool';
    const id = str(payload.call_id) ?? '';
    const args = parseArguments(payload.arguments);
    switch (name) {
      case 'exec_command':
      case 'shell':
      case 'shell_command':
      case 'container.exec': {
        const command = args.cmd ?? args.command;
        if (Array.isArray(command) && command[0] === 'apply_patch' && typeof command[1] === 'string') {
          this.patch(id, command[1], str(args.workdir));
          return;
        }
        d.tool(name);
        this.calls.set(id, { name, run: d.command(commandLine(command)) });
        return;
      }
      case 'apply_patch':
        this.patch(id, str(args.input) ?? '', str(args.workdir));
        return;
      case 'write_stdin': {
        d.tool(name);
        const run = this.execSessions.get(String(args.session_id));
        this.calls.set(id, { name, run });
        return;
      }
      case 'update_plan':
        d.tool(name);
        if (Array.isArray(args.plan)) {
          const items = args.plan.filter(isObject).map((item) => ({
            text: str(item.step) ?? '',
            status: str(item.status) ?? 'pending',
          }));
          d.setPlan(items, str(args.explanation));
        }
        return;
      default:
        d.tool(name);
        this.calls.set(id, { name });
    }
  }

  private functionOutput(payload: Record<string, unknown>): void {
    const id = str(payload.call_id) ?? '';
    const call = this.calls.get(id);
    if (!call) return;
    const text = outputText(payload.output);
    // A command's call stays open for its exec_command_end event (which would otherwise count it again).
    if (call.run && call.name !== 'write_stdin') {
      const running = /Process running with session ID (\d+)/.exec(text.slice(0, 500));
      if (running) this.execSessions.set(running[1]!, call.run);
    } else this.calls.take(id);
    const success = isObject(payload.output) ? payload.output.success : undefined;
    this.settle(call, text, exitCodeOf(payload.output, text), success === false);
  }

  /** A tool's result: a command's exit code, a patch's success, any other tool's failure. */
  private settle(call: PendingCall, text: string, exit: number | undefined, failed = false): void {
    const d = this.digest;
    if (call.patch) {
      if (exit === 0 || (exit === undefined && /^\s*(Success|Done)\b/.test(text))) this.patched(call);
      else
        d.error(
          'apply_patch',
          firstLine(afterOutputMarker(text)) || firstLine(text) || 'failed',
          call.patch.map((file) => file.path).join(', '),
        );
      return;
    }
    const head = firstLine(text);
    if (call.run && exit !== undefined) {
      d.outcome(call.run, { kind: 'exit', code: exit }, afterOutputMarker(text));
      return;
    }
    if (failed || /^[\w.-]*\s*(failed|error)\b/i.test(head)) d.error(call.name, head || 'failed');
  }

  private patched(call: PendingCall): void {
    for (const file of call.patch ?? []) this.digest.file(file.path, file.action, call.base);
  }

  private patch(id: string, input: string, workdir?: string): void {
    this.digest.tool('apply_patch');
    this.calls.set(id, { name: 'apply_patch', patch: patchFiles(input), base: workdir ?? this.digest.cwd });
  }

  private event(payload: Record<string, unknown>): string | undefined {
    const d = this.digest;
    switch (payload.type) {
      case 'user_message': {
        const prompt = realPrompt(str(payload.message) ?? '');
        if (prompt !== undefined) d.prompt(prompt);
        return undefined;
      }
      case 'turn_aborted':
        d.interrupted = `its last turn was aborted (${str(payload.reason) ?? 'no reason given'})`;
        return undefined;
      case 'exec_command_begin':
      case 'exec_command_end': {
        const id = str(payload.call_id) ?? '';
        let call = this.calls.get(id);
        if (!call?.run) {
          call = { name: 'exec_command', run: d.command(commandLine(payload.command)) };
          this.calls.set(id, call);
        }
        if (payload.type === 'exec_command_end' && typeof payload.exit_code === 'number') {
          this.calls.take(id);
          const output =
            str(payload.aggregated_output) ||
            [str(payload.stdout), str(payload.stderr)].filter(Boolean).join('\n') ||
            str(payload.formatted_output) ||
            '';
          d.outcome(call.run!, { kind: 'exit', code: payload.exit_code }, output);
        }
        return undefined;
      }
      case 'patch_apply_end':
        this.patchEnd(payload);
        return undefined;
      case 'error':
        d.error('codex', firstLine(str(payload.message) ?? '') || 'error');
        return undefined;
      case 'mcp_tool_call_end': {
        const result = isObject(payload.result) ? payload.result : {};
        if ('Err' in result) {
          const invocation = isObject(payload.invocation) ? payload.invocation : {};
          const name = `${str(invocation.server) ?? 'mcp'}.${str(invocation.tool) ?? 'tool'}`;
          d.error(name, firstLine(String(result.Err)) || 'failed');
        }
        return undefined;
      }
      case 'thread_name_updated':
        if (typeof payload.thread_name === 'string') d.title = payload.thread_name;
        return undefined;
      default:
        return typeof payload.type === 'string' && QUIET_EVENTS.has(payload.type)
          ? undefined
          : typeLabel(payload, 'event_msg:');
    }
  }

  private patchEnd(payload: Record<string, unknown>): void {
    const d = this.digest;
    const call = this.calls.take(str(payload.call_id) ?? '') ?? { name: 'apply_patch', patch: [] };
    const changes = isObject(payload.changes) ? payload.changes : {};
    const files: PatchFile[] = [];
    for (const [path, change] of Object.entries(changes)) {
      if (files.length >= 100) break;
      const type = isObject(change) ? change.type : undefined;
      const moved = isObject(change) ? str(change.move_path) : undefined;
      files.push({ path, action: type === 'add' ? 'created' : type === 'delete' ? 'deleted' : 'edited' });
      if (moved) files.push({ path: moved, action: 'moved' });
    }
    if (files.length > 0) call.patch = files;
    if (payload.success === false) {
      const why = firstLine(str(payload.stderr) ?? '') || firstLine(str(payload.stdout) ?? '') || 'failed';
      d.error('apply_patch', why, (call.patch ?? []).map((file) => file.path).join(', '));
    } else this.patched(call);
  }
}
