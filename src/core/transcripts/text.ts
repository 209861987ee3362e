// Reading meaning out of transcript text mechanically: which user text is a real prompt, exit codes and test
// summaries in tool output, open items at the end of a message, and snippets that never keep half a secret.
import { withoutInjected } from './injected.js';

// Wrappers harnesses put around text that the person did not type: slash and local commands, hook and system
// injections, context blocks, interruption markers, resumed-session summaries.
const INJECTED_PREFIXES = [
  '<command-name>',
  '<command-message>',
  '<command-args>',
  '<command-stdout>',
  '<local-command-',
  '<system-reminder>',
  '<user-prompt-submit-hook>',
  '<bash-input>',
  '<bash-stdout>',
  '<bash-stderr>',
  '<task-notification>',
  '<environment_context>',
  '<user_instructions>',
  '<user_shell_command>',
  '<permissions instructions>',
  '<instructions>',
  '<turn_aborted>',
  '<hook_prompt',
  '<subagent_notification>',
  '<session_context>',
  'this is the gemini cli. we are setting up the context',
  '# agents.md instructions',
  'caveat: the messages below were generated',
  '[request interrupted by user',
  'this session is being continued from a previous conversation',
  'stop hook feedback:',
];

const SYSTEM_REMINDER = /<system-reminder>[\s\S]*?<\/system-reminder>/g;

/**
 * The prompt a person typed, from a user message's text; undefined when the text is a harness injection (a
 * slash or local command, a hook or system block, an environment or AGENTS.md context, an interruption marker).
 * Reminder blocks inside a real prompt are removed.
 */
export function realPrompt(text: string): string | undefined {
  if (isHarnessInjection(text)) return undefined;
  // baton's own blocks (the index, mail, a pending request) in any harness's wrapping: cut out, the rest is kept.
  const trimmed = withoutInjected(text.trim()).trim();
  if (trimmed === '' || isHarnessInjection(trimmed)) return undefined;
  // A bare slash command (`/clear`, `/mcp`); a prompt that starts with a path (`/etc/hosts is …`) is kept.
  if (/^\/[\w:.-]+$/.test(trimmed)) return undefined;
  const cleaned = trimmed.replace(SYSTEM_REMINDER, '').trim();
  return cleaned === '' ? undefined : cleaned;
}

function isHarnessInjection(text: string): boolean {
  const lower = text.trim().slice(0, 80).toLowerCase();
  return lower === '' || INJECTED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** Whether user text marks an interruption by the person (Claude's `[Request interrupted by user…]`). */
export function isInterruption(text: string): boolean {
  return text.trimStart().startsWith('[Request interrupted by user');
}

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export function stripAnsi(text: string): string {
  return text.includes('\u001b') ? text.replace(ANSI, '') : text;
}

/** The first line of `text` with content, trimmed, without ANSI escapes; '' when there is none. */
export function firstLine(text: string): string {
  for (const line of stripAnsi(text.slice(0, 64 * 1024)).split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '') return trimmed;
  }
  return '';
}

// Test runners' summary lines: vitest (`Tests  1 failed | 15 passed (16)`), jest (`Tests: 1 failed, 3 total`),
// pytest (`=== 3 passed, 1 failed in 0.5s ===`), cargo (`test result: ok. 5 passed; 0 failed`), mocha
// (`5 passing`, `1 failing`), node:test (`# pass 5`, `# fail 0`).
const SUMMARY_PATTERNS: RegExp[] = [
  /^\s*(Tests:?\s+.*\b\d+ (?:passed|failed)\b.*)$/,
  /^=+ (.*\b\d+ (?:passed|failed|errors?)\b.*?) =+$/,
  /^\s*(test result: (?:ok|FAILED)\. .*)$/,
  /^\s*(\d+ (?:passing|failing)\b.*)$/,
  /^# ((?:pass|fail) \d+)$/,
];

/**
 * The test summary a command's output ends with, when it says one (`Tests  16 passed (16)`), else undefined.
 * Only the output's last 64 KiB are read: runners print their summary at the end.
 */
export function testSummary(output: string): string | undefined {
  const tail = stripAnsi(output.length > 65536 ? output.slice(-65536) : output);
  let found: string | undefined;
  const nodeTest: string[] = [];
  for (const line of tail.split('\n')) {
    for (const pattern of SUMMARY_PATTERNS) {
      const match = pattern.exec(line.trimEnd());
      if (!match) continue;
      if (pattern === SUMMARY_PATTERNS[4]) nodeTest.push(match[1]!);
      else found = match[1]!.replace(/\s+/g, ' ').trim();
      break;
    }
  }
  if (found === undefined && nodeTest.length > 0) found = nodeTest.slice(-2).join(', ');
  return found === undefined ? undefined : detach(found.slice(0, 160));
}

/**
 * Open items from the end of a message: the list under its last "Next steps" / "TODO" / "Remaining" / "Follow-ups"
 * / "Open questions" heading or label, and the questions among its last lines. At most `max` items.
 */
export function openItems(message: string, max = 10): string[] {
  const lines = message.split('\n');
  const items: string[] = [];
  const label =
    /^(?:#{1,6}\s*|\*\*)?[^\w]*\s*(?:next steps?|to ?do|remaining( work| items)?|follow[- ]?ups?|open (?:items|questions)|still to do)\b[^\n]*$/i;
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (label.test(lines[i]!.trim())) {
      start = i;
      break;
    }
  }
  if (start !== -1) {
    for (let i = start + 1; i < lines.length && items.length < max; i++) {
      const line = lines[i]!.trim();
      if (line === '') continue;
      const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
      if (!item) break;
      items.push(plain(item[1]!));
    }
  }
  for (const line of lines.slice(-12)) {
    const text = plain(line.replace(/^(?:[-*+]|\d+[.)])\s+/, '').trim());
    if (text.endsWith('?') && !items.includes(text) && items.length < max) items.push(text);
  }
  return items;
}

// Markdown emphasis and code marks off, for one-line items.
function plain(text: string): string {
  return text.replace(/\*\*|__/g, '').trim();
}

/**
 * The start of `text`, at most about `max` characters, cut at a whitespace so that no token (a secret the
 * redactor would recognise whole) is ever kept in part; a first run of `max` characters without a space is
 * dropped. The copy does not keep the (possibly huge) source string alive.
 */
export function snippet(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text: detach(text), cut: false };
  const window = text.slice(0, max + 1);
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'), window.lastIndexOf('\t'));
  if (space <= 0) return { text: '', cut: true };
  return { text: detach(window.slice(0, space).trimEnd()), cut: true };
}

/** A flat copy of a short string: a slice of a large string would keep the large one in memory. */
export function detach(text: string): string {
  return text.length < 16 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/** Text from a content value: a string, or an array of `{text}` / `{type:'text', text}` parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (isObject(part) && typeof part.text === 'string' && part.type !== 'thinking')
      parts.push(part.text);
  }
  return parts.join('\n');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
