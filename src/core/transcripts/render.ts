// A digest as the six sections of a raw handoff: what the transcript shows, quoted or listed, and "unknown" or
// "not run" for what it cannot tell. Every text taken from the transcript is redacted before it is formatted.

import { isAbsolute, relative, sep } from 'node:path';
import { harnessLabel } from '../../harnesses/registry.js';
import type { CarriedGoal } from '../notes/carried-goal.js';
import type { SectionKey } from '../notes/sections.js';
import type { CommandRun, FileChange, Outcome, TranscriptDigest } from './digest.js';
import { openItems, snippet } from './text.js';

export interface RenderOptions {
  /** The transcript file, named in the read-first list. */
  transcriptPath: string;
  /** Redacts one text (before it is quoted or wrapped, so formatting never splits a secret from its context). */
  redact(text: string): string;
  /** A continued session (its lead-in in the digest): the parent's goal it carries on, as the board holds it. */
  carried?: CarriedGoal;
}

/** The six sections of a raw draft. */
export function renderDraft(digest: TranscriptDigest, options: RenderOptions): Record<SectionKey, string> {
  const r = options.redact;
  return {
    goal: options.carried ? carriedGoal(digest, options.carried, r) : goal(digest, r),
    done: done(digest, r),
    state: state(digest, r),
    decisions: decisions(digest, r),
    pitfalls: pitfalls(digest, r),
    next: next(digest, options),
  };
}

/** The note's title: the title the harness stored, else the first line of the first prompt, else the session. */
export function draftTitle(
  digest: TranscriptDigest,
  redact: (text: string) => string,
  carried?: CarriedGoal,
): string {
  const source = digest.title ?? digest.prompts.first?.split('\n').find((line) => line.trim() !== '');
  const title = source ? snippet(redact(source).replace(/\s+/g, ' ').trim(), 120).text : '';
  if (title) return title;
  // A continued session nobody typed in: the parent's title, carried on.
  if (carried?.found) return `${snippet(redact(carried.found.title), 100).text} (continued)`;
  const harness = digest.harness ? harnessLabel(digest.harness) : 'A';
  return `${harness} session ${(digest.sessionId ?? '').slice(0, 8)}`.trim();
}

/** Short facts for the note's front matter. */
export function draftFacts(digest: TranscriptDigest): string[] {
  const facts = [
    `raw draft of a ${digest.harness ? harnessLabel(digest.harness) : 'harness'} transcript`,
    `files written or edited: ${digest.files.size + digest.filesOmitted}`,
    `commands: ${digest.commandCount} (${digest.failedCommands} failed)`,
    `tool errors: ${digest.errorCount}`,
  ];
  const tests = [...digest.commands].reverse().find((run) => run.tests)?.tests;
  if (tests) facts.push(`last test summary: ${tests}`);
  return facts;
}

function goal(d: TranscriptDigest, r: (text: string) => string): string {
  const prompts = d.prompts;
  if (prompts.first === undefined) return 'unknown — the transcript holds no prompt typed by a person.';
  const parts = ['The first request in the session:', quote(r(prompts.first))];
  if (prompts.count > 1) {
    const shown = prompts.recent.length;
    const head =
      shown < prompts.count - 1
        ? `Later requests (${prompts.count - 1}; the last ${shown}):`
        : `Later requests (${prompts.count - 1}):`;
    parts.push([head, ...prompts.recent.map((prompt) => `- ${oneLine(r(prompt))}`)].join('\n'));
  }
  return parts.join('\n\n');
}

// The goal of a session `baton continue` started: its parent's (never baton's lead-in), the request the person gave
// it, and what was typed in it afterwards.
function carriedGoal(d: TranscriptDigest, carried: CarriedGoal, r: (text: string) => string): string {
  const { found } = carried;
  const note = carried.note ?? found?.id;
  const from = `Carried on from session ${r(carried.session)}`;
  const parts: string[] = [];
  if (!found) {
    parts.push(
      note
        ? `${from} (note ${note}, not on this board: its goal is there).`
        : `${from} (its handoff is not on this board).`,
    );
  } else if (found.goal === undefined) {
    parts.push(`${from} (note ${found.id}, "${oneLine(r(found.title))}"), whose note states no goal.`);
  } else {
    parts.push(
      `${from} (note ${found.id}, "${oneLine(r(found.title))}"), whose goal was:`,
      quote(r(found.goal)),
    );
  }
  if (carried.request) parts.push('The request for this session:', quote(r(carried.request)));
  const prompts = d.prompts;
  if (prompts.first !== undefined) {
    const shown = 1 + prompts.recent.length;
    const head =
      shown < prompts.count
        ? `Requests typed in this session (${prompts.count}; the first and the last ${shown - 1}):`
        : `Requests typed in this session (${prompts.count}):`;
    const lines = [prompts.first, ...prompts.recent].map((prompt) => `- ${oneLine(r(prompt))}`);
    parts.push([head, ...lines].join('\n'));
  }
  return parts.join('\n\n');
}

function done(d: TranscriptDigest, r: (text: string) => string): string {
  const parts: string[] = [];
  const inside: FileChange[] = [];
  const outside: FileChange[] = [];
  for (const file of d.files.values()) (within(file.path, d.cwd) ? inside : outside).push(file);
  if (d.files.size === 0) parts.push('Files written or edited: none seen in the transcript.');
  else {
    const total = d.files.size + d.filesOmitted;
    const lines = inside.map(
      (file) => `- ${code(r(shown(file.path, d.cwd)))} — ${file.actions.join(', then ')}`,
    );
    const head = `Files written or edited (${total}${d.filesOmitted ? `; ${d.files.size} listed` : ''}):`;
    if (lines.length > 0) parts.push([head, ...lines].join('\n'));
    if (outside.length > 0) {
      const other = outside.map((file) => `- ${code(r(file.path))} — ${file.actions.join(', then ')}`);
      parts.push(
        [
          lines.length > 0
            ? 'Outside the session folder:'
            : `${head.slice(0, -1)}, outside the session folder:`,
        ]
          .concat(other)
          .join('\n'),
      );
    }
  }
  if (d.commandCount === 0) parts.push('Commands run: none (not run).');
  else {
    const listed = d.commands.length < d.commandCount ? `; the last ${d.commands.length} listed` : '';
    const head = `Commands run (${d.commandCount}, ${d.failedCommands} failed${listed}):`;
    parts.push(
      [head, ...d.commands.map((run) => `- ${code(r(firstLineOf(run.command)))} — ${outcome(run)}`)].join(
        '\n',
      ),
    );
  }
  if (!d.commands.some((run) => run.tests))
    parts.push('Tests: not run (no test runner summary in the output seen).');
  if (d.subagentCount > 0) {
    const head = `Sub-agent tasks (${d.subagentCount}):`;
    parts.push([head, ...d.subagents.map((task) => `- ${oneLine(r(task))}`)].join('\n'));
  }
  const tools = [...d.tools.entries()].filter(([name]) => !COUNTED_ELSEWHERE.has(name));
  if (tools.length > 0)
    parts.push(`Tools used: ${tools.map(([name, count]) => `${oneLine(r(name))} ×${count}`).join(', ')}.`);
  return parts.join('\n\n');
}

// Tools whose calls are already listed as files or commands.
const COUNTED_ELSEWHERE = new Set([
  'Bash',
  'bash',
  'exec_command',
  'write_stdin',
  'shell',
  'shell_command',
  'run_shell_command',
]);

function outcome(run: CommandRun): string {
  const text = outcomeText(run.outcome);
  const by = run.byUser ? ' (run by the person)' : '';
  return run.tests ? `${text} · ${run.tests}${by}` : `${text}${by}`;
}

function outcomeText(outcome: Outcome | undefined): string {
  if (!outcome) return 'outcome not in the transcript';
  switch (outcome.kind) {
    case 'exit':
      return `exit ${outcome.code}`;
    case 'ok':
      return 'ok';
    case 'error':
      return `failed: ${outcome.detail}`;
    case 'background':
      return 'started in the background (outcome not in the transcript)';
    case 'interrupted':
      return 'interrupted';
  }
}

function state(d: TranscriptDigest, r: (text: string) => string): string {
  const parts: string[] = [];
  if (d.lastAssistant === undefined) parts.push('unknown — the transcript holds no assistant message.');
  else {
    const cut = d.lastAssistantCut ? ' (its start; the rest is in the transcript)' : '';
    parts.push(`The last assistant message${cut}:`, quote(r(d.lastAssistant)));
  }
  if (d.unanswered > 0 && d.lastAssistant !== undefined) {
    parts.push(
      `After it, ${d.unanswered === 1 ? 'one request' : `${d.unanswered} requests`} got no reply in the transcript.`,
    );
  }
  if (d.interrupted) parts.push(`The session ended as ${d.interrupted}.`);
  parts.push(source(d));
  return parts.join('\n\n');
}

function source(d: TranscriptDigest): string {
  const harness = d.harness ? harnessLabel(d.harness) : 'unknown';
  const facts = [
    `a ${harness} transcript${d.version ? ` (${d.version})` : ''}`,
    `session ${d.sessionId ?? 'unknown'}`,
    `folder ${d.cwd ?? 'unknown'}`,
  ];
  if (d.startedAt) facts.push(`${d.startedAt} to ${d.endedAt}`);
  const skipped: string[] = [];
  if (d.unknownLines > 0) skipped.push(`${d.unknownLines} of unknown type`);
  if (d.invalidLines > 0) skipped.push(`${d.invalidLines} not JSON`);
  if (d.overlongLines > 0) skipped.push(`${d.overlongLines} too long`);
  if (d.truncatedLastLine) skipped.push('a cut-off last line');
  const lines = `${d.lines} lines read${skipped.length ? ` (skipped: ${skipped.join(', ')})` : ''}`;
  return `Source: ${facts.join(', ')}; ${lines}.`;
}

function decisions(d: TranscriptDigest, r: (text: string) => string): string {
  if (d.planNotes.length === 0) return 'unknown (not in a mechanical draft).';
  return [
    'Not judged here (a mechanical draft). What the agent said when it last wrote its plan:',
    ...d.planNotes.map((note) => `- ${oneLine(r(note))}`),
  ].join('\n');
}

function pitfalls(d: TranscriptDigest, r: (text: string) => string): string {
  if (d.errorCount === 0) return 'None seen: no tool call failed and no command exited non-zero.';
  const listed = d.errors.length < d.errorCount ? `; the last ${d.errors.length} listed` : '';
  const lines = d.errors.map((error) => {
    const subject = error.subject ? ` ${code(r(firstLineOf(error.subject)))}` : '';
    return `- ${oneLine(r(error.tool))}${subject} — ${oneLine(r(error.message))}`;
  });
  return [`Tool errors (${d.errorCount}${listed}):`, ...lines].join('\n');
}

function next(d: TranscriptDigest, options: RenderOptions): string {
  const r = options.redact;
  const parts: string[] = [];
  const open = (d.plan ?? []).filter(
    (item) => !/^(completed|complete|done|cancelled|canceled)$/i.test(item.status),
  );
  if (open.length > 0) {
    parts.push(
      [
        'Open items of the last plan the agent wrote:',
        ...open.map((item) => `- [${oneLine(item.status)}] ${oneLine(r(item.text))}`),
      ].join('\n'),
    );
  }
  const items = d.lastAssistant ? openItems(d.lastAssistant) : [];
  if (items.length > 0) {
    parts.push(
      [
        'Open items at the end of the last assistant message:',
        ...items.map((item) => `- ${oneLine(r(item))}`),
      ].join('\n'),
    );
  }
  if (parts.length === 0)
    parts.push('unknown — no unfinished plan item or open question at the end of the session.');
  const read = [...d.files.values()]
    .filter((file) => within(file.path, d.cwd) && !file.actions.includes('deleted'))
    .slice(0, 10)
    .map((file) => `- ${code(r(shown(file.path, d.cwd)))}`);
  read.push(`- the transcript itself: ${code(r(options.transcriptPath))}`);
  parts.push(['Read first:', ...read].join('\n'));
  return parts.join('\n\n');
}

/** Whether `path` is inside the folder `cwd` (unknown folder: only relative paths are). */
function within(path: string, cwd: string | undefined): boolean {
  if (!isAbsolute(path)) return true;
  if (!cwd) return false;
  const rel = relative(cwd, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

function shown(path: string, cwd: string | undefined): string {
  return cwd && isAbsolute(path) && within(path, cwd) ? relative(cwd, path) : path;
}

/** Markdown block quote: quoted text can never start a heading of the note, nor open a code fence in it. */
function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

function firstLineOf(text: string): string {
  const lines = text.split('\n');
  const first = lines.find((line) => line.trim() !== '')?.trim() ?? '';
  return lines.filter((line) => line.trim() !== '').length > 1 ? `${first} …` : first;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Inline code that holds any text: the fence is longer than any backtick run inside. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
