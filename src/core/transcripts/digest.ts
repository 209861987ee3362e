// What a mechanical draft keeps of a transcript while it streams past: bounded whatever the transcript's size — the
// first prompt, the last assistant message, capped lists of files, commands, errors and plan items, and counts.
import { isAbsolute, posix } from 'node:path';
import type { HarnessName } from '../../harnesses/registry.js';
import { type LeadIn, parseLeadIn } from '../notes/lead-in.js';
import type { ConversationTail } from './conversation.js';
import { isPushedTurn } from './injected.js';
import { detach, realPrompt, snippet, stripAnsi, testSummary } from './text.js';

/** The harness whose transcript a digest read (one with a transcript.ts in src/harnesses/<name>/). */
export type Harness = HarnessName;

/** Caps on what a digest keeps (the counts go on whatever the transcript holds). */
export const DIGEST_LIMITS = {
  promptChars: 4000,
  laterPrompts: 5,
  laterPromptChars: 300,
  assistantChars: 8000,
  files: 300,
  commands: 40,
  commandChars: 300,
  errors: 20,
  errorChars: 300,
  planItems: 30,
  planChars: 200,
  subagents: 10,
  tools: 50,
  unknownTypes: 30,
  /** Tool calls waiting for their result; the oldest is forgotten first. */
  pending: 2000,
} as const;

export type Outcome =
  | { kind: 'exit'; code: number }
  | { kind: 'ok' }
  | { kind: 'error'; detail: string }
  | { kind: 'background' }
  | { kind: 'interrupted' };

export interface CommandRun {
  /** The command line as run (a snippet of it; see `snippet`). */
  command: string;
  outcome?: Outcome;
  /** The test runner's summary line, when its output had one. */
  tests?: string;
  /** By the person (pi's `!` commands), not the agent. */
  byUser?: boolean;
}

export type FileAction = 'created' | 'edited' | 'written' | 'deleted' | 'moved';

export interface FileChange {
  /** As the tool call named it, made absolute against the session's folder when it was relative. */
  path: string;
  actions: FileAction[];
}

export interface ToolError {
  tool: string;
  /** What the tool acted on: a command line or a path. */
  subject?: string;
  message: string;
}

export interface PlanItem {
  text: string;
  status: string;
}

/** The first prompt, the last few after it, and how many there were. */
export class PromptLog {
  first?: string;
  readonly recent: string[] = [];
  count = 0;

  /** The session was started by `baton continue`: where its lead-in says it comes from. */
  leadIn?: LeadIn;

  add(prompt: string): void {
    // baton's lead-in is not the person's request (never a prompt): the session carries on its parent's goal.
    const leadIn = parseLeadIn(prompt);
    if (leadIn) {
      this.leadIn ??= leadIn;
      return;
    }
    this.count++;
    if (this.first === undefined) {
      this.first = snippet(prompt, DIGEST_LIMITS.promptChars).text || '(a prompt too long to quote)';
      return;
    }
    this.recent.push(snippet(prompt, DIGEST_LIMITS.laterPromptChars).text || '(a long prompt)');
    if (this.recent.length > DIGEST_LIMITS.laterPrompts) this.recent.shift();
  }
}

/** A bounded map: the oldest key goes when it is full (tool calls whose result never came). */
export class Pending<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly limit: number = DIGEST_LIMITS.pending) {}

  set(key: string, value: T): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
  }

  get(key: string): T | undefined {
    return this.map.get(key);
  }

  take(key: string): T | undefined {
    const value = this.map.get(key);
    this.map.delete(key);
    return value;
  }

  values(): IterableIterator<T> {
    return this.map.values();
  }
}

/** Everything a draft is made of. Adapters fill it line by line; `render` turns it into six sections. */
export class TranscriptDigest {
  harness?: Harness;
  version?: string;
  sessionId?: string;
  parentSession?: string;
  cwd?: string;
  /** A title the harness stored (a session summary or a name the person gave it). */
  title?: string;
  startedAt?: string;
  endedAt?: string;
  prompts = new PromptLog();

  /** Where a session `baton continue` started comes from (its lead-in), else undefined. */
  get continued(): LeadIn | undefined {
    return this.prompts.leadIn;
  }
  /** Prompts after the last assistant message (a request that got no reply). */
  unanswered = 0;
  /** When the newest turn began (the transcript's time): a prompt, or mail or a request baton pushed at a stop. */
  lastTurnAt?: string;
  /** When the newest assistant message was written (the transcript's time). */
  lastReplyAt?: string;
  lastAssistant?: string;
  lastAssistantCut = false;
  assistantMessages = 0;
  /** The conversation's newest turns, kept only when the reader asks for them (a generated handoff reads them). */
  conversation?: ConversationTail;
  /** How the session's last turn ended when it was cut short (`its last turn was interrupted by the person`). */
  interrupted?: string;
  readonly files = new Map<string, FileChange>();
  filesOmitted = 0;
  readonly commands: CommandRun[] = [];
  commandCount = 0;
  failedCommands = 0;
  readonly errors: ToolError[] = [];
  errorCount = 0;
  /** The last plan or todo list the agent wrote (Claude TodoWrite, Codex update_plan, Gemini write_todos). */
  plan?: PlanItem[];
  /** What the agent said about its plan when it wrote one (Codex update_plan explanations), last first. */
  readonly planNotes: string[] = [];
  readonly subagents: string[] = [];
  subagentCount = 0;
  readonly tools = new Map<string, number>();
  // Line accounting (filled by the reader).
  lines = 0;
  readonly unknownTypes = new Map<string, number>();
  unknownLines = 0;
  invalidLines = 0;
  overlongLines = 0;
  truncatedLastLine = false;

  /** Notes a line's time: the first one seen starts the session, the last one ends it. */
  time(timestamp: unknown): void {
    if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) return;
    this.startedAt ??= detach(timestamp);
    this.endedAt = detach(timestamp);
  }

  /**
   * A user message's text as a reader found it: a prompt when a person typed it (baton's and the harness's injected
   * blocks cut out); a new turn too when it is mail or a request baton pushed into the session.
   */
  userText(text: string): void {
    const prompt = realPrompt(text);
    if (prompt !== undefined) this.prompt(prompt);
    else if (isPushedTurn(text)) this.turn();
  }

  /** A new turn began now that no person typed (mail or a request baton pushed at a stop). */
  turn(): void {
    this.lastTurnAt = this.endedAt;
  }

  prompt(text: string): void {
    this.lastTurnAt = this.endedAt;
    this.prompts.add(text);
    this.conversation?.add('user', text);
    this.unanswered++;
    // A prompt after the last reply starts a new turn: an interruption before it is history.
    this.interrupted = undefined;
  }

  assistant(text: string, append = false): void {
    if (text.trim() === '') return;
    this.conversation?.add('assistant', text, append);
    const joined = append && this.lastAssistant !== undefined ? `${this.lastAssistant}\n\n${text}` : text;
    const kept = snippet(joined, DIGEST_LIMITS.assistantChars);
    this.lastAssistant = kept.text || '(a message too long to quote)';
    this.lastAssistantCut = kept.cut;
    if (!append) this.assistantMessages++;
    this.lastReplyAt = this.endedAt;
    this.unanswered = 0;
    this.interrupted = undefined;
  }

  /** A file written or edited; `path` relative to `base` (a tool call's folder, else the session's) is resolved. */
  file(path: string, action: FileAction, base = this.cwd): void {
    if (path.trim() === '') return;
    const absolute = !isAbsolute(path) && base ? posix.join(base, path) : path;
    const known = this.files.get(absolute);
    if (known) {
      if (known.actions.at(-1) !== action && known.actions.length < 4) known.actions.push(action);
      return;
    }
    if (this.files.size >= DIGEST_LIMITS.files) {
      this.filesOmitted++;
      return;
    }
    this.files.set(detach(absolute), { path: detach(absolute), actions: [action] });
  }

  command(command: string, byUser = false): CommandRun {
    this.commandCount++;
    const run: CommandRun = {
      command: snippet(command, DIGEST_LIMITS.commandChars).text || '(a long command)',
    };
    if (byUser) run.byUser = true;
    this.commands.push(run);
    if (this.commands.length > DIGEST_LIMITS.commands) this.commands.shift();
    return run;
  }

  /**
   * Sets a command's outcome once (a later report of the same run is ignored). `output` gives the test summary and,
   * for a failure, the error line recorded under pitfalls.
   */
  outcome(run: CommandRun, outcome: Outcome, output = ''): void {
    if (run.outcome && run.outcome.kind !== 'background') return;
    run.outcome = outcome;
    const tests = output ? testSummary(output) : undefined;
    if (tests) run.tests = tests;
    const failed = (outcome.kind === 'exit' && outcome.code !== 0) || outcome.kind === 'error';
    if (!failed) {
      if (outcome.kind === 'ok' || outcome.kind === 'exit')
        for (const path of removedFiles(run.command)) this.file(path, 'deleted');
      return;
    }
    this.failedCommands++;
    const why = outcome.kind === 'exit' ? `exit ${outcome.code}` : outcome.detail;
    const first = firstOutputLine(output);
    this.error('command', first ? `${why}: ${first}` : why, run.command);
  }

  error(tool: string, message: string, subject?: string): void {
    this.errorCount++;
    const text = snippet(message.trim(), DIGEST_LIMITS.errorChars).text || '(a long error)';
    this.errors.push({
      tool: detach(tool.slice(0, 60)),
      message: text,
      subject: subject === undefined ? undefined : snippet(subject, DIGEST_LIMITS.commandChars).text,
    });
    if (this.errors.length > DIGEST_LIMITS.errors) this.errors.shift();
  }

  setPlan(items: PlanItem[], note?: string): void {
    this.plan = items.slice(0, DIGEST_LIMITS.planItems).map((item) => ({
      text: snippet(item.text, DIGEST_LIMITS.planChars).text,
      status: detach(item.status.slice(0, 20)),
    }));
    if (note && note.trim() !== '') {
      this.planNotes.unshift(snippet(note.trim(), DIGEST_LIMITS.planChars * 2).text);
      if (this.planNotes.length > 3) this.planNotes.pop();
    }
  }

  subagent(description: string): void {
    this.subagentCount++;
    if (this.subagents.length < DIGEST_LIMITS.subagents) {
      this.subagents.push(snippet(description, DIGEST_LIMITS.planChars).text);
    }
  }

  tool(name: string): void {
    const known = this.tools.get(name);
    if (known !== undefined) this.tools.set(name, known + 1);
    else if (this.tools.size < DIGEST_LIMITS.tools) this.tools.set(detach(name.slice(0, 60)), 1);
  }

  unknown(type: string): void {
    this.unknownLines++;
    const name = type.slice(0, 40);
    const known = this.unknownTypes.get(name);
    if (known !== undefined) this.unknownTypes.set(name, known + 1);
    else if (this.unknownTypes.size < DIGEST_LIMITS.unknownTypes) this.unknownTypes.set(detach(name), 1);
  }
}

/** The files a plain `rm a b` (or `git rm`) removes; nothing for a command with quotes, globs, variables or pipes. */
export function removedFiles(command: string): string[] {
  const match = /^\s*(?:git\s+)?rm\s+([^\n;&|<>$`*?(){}[\]!~'"\\]+)$/.exec(command);
  if (!match) return [];
  return match[1]!
    .trim()
    .split(/\s+/)
    .filter((word) => !word.startsWith('-'));
}

// The line that says why a command failed: an `error`/`Error` line when there is one near the start, else the first.
function firstOutputLine(output: string): string {
  const head = stripAnsi(output.slice(0, 8192))
    .split('\n')
    .map((line) => line.trim());
  const error = head.find((line) => /\b(error|failed|fail|fatal|not found|no such)\b/i.test(line));
  return snippet(error ?? head.find((line) => line !== '') ?? '', 200).text;
}
