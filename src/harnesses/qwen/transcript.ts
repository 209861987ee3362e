// Qwen Code sessions (`~/.qwen/projects/<project>/chats/<session id>.jsonl`): one record a line, each with `uuid`,
// `parentUuid`, `sessionId`, `timestamp`, `cwd`, `version` and a `type` — `user` (the prompt), `assistant` (Gemini-style
// `message.parts`: text and `functionCall`), `tool_result` (`functionResponse` parts, `toolCallResult.status`) and
// `system` records with a `subtype` (titles, telemetry, compression, snapshots).
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

const RECORD_TYPES = new Set(['user', 'assistant', 'tool_result', 'system']);

interface PendingTool {
  name: string;
  run?: CommandRun;
  path?: string;
  action?: FileAction;
}

/** A line of a Qwen Code chat: Gemini-style message parts, or a system record's payload. */
export function isQwenRecord(line: Line): boolean {
  if (typeof line.uuid !== 'string' || typeof line.sessionId !== 'string') return false;
  if (typeof line.type !== 'string' || !RECORD_TYPES.has(line.type)) return false;
  if (line.type === 'system') return isObject(line.systemPayload);
  return isObject(line.message) && Array.isArray(line.message.parts);
}

export const transcript: TranscriptAdapter = {
  harness: 'qwen',
  detects: isQwenRecord,
  reader: (digest) => new QwenReader(digest),
};

class QwenReader implements TranscriptReader {
  private readonly pending = new Pending<PendingTool>();

  constructor(private readonly digest: TranscriptDigest) {}

  read(line: Line): string | undefined {
    const d = this.digest;
    if (typeof line.sessionId !== 'string') return typeLabel(line);
    d.time(line.timestamp);
    d.sessionId ??= line.sessionId;
    d.cwd ??= str(line.cwd);
    const version = str(line.version);
    if (version) d.version ??= `qwen ${version}`;
    const parts =
      isObject(line.message) && Array.isArray(line.message.parts) ? line.message.parts.filter(isObject) : [];
    switch (line.type) {
      case 'user': {
        // A person's prompt (older records carry no provenance); the rest is the CLI's own.
        const provenance = str(line.provenance);
        if (provenance !== undefined && provenance !== 'real_user') return undefined;
        const text = parts.flatMap((part) => (typeof part.text === 'string' ? [part.text] : [])).join('\n');
        d.userText(text);
        return undefined;
      }
      case 'assistant': {
        // Thoughts are not the reply.
        const texts = parts.flatMap((part) =>
          typeof part.text === 'string' && part.thought !== true ? [part.text] : [],
        );
        d.assistant(texts.join(''));
        for (const part of parts) if (isObject(part.functionCall)) this.call(part.functionCall);
        return undefined;
      }
      case 'tool_result': {
        const status = isObject(line.toolCallResult) ? str(line.toolCallResult.status) : undefined;
        for (const part of parts)
          if (isObject(part.functionResponse)) this.result(part.functionResponse, status);
        return undefined;
      }
      case 'system':
        this.system(line);
        return undefined;
      default:
        return typeLabel(line);
    }
  }

  private system(line: Line): void {
    const payload = isObject(line.systemPayload) ? line.systemPayload : {};
    if (line.subtype === 'custom_title' && typeof payload.customTitle === 'string')
      this.digest.title = payload.customTitle;
    if (line.subtype === 'parent_session') this.digest.parentSession ??= str(payload.parentSessionId);
  }

  private call(call: Record<string, unknown>): void {
    const d = this.digest;
    const name = str(call.name) ?? 'tool';
    const args = isObject(call.args) ? call.args : {};
    const id = str(call.id) ?? '';
    const path = str(args.file_path) ?? str(args.path) ?? str(args.absolute_path);
    d.tool(name);
    if (name === 'run_shell_command') this.pending.set(id, { name, run: d.command(str(args.command) ?? '') });
    else if (name === 'write_file') this.pending.set(id, { name, path, action: 'written' });
    else if (name === 'edit' || name === 'replace') this.pending.set(id, { name, path, action: 'edited' });
    else this.pending.set(id, { name, path: path ?? str(args.pattern) ?? str(args.url) });
  }

  private result(response: Record<string, unknown>, status: string | undefined): void {
    const tool = this.pending.take(str(response.id) ?? '');
    if (!tool) return;
    const d = this.digest;
    const body = isObject(response.response) ? response.response : {};
    const output = str(body.output) ?? str(body.error) ?? '';
    const failed = status === 'error' || typeof body.error === 'string';
    if (tool.run) {
      const exit = /^Exit Code: (-?\d+)$/m.exec(output);
      if (exit) d.outcome(tool.run, { kind: 'exit', code: Number(exit[1]) }, output);
      else if (status === 'cancelled') d.outcome(tool.run, { kind: 'interrupted' });
      else if (failed) d.outcome(tool.run, { kind: 'error', detail: firstLine(output) || 'failed' });
      else d.outcome(tool.run, { kind: 'ok' }, output);
    } else if (failed) d.error(tool.name, firstLine(output) || 'failed', tool.path);
    else if (tool.path && tool.action) d.file(tool.path, tool.action);
  }
}
