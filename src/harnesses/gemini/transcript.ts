// Gemini CLI sessions (`~/.gemini/tmp/<project>/chats/session-…-<id>.jsonl`, since gemini-cli's JSONL chat
// recording): a metadata line, then message records (`user` / `gemini` / `info` / `error` / `warning`) that are
// appended again whenever they change (same id), `{"$set": …}` metadata updates and `{"$rewindTo": id}` marks.
import {
  type Line,
  type TranscriptAdapter,
  type TranscriptReader,
  typeLabel,
} from '../../core/transcripts/adapter.js';
import { Pending, type TranscriptDigest } from '../../core/transcripts/digest.js';
import { withoutInjected } from '../../core/transcripts/injected.js';
import { contentText, firstLine, isObject, str } from '../../core/transcripts/text.js';

const FINAL = new Set(['success', 'error', 'cancelled']);

export const transcript: TranscriptAdapter = {
  harness: 'gemini',
  // The metadata line: a session id and a project hash, no type.
  detects: (line) =>
    typeof line.sessionId === 'string' && typeof line.projectHash === 'string' && line.type === undefined,
  reader: (digest) => new GeminiReader(digest),
};

class GeminiReader implements TranscriptReader {
  // Ids already read: a message or tool call written again (with tokens, or a result) is read once.
  private readonly seen = new Pending<true>(20_000);

  constructor(private readonly digest: TranscriptDigest) {}

  read(line: Line): string | undefined {
    const d = this.digest;
    if (typeof line.$rewindTo === 'string') return undefined;
    if (isObject(line.$set)) {
      this.metadata(line.$set);
      // The whole message list written back (at the start; after a compression, with the summary gemini-cli made
      // and its own acknowledgement under new ids): a restatement, never a new prompt or reply.
      if (Array.isArray(line.$set.messages))
        for (const message of line.$set.messages) this.message(message, true);
      return undefined;
    }
    if (
      typeof line.sessionId === 'string' &&
      typeof line.projectHash === 'string' &&
      line.type === undefined
    ) {
      this.metadata(line);
      d.time(line.startTime);
      return undefined;
    }
    if (typeof line.id === 'string' && typeof line.type === 'string') return this.message(line);
    return typeLabel(line);
  }

  private metadata(fields: Record<string, unknown>): void {
    const d = this.digest;
    if (typeof fields.sessionId === 'string') d.sessionId ??= fields.sessionId;
    if (typeof fields.summary === 'string') d.title = fields.summary;
  }

  private message(value: unknown, restated = false): string | undefined {
    if (!isObject(value) || typeof value.id !== 'string') return undefined;
    const d = this.digest;
    d.time(value.timestamp);
    const content = isObject(value.content) ? [value.content] : value.content;
    switch (value.type) {
      case 'user': {
        if (this.once(`m:${value.id}`)) return undefined;
        const text = contentText(content);
        // The session's first user record is an injected context block; it names the working folder (0.61.0: the
        // first of its workspace directories).
        const head = text.slice(0, 4096);
        const folder =
          /currently working in the directory:\s*(\S.*)$/m.exec(head) ??
          /\*\*Workspace Directories:\*\*\s*\n\s*- (\/.*)$/m.exec(head);
        if (folder) d.cwd ??= folder[1]!.trim();
        if (!restated) d.userText(text);
        return undefined;
      }
      case 'gemini': {
        if (!this.once(`m:${value.id}`) && !restated) d.assistant(contentText(content));
        if (Array.isArray(value.toolCalls)) for (const call of value.toolCalls) this.toolCall(call);
        return undefined;
      }
      case 'error':
        d.error('gemini', firstLine(contentText(content)) || 'error');
        return undefined;
      case 'info':
      case 'warning':
        return undefined;
      default:
        return typeLabel(value);
    }
  }

  /** Whether `key` was seen before (and marks it seen). */
  private once(key: string): boolean {
    if (this.seen.get(key)) return true;
    this.seen.set(key, true);
    return false;
  }

  private toolCall(call: unknown): void {
    if (!isObject(call) || typeof call.id !== 'string') return;
    const status = str(call.status) ?? '';
    // A call is read when it is done; earlier copies (scheduled, executing) carry no result yet.
    if (!FINAL.has(status) || this.once(`t:${call.id}`)) return;
    const d = this.digest;
    const name = str(call.name) ?? 'tool';
    const args = isObject(call.args) ? call.args : {};
    const result = resultText(call.result) || str(call.resultDisplay) || '';
    const failed = status === 'error';
    const path = str(args.file_path) ?? str(args.path) ?? str(args.absolute_path);
    d.tool(name);
    switch (name) {
      case 'run_shell_command': {
        const run = d.command(str(args.command) ?? '');
        const exit = /Exit Code: (-?\d+)/.exec(result);
        const refused = shellRefusal(result, str(call.resultDisplay));
        if (exit) d.outcome(run, { kind: 'exit', code: Number(exit[1]) }, result);
        else if (failed) d.outcome(run, { kind: 'error', detail: firstLine(result) || 'failed' });
        else if (status === 'cancelled' || CANCELLED.test(result)) d.outcome(run, { kind: 'interrupted' });
        else if (refused) d.outcome(run, { kind: 'error', detail: refused });
        else d.outcome(run, { kind: 'ok' }, result);
        return;
      }
      case 'write_todos':
        if (Array.isArray(args.todos)) {
          d.setPlan(
            args.todos.filter(isObject).map((todo) => ({
              text: str(todo.description) ?? '',
              status: str(todo.status) ?? 'pending',
            })),
          );
        }
        return;
      case 'write_file':
      case 'replace':
      case 'edit':
        if (failed) d.error(name, firstLine(result) || 'failed', path);
        else if (path && status === 'success') d.file(path, name === 'write_file' ? 'written' : 'edited');
        return;
      default:
        if (failed) d.error(name, firstLine(result) || 'failed', path ?? str(args.pattern) ?? str(args.url));
    }
  }
}

// The shell tool's answers for a command it never ran or cut short, which its scheduler still records as a success
// (gemini-cli packages/core/src/tools/shell.ts, 0.61.0): a command substitution it refuses, a command stopped for
// lack of output. A cancellation by the person is an interruption.
const CANCELLED = /^Command was cancelled by user\b/;
const REFUSED = /^(?:Command injection detected\b|Command was automatically cancelled\b)/;

function shellRefusal(result: string, display: string | undefined): string | undefined {
  if (!REFUSED.test(result)) return undefined;
  const why = display && /^Blocked: /.test(display) ? firstLine(display.slice(9)) : firstLine(result);
  return `refused: ${why}`;
}

// A tool result: parts whose `functionResponse.response` holds `output` or `error`, or plain text parts; context a
// hook appended to it (Gemini CLI's <hook_context>, baton's own blocks) is not the tool's.
function resultText(result: unknown): string {
  const text = rawResultText(result);
  return text.includes('hook_context') ? withoutInjected(text) : text;
}

function rawResultText(result: unknown): string {
  const parts = Array.isArray(result) ? result : isObject(result) ? [result] : [];
  const out: string[] = [];
  for (const part of parts) {
    if (!isObject(part)) continue;
    if (typeof part.text === 'string') out.push(part.text);
    const response = isObject(part.functionResponse) ? part.functionResponse.response : undefined;
    if (isObject(response)) {
      if (typeof response.output === 'string') out.push(response.output);
      if (typeof response.error === 'string') out.push(response.error);
    }
  }
  return out.join('\n');
}
