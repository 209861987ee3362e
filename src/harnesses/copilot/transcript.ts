// GitHub Copilot CLI sessions (`~/.copilot/session-state/<id>/events.jsonl`, $COPILOT_HOME moves ~/.copilot): one
// session event per line, `{type, data, id, timestamp, parentId}`, documented by the CLI's own
// schemas/session-events.schema.json. A `session.start` line first; then `user.message`, `assistant.message` (text
// and `toolRequests`), `tool.execution_complete` (success, result, shell exit code, the files it edited), hook and
// usage records. Lines with an `agentId` belong to a sub-agent: only its start is read.
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
import { firstLine, isObject, str } from '../../core/transcripts/text.js';

/** Events that carry nothing a handoff draft uses. */
const QUIET = new Set([
  'system.message',
  'system.notification',
  'assistant.turn_start',
  'assistant.turn_end',
  'assistant.usage',
  'assistant.intent',
  'assistant.reasoning',
  'assistant.idle',
  'tool.execution_start',
  'tool.execution_progress',
  'tool.execution_partial_result',
  'tool.shell_output',
  'hook.start',
  'hook.end',
  'hook.progress',
  'permission.requested',
  'permission.completed',
  'model.call_start',
  'model.call_finished',
  'model.call_final_result',
  'pending_messages.modified',
]);

interface PendingTool {
  name: string;
  run?: CommandRun;
  path?: string;
  action?: FileAction;
}

const EDIT_KINDS: Record<string, FileAction> = {
  create: 'created',
  edit: 'edited',
  write: 'written',
  delete: 'deleted',
  rename: 'moved',
  move: 'moved',
};

export const transcript: TranscriptAdapter = {
  harness: 'copilot',
  detects: (line) =>
    line.type === 'session.start' &&
    isObject(line.data) &&
    typeof line.data.sessionId === 'string' &&
    typeof line.data.producer === 'string',
  reader: (digest) => new CopilotReader(digest),
};

class CopilotReader implements TranscriptReader {
  private readonly pending = new Pending<PendingTool>();

  constructor(private readonly digest: TranscriptDigest) {}

  read(line: Line): string | undefined {
    const d = this.digest;
    const type = str(line.type);
    const data = isObject(line.data) ? line.data : undefined;
    if (type === undefined || data === undefined) return typeLabel(line);
    d.time(line.timestamp);
    // A sub-agent's own turns: its start is noted, the rest is the delegating agent's business.
    if (typeof line.agentId === 'string') return undefined;
    switch (type) {
      case 'session.start':
      case 'session.resume': {
        d.sessionId ??= str(data.sessionId);
        const version = str(data.copilotVersion);
        if (version) d.version ??= `copilot ${version}`;
        const context = isObject(data.context) ? data.context : {};
        d.cwd ??= str(context.cwd);
        return undefined;
      }
      case 'session.title_changed':
        if (typeof data.title === 'string') d.title = data.title;
        return undefined;
      case 'user.message':
        // A prompt, or the reason of a stop hook's block (its next prompt).
        d.userText(str(data.content) ?? '');
        return undefined;
      case 'assistant.message':
        d.assistant(str(data.content) ?? '');
        if (Array.isArray(data.toolRequests)) for (const request of data.toolRequests) this.request(request);
        return undefined;
      case 'tool.execution_complete':
        this.complete(data);
        return undefined;
      case 'subagent.started':
        d.subagent(
          str(data.agentDescription) ?? str(data.agentDisplayName) ?? str(data.agentName) ?? 'sub-agent',
        );
        return undefined;
      case 'session.error':
        d.error('copilot', firstLine(str(data.message) ?? '') || 'error');
        return undefined;
      case 'abort':
        d.interrupted = `its turn was aborted (${firstLine(str(data.reason) ?? '') || 'no reason given'})`;
        return undefined;
      default:
        if (QUIET.has(type) || type.startsWith('session.')) return undefined;
        return type;
    }
  }

  private request(request: unknown): void {
    if (!isObject(request)) return;
    const d = this.digest;
    const name = str(request.name) ?? 'tool';
    const args = isObject(request.arguments) ? request.arguments : {};
    const id = str(request.toolCallId) ?? '';
    d.tool(name);
    const path = str(args.path);
    if (name === 'bash') this.pending.set(id, { name, run: d.command(str(args.command) ?? '') });
    else if (name === 'create') this.pending.set(id, { name, path, action: 'created' });
    else if (name === 'edit') this.pending.set(id, { name, path, action: 'edited' });
    else this.pending.set(id, { name, path: path ?? str(args.pattern) ?? str(args.url) });
  }

  private complete(data: Record<string, unknown>): void {
    const tool = this.pending.take(str(data.toolCallId) ?? '');
    if (!tool) return;
    const d = this.digest;
    const result = isObject(data.result) ? data.result : {};
    const error = isObject(data.error) ? data.error : {};
    const output = str(result.content) ?? '';
    const failure = firstLine(str(error.message) ?? '') || 'failed';
    const failed = data.success !== true;
    if (tool.run) {
      const shell = isObject(data.shellExecution) ? data.shellExecution : {};
      if (typeof shell.exitCode === 'number')
        d.outcome(tool.run, { kind: 'exit', code: shell.exitCode }, output);
      else if (failed) d.outcome(tool.run, { kind: 'error', detail: failure });
      else d.outcome(tool.run, { kind: 'ok' }, output);
      return;
    }
    if (failed) {
      d.error(tool.name, failure, tool.path);
      return;
    }
    // What the tool actually changed, where the CLI says so; else what the call asked for.
    const edits = Array.isArray(data.fileEdits) ? data.fileEdits.filter(isObject) : [];
    for (const edit of edits) {
      const path = str(edit.path);
      if (path) d.file(path, EDIT_KINDS[str(edit.kind) ?? ''] ?? 'edited');
    }
    if (edits.length === 0 && tool.path && tool.action) d.file(tool.path, tool.action);
  }
}
