// pi sessions (`~/.pi/agent/sessions/--<path>--/<time>_<id>.jsonl`): a `session` header line, then entries —
// `message` (user, assistant with `toolCall` parts, toolResult, bashExecution), model changes, compactions, labels.
// Entries form a tree (branches); a draft reads them in file order.
import {
  type Line,
  type TranscriptAdapter,
  type TranscriptReader,
  typeLabel,
} from '../../core/transcripts/adapter.js';
import {
  type CommandRun,
  type FileAction,
  Pending,
  type TranscriptDigest,
} from '../../core/transcripts/digest.js';
import { contentText, firstLine, isObject, str } from '../../core/transcripts/text.js';

const QUIET = new Set([
  'model_change',
  'thinking_level_change',
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'context_transform',
  'ephemeral',
]);

interface PendingTool {
  name: string;
  run?: CommandRun;
  path?: string;
  action?: FileAction;
}

export const transcript: TranscriptAdapter = {
  harness: 'pi',
  detects: (line) => line.type === 'session' && typeof line.id === 'string' && typeof line.cwd === 'string',
  reader: (digest) => new PiReader(digest),
};

class PiReader implements TranscriptReader {
  private readonly pending = new Pending<PendingTool>();

  constructor(private readonly digest: TranscriptDigest) {}

  read(line: Line): string | undefined {
    const d = this.digest;
    d.time(line.timestamp);
    switch (line.type) {
      case 'session': {
        d.sessionId ??= str(line.id);
        if (typeof line.cwd === 'string') d.cwd ??= line.cwd;
        if (line.version !== undefined) d.version ??= `session v${String(line.version)}`;
        // A forked session names its source by file: `<time>_<session id>.jsonl`.
        const source = str(line.parentSession) ?? str(line.branchedFrom);
        const id = source ? /_([0-9a-fA-F-]{8,})\.jsonl$/.exec(source)?.[1] : undefined;
        if (id) d.parentSession ??= id;
        return undefined;
      }
      case 'message':
        return isObject(line.message) ? this.message(line.message) : typeLabel(line);
      case 'session_info':
        if (typeof line.name === 'string') d.title = line.name;
        return undefined;
      default:
        return typeof line.type === 'string' && QUIET.has(line.type) ? undefined : typeLabel(line);
    }
  }

  private message(message: Record<string, unknown>): string | undefined {
    const d = this.digest;
    switch (message.role) {
      case 'user': {
        d.userText(contentText(message.content));
        return undefined;
      }
      case 'assistant': {
        const texts: string[] = [];
        if (Array.isArray(message.content)) {
          for (const part of message.content) {
            if (!isObject(part)) continue;
            if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
            else if (part.type === 'toolCall') this.toolCall(part);
          }
        }
        d.assistant(texts.join('\n\n'));
        if (message.stopReason === 'error')
          d.error('model', firstLine(str(message.errorMessage) ?? '') || 'error');
        if (message.stopReason === 'aborted') d.interrupted = 'its last reply was aborted';
        return undefined;
      }
      case 'toolResult':
        this.toolResult(message);
        return undefined;
      case 'bashExecution': {
        // A command the person ran with `!`.
        const run = d.command(str(message.command) ?? '', true);
        const output = str(message.output) ?? '';
        if (typeof message.exitCode === 'number')
          d.outcome(run, { kind: 'exit', code: message.exitCode }, output);
        else if (message.cancelled === true) d.outcome(run, { kind: 'interrupted' });
        return undefined;
      }
      case 'custom':
      case 'branchSummary':
      case 'compactionSummary':
        return undefined;
      default:
        return `message:${typeof message.role === 'string' ? message.role : '(no role)'}`;
    }
  }

  private toolCall(part: Record<string, unknown>): void {
    const d = this.digest;
    const name = str(part.name) ?? 'tool';
    const args = isObject(part.arguments) ? part.arguments : {};
    const id = str(part.id) ?? '';
    d.tool(name);
    if (name === 'bash') this.pending.set(id, { name, run: d.command(str(args.command) ?? '') });
    else if (name === 'edit') this.pending.set(id, { name, path: str(args.path), action: 'edited' });
    else if (name === 'write') this.pending.set(id, { name, path: str(args.path), action: 'written' });
    else this.pending.set(id, { name, path: str(args.path) ?? str(args.pattern) });
  }

  private toolResult(message: Record<string, unknown>): void {
    const tool = this.pending.take(str(message.toolCallId) ?? '');
    if (!tool) return;
    const d = this.digest;
    const text = contentText(message.content);
    const failed = message.isError === true;
    if (tool.run) {
      const exit = /Command exited with code (-?\d+)\s*$/.exec(text);
      if (exit) d.outcome(tool.run, { kind: 'exit', code: Number(exit[1]) }, text);
      else if (failed) d.outcome(tool.run, { kind: 'error', detail: firstLine(text) || 'failed' });
      else d.outcome(tool.run, { kind: 'ok' }, text);
    } else if (failed) d.error(tool.name, firstLine(text) || 'failed', tool.path);
    else if (tool.path && tool.action) d.file(tool.path, tool.action);
  }
}
