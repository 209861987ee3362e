// opencode sessions as baton's plugin writes them (`~/.local/state/baton/opencode/<session>.jsonl`, see
// wiring-plugin.ts): opencode 1.x keeps its sessions in SQLite (`~/.local/share/opencode/opencode.db`), which Node 20
// cannot read without a native module, and `opencode export <id>` starts the whole CLI (seconds). So the plugin, which
// holds opencode's own client, writes what `opencode export` prints, one JSON object per line: an `opencode.session`
// line (the session's info) and an `opencode.message` line per message (`info` and its `parts`, as opencode's API
// returns them; long texts cut by the plugin). Parts baton's plugin added (`synthetic`: the index, mail) are not the
// person's words and are skipped.
import {
  type Line,
  type TranscriptAdapter,
  type TranscriptReader,
  typeLabel,
} from '../../core/transcripts/adapter.js';
import type { CommandRun, FileAction, TranscriptDigest } from '../../core/transcripts/digest.js';
import { firstLine, isObject, realPrompt, str } from '../../core/transcripts/text.js';

export const SESSION_LINE = 'opencode.session';
export const MESSAGE_LINE = 'opencode.message';

// Parts that say nothing a draft uses: steps, snapshots, reasoning, files attached, retries.
const QUIET_PARTS = new Set([
  'step-start',
  'step-finish',
  'snapshot',
  'patch',
  'reasoning',
  'file',
  'agent',
  'retry',
  'compaction',
]);

const WRITE_TOOLS: Record<string, FileAction> = { write: 'written', edit: 'edited', multiedit: 'edited' };
const PATCH_TOOLS = new Set(['patch', 'apply_patch']);
const SHELL_TOOLS = new Set(['bash', 'shell']);

export const transcript: TranscriptAdapter = {
  harness: 'opencode',
  detects: (line) =>
    (line.type === SESSION_LINE && isObject(line.info) && typeof line.info.id === 'string') ||
    (line.type === MESSAGE_LINE && isObject(line.info) && typeof line.info.sessionID === 'string'),
  reader: (digest) => new OpencodeReader(digest),
};

class OpencodeReader implements TranscriptReader {
  constructor(private readonly digest: TranscriptDigest) {}

  read(line: Line): string | undefined {
    const info = isObject(line.info) ? line.info : undefined;
    if (!info) return typeLabel(line);
    if (line.type === SESSION_LINE) {
      this.session(info);
      return undefined;
    }
    if (line.type !== MESSAGE_LINE) return typeLabel(line);
    const d = this.digest;
    d.sessionId ??= str(info.sessionID);
    d.time(isoTime(isObject(info.time) ? info.time.created : undefined));
    const parts = Array.isArray(line.parts) ? line.parts.filter(isObject) : [];
    switch (info.role) {
      case 'user':
        this.user(parts);
        return undefined;
      case 'assistant':
        this.assistant(info, parts);
        return undefined;
      default:
        return `message:${typeof info.role === 'string' ? info.role : '(no role)'}`;
    }
  }

  private session(info: Record<string, unknown>): void {
    const d = this.digest;
    d.sessionId ??= str(info.id);
    const folder = str(info.directory);
    if (folder?.startsWith('/')) d.cwd ??= folder;
    if (typeof info.version === 'string') d.version ??= `opencode ${info.version}`;
    // opencode names a session "New session - <time>" until its title is made.
    const title = str(info.title);
    if (title && !/^(New|Child) session - /.test(title)) d.title = title;
    if (isObject(info.time)) d.time(isoTime(info.time.created));
  }

  private user(parts: Record<string, unknown>[]): void {
    const d = this.digest;
    const texts: string[] = [];
    for (const part of parts) {
      if (part.synthetic === true || part.ignored === true) continue;
      if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      else if (part.type === 'subtask') d.subagent(str(part.description) ?? str(part.prompt) ?? 'a task');
    }
    const prompt = realPrompt(texts.join('\n'));
    if (prompt !== undefined) d.prompt(prompt);
  }

  private assistant(info: Record<string, unknown>, parts: Record<string, unknown>[]): void {
    const d = this.digest;
    // A compaction's summary is opencode's, not a reply.
    if (info.summary === true) return;
    const folder = isObject(info.path) ? str(info.path.cwd) : undefined;
    if (folder?.startsWith('/')) d.cwd ??= folder;
    const texts: string[] = [];
    for (const part of parts) {
      if (part.type === 'text' && typeof part.text === 'string' && part.synthetic !== true)
        texts.push(part.text);
      else if (part.type === 'tool') this.tool(part);
      else if (typeof part.type !== 'string' || !QUIET_PARTS.has(part.type))
        d.unknown(`part:${String(part.type)}`);
    }
    d.assistant(texts.join('\n\n'));
    const error = isObject(info.error) ? info.error : undefined;
    if (error) {
      const name = str(error.name) ?? 'error';
      if (name === 'MessageAbortedError') d.interrupted = 'its last reply was aborted';
      else {
        const data = isObject(error.data) ? error.data : {};
        d.error('model', firstLine(str(data.message) ?? '') || name);
      }
    }
  }

  private tool(part: Record<string, unknown>): void {
    const d = this.digest;
    const name = str(part.tool) ?? 'tool';
    const state = isObject(part.state) ? part.state : {};
    const status = str(state.status);
    const input = isObject(state.input) ? state.input : {};
    const output = str(state.output) ?? '';
    const failed = status === 'error';
    const why = firstLine(str(state.error) ?? '') || 'failed';
    d.tool(name);
    if (SHELL_TOOLS.has(name)) {
      const run: CommandRun = d.command(str(input.command) ?? '');
      const metadata = isObject(state.metadata) ? state.metadata : {};
      if (typeof metadata.exit === 'number') d.outcome(run, { kind: 'exit', code: metadata.exit }, output);
      else if (failed) d.outcome(run, { kind: 'error', detail: why });
      else if (status === 'completed') d.outcome(run, { kind: 'ok' }, output);
      return;
    }
    if (name === 'todowrite' && Array.isArray(input.todos)) {
      d.setPlan(
        input.todos
          .filter(isObject)
          .map((todo) => ({ text: str(todo.content) ?? '', status: str(todo.status) ?? 'pending' })),
      );
      return;
    }
    if (name === 'task') {
      d.subagent(str(input.description) ?? str(input.prompt) ?? 'a task');
      return;
    }
    const path = str(input.filePath) ?? str(input.path);
    if (failed) {
      d.error(name, why, path ?? str(input.pattern));
      return;
    }
    // A call still pending or running when the session was written: what it did is not known yet.
    if (status !== 'completed') return;
    const action = WRITE_TOOLS[name];
    if (action && path) d.file(path, action);
    else if (PATCH_TOOLS.has(name)) {
      for (const change of patchedFiles(str(input.patchText) ?? str(input.patch) ?? '')) {
        d.file(change.path, change.action);
      }
    }
  }
}

/** The files an apply_patch text adds, updates, deletes or moves. */
function patchedFiles(patch: string): { path: string; action: FileAction }[] {
  const out: { path: string; action: FileAction }[] = [];
  const actions: Record<string, FileAction> = { Add: 'created', Update: 'edited', Delete: 'deleted' };
  for (const match of patch.matchAll(/^\*\*\* (?:(Add|Update|Delete) File|Move to): (.+)$/gm)) {
    const path = match[2]!.trim();
    if (path) out.push({ path, action: match[1] ? actions[match[1]]! : 'moved' });
  }
  return out;
}

/** opencode's times are milliseconds since the epoch. */
function isoTime(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? new Date(value).toISOString()
    : undefined;
}
