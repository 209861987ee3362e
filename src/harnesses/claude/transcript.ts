// Claude Code transcripts (`~/.claude/projects/<folder>/<session-id>.jsonl`): one object per line — user,
// assistant, system, summary, snapshots, progress; tools are `tool_use` blocks answered by `tool_result` blocks.
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
  PromptLog,
  type TranscriptDigest,
} from '../../core/transcripts/digest.js';
import { isPushedTurn } from '../../core/transcripts/injected.js';
import {
  contentText,
  firstLine,
  isInterruption,
  isObject,
  realPrompt,
  str,
} from '../../core/transcripts/text.js';
import { isQwenRecord } from '../qwen/transcript.js';

// Line types Claude Code writes that a draft has no use for (or reads only for ids and times).
const QUIET = new Set([
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'attachment',
  'agent-name',
  'tag',
  'last-prompt',
  'pr-link',
]);
const DETECTING = new Set(['summary', 'file-history-snapshot', 'queue-operation', 'custom-title']);

interface PendingTool {
  name: string;
  path?: string;
  action?: FileAction;
  run?: CommandRun;
  background?: boolean;
  subject?: string;
}

export const transcript: TranscriptAdapter = {
  harness: 'claude',
  detects(line) {
    const type = line.type;
    // Qwen Code's records look like Claude Code's (uuid, sessionId, type), with Gemini-style message parts.
    if (isQwenRecord(line)) return false;
    if (type === 'user' || type === 'assistant') {
      return isObject(line.message) && (typeof line.sessionId === 'string' || typeof line.uuid === 'string');
    }
    if (type === 'progress' || type === 'system') return typeof line.sessionId === 'string';
    return typeof type === 'string' && DETECTING.has(type);
  },
  reader: (digest) => new ClaudeReader(digest),
};

class ClaudeReader implements TranscriptReader {
  private readonly pending = new Pending<PendingTool>();
  private lastMessageId?: string;
  // A sub-agent's own transcript has only sidechain lines: they are read aside and used when nothing else is there.
  private readonly side = {
    prompts: new PromptLog(),
    assistant: undefined as string | undefined,
    agentId: '',
  };
  private customTitle = false;
  private readonly summaries = new Pending<string>(50);

  constructor(private readonly digest: TranscriptDigest) {}

  read(line: Line): string | undefined {
    const d = this.digest;
    d.time(line.timestamp);
    if (typeof line.sessionId === 'string') d.sessionId ??= line.sessionId;
    if (typeof line.cwd === 'string') d.cwd ??= line.cwd;
    if (typeof line.version === 'string') d.version ??= line.version;
    const summary = typeof line.uuid === 'string' ? this.summaries.get(line.uuid) : undefined;
    if (summary !== undefined && !this.customTitle) d.title = summary;
    switch (line.type) {
      case 'user':
        this.user(line);
        return undefined;
      case 'assistant':
        this.assistant(line);
        return undefined;
      case 'summary':
        // A summary names the conversation ending at its leaf; one whose leaf is not in this file is about another
        // (an earlier session this one resumed), so it only counts once its leaf line is seen.
        if (typeof line.summary === 'string' && typeof line.leafUuid === 'string') {
          this.summaries.set(line.leafUuid, line.summary);
        }
        return undefined;
      case 'custom-title':
        // A name the person gave the session wins over a generated summary.
        if (typeof line.customTitle === 'string') {
          d.title = line.customTitle;
          this.customTitle = true;
        }
        return undefined;
      case 'system':
        if (line.level === 'error' && typeof line.content === 'string')
          d.error('system', firstLine(line.content));
        return undefined;
      default:
        return typeof line.type === 'string' && QUIET.has(line.type) ? undefined : typeLabel(line);
    }
  }

  finish(): void {
    const d = this.digest;
    // Edits whose result never came (the transcript ends mid-call) still count: the file may have changed.
    for (const tool of this.pending.values()) if (tool.path && tool.action) d.file(tool.path, tool.action);
    if (
      d.prompts.count === 0 &&
      d.assistantMessages === 0 &&
      (this.side.prompts.count > 0 || this.side.assistant)
    ) {
      d.prompts = this.side.prompts;
      if (this.side.assistant) d.assistant(this.side.assistant);
      if (this.side.agentId && d.sessionId) {
        d.parentSession = d.sessionId;
        d.sessionId = `agent-${this.side.agentId}`;
      }
    }
  }

  private user(line: Line): void {
    const message = line.message;
    if (!isObject(message)) return;
    const side = line.isSidechain === true;
    if (side && typeof line.agentId === 'string') this.side.agentId ||= line.agentId;
    const content = message.content;
    const texts: string[] = [];
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) {
      for (const block of content) {
        if (!isObject(block)) continue;
        if (block.type === 'tool_result') this.result(block, line.toolUseResult);
        else if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      }
    }
    if (texts.length === 0) return;
    const text = texts.join('\n');
    if (isInterruption(text)) {
      if (!side) this.digest.interrupted = 'its last turn was interrupted by the person';
      return;
    }
    // Meta lines are harness injections (caveats, skill bodies); a compact summary restates earlier work.
    if (line.isMeta === true || line.isCompactSummary === true || line.isVisibleInTranscriptOnly === true)
      return;
    const prompt = realPrompt(text);
    if (prompt === undefined) {
      // Mail or a request baton pushed with a stop block: no prompt, but a turn.
      if (!side && isPushedTurn(text)) this.digest.turn();
      return;
    }
    if (side) this.side.prompts.add(prompt);
    else this.digest.prompt(prompt);
  }

  private assistant(line: Line): void {
    const message = line.message;
    if (!isObject(message)) return;
    const content = message.content;
    const texts: string[] = [];
    if (Array.isArray(content)) {
      for (const block of content) {
        if (!isObject(block)) continue;
        if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
        else if (block.type === 'tool_use') this.toolUse(block);
      }
    } else if (typeof content === 'string') texts.push(content);
    const text = texts.join('\n\n');
    if (line.isApiErrorMessage === true) {
      this.digest.error('api', firstLine(text) || 'API error');
      return;
    }
    if (text.trim() === '') return;
    if (line.isSidechain === true) {
      this.side.assistant = text;
      return;
    }
    // One reply is written as several lines (a text block, then each tool call) sharing the message id.
    const id = str(message.id);
    this.digest.assistant(text, id !== undefined && id === this.lastMessageId);
    this.lastMessageId = id;
  }

  private toolUse(block: Record<string, unknown>): void {
    const d = this.digest;
    const id = str(block.id) ?? '';
    const name = str(block.name) ?? 'tool';
    const input = isObject(block.input) ? block.input : {};
    d.tool(name);
    switch (name) {
      case 'Write':
        this.pending.set(id, { name, path: str(input.file_path), action: 'written' });
        return;
      case 'Edit':
      case 'MultiEdit':
        this.pending.set(id, { name, path: str(input.file_path), action: 'edited' });
        return;
      case 'NotebookEdit':
        this.pending.set(id, { name, path: str(input.notebook_path), action: 'edited' });
        return;
      case 'Bash': {
        const run = d.command(str(input.command) ?? '');
        this.pending.set(id, { name, run, background: input.run_in_background === true });
        return;
      }
      case 'TodoWrite':
        if (Array.isArray(input.todos)) {
          d.setPlan(
            input.todos.filter(isObject).map((todo) => ({
              text: str(todo.content) ?? '',
              status: str(todo.status) ?? 'pending',
            })),
          );
        }
        return;
      case 'Task':
      case 'Agent': {
        const description = str(input.description) ?? '';
        const type = str(input.subagent_type);
        d.subagent(type ? `${type}: ${description}` : description);
        this.pending.set(id, { name, subject: description });
        return;
      }
      default:
        this.pending.set(id, {
          name,
          subject:
            str(input.file_path) ??
            str(input.path) ??
            str(input.pattern) ??
            str(input.url) ??
            str(input.query),
        });
    }
  }

  private result(block: Record<string, unknown>, toolUseResult: unknown): void {
    const tool = this.pending.take(str(block.tool_use_id) ?? '');
    if (!tool) return;
    const d = this.digest;
    const failed = block.is_error === true;
    const text = contentText(block.content);
    const details = isObject(toolUseResult) ? toolUseResult : {};
    if (tool.run) {
      const exit = /^Exit code (\d+)/.exec(text.trimStart());
      if (exit)
        d.outcome(
          tool.run,
          { kind: 'exit', code: Number(exit[1]) },
          text.replace(/^\s*Exit code \d+\s*/, ''),
        );
      else if (failed) d.outcome(tool.run, { kind: 'error', detail: toolError(text) || 'failed' });
      else if (details.interrupted === true) d.outcome(tool.run, { kind: 'interrupted' }, text);
      else if (tool.background || typeof details.backgroundTaskId === 'string') {
        d.outcome(tool.run, { kind: 'background' });
      } else d.outcome(tool.run, { kind: 'ok' }, text);
      return;
    }
    if (failed) {
      d.error(tool.name, toolError(text) || 'failed', tool.path ?? tool.subject);
      return;
    }
    if (tool.path && tool.action) {
      const action = tool.action === 'written' && details.type === 'create' ? 'created' : tool.action;
      d.file(tool.path, action);
    }
  }
}

// A tool error's first line, without Claude's `<tool_use_error>` wrapper.
function toolError(text: string): string {
  return firstLine(text.replace(/<\/?tool_use_error>/g, ''));
}
