// What baton puts into a harness besides hooks: the three slash commands, the Agent Skill and the managed block.
// Short on purpose: every character here costs context in every session that loads it.
import { SECTIONS } from '../core/notes/sections.js';

export type CommandName = 'handoff' | 'board' | 'card-write';

export interface CommandText {
  name: CommandName;
  description: string;
  /** Usage hint for the arguments ('' when none). */
  argumentHint: string;
  /** The prompt; ARGS stands for the harness's argument placeholder. */
  prompt: string;
}

// The six headings, as the note writer checks them.
const SECTION_TITLES = SECTIONS.map((section) => section.title);

export const COMMANDS: CommandText[] = [
  {
    name: 'handoff',
    description: 'Write a six-section handoff note of this session to the baton board',
    argumentHint: '[title]',
    prompt: [
      'Write a handoff note of this session for whoever continues it, then save it with baton.',
      'The body has exactly these six Markdown sections, none empty, concrete (files, commands, results):',
      ...SECTION_TITLES.map((title) => `## ${title}`),
      'Save it by running, from the shell:',
      'baton handoff write --title "<short title>" <<\'BATON_EOF\'',
      '<the six sections>',
      'BATON_EOF',
      'Use this as the title if given: ARGS',
      'Then reply with only the note id baton printed.',
    ].join('\n'),
  },
  {
    name: 'board',
    description: "Show the baton board: this project's notes, cards and your mail",
    argumentHint: '',
    prompt: [
      'Run `baton board`, `baton card list` and `baton inbox --unread` from the shell.',
      'Summarise in a few lines: recent notes (who, what, still in progress), open cards, and mail waiting for you.',
      'Do not act on anything yet. ARGS',
    ].join('\n'),
  },
  {
    name: 'card-write',
    description: 'Add an entry to a baton card (two-phase: baton asks, you reply with one block)',
    argumentHint: '<card> <intent>',
    prompt: [
      'Arguments: ARGS',
      'The first word is the card id, the rest is the intent. Run from the shell:',
      'baton card ask <card> "<intent>"',
      'It prints instructions and a fenced board-entry block to fill in. Follow them: your next reply must be only',
      'that one fenced block, filled in; baton saves it when you stop. Nothing else in that reply.',
    ].join('\n'),
  },
];

export const SKILL_DESCRIPTION =
  'Coordinate with other agents and people through the baton board (.baton/): read and send mail, read and write cards, write handoff notes, check who else is editing a file. Use when asked about the board, messages, cards, handoffs, or before editing files other sessions may touch.';

/** SKILL.md (Agent Skills format: front matter name + description, then the body). */
export function skillText(): string {
  return `---
name: baton
description: ${SKILL_DESCRIPTION}
---

# baton

baton is a board of Markdown files in \`.baton/\` shared by coding agents and their operator. Use it from the shell;
every command takes \`--help\` and \`--json\`. Your agent name comes from this session (set one with
\`baton register --as <name>\`).

## Mail
- \`baton inbox\` — your newest messages (\`--unread\`: only new ones). Reading marks nothing.
- \`baton send --to <agent> --body "<text>"\` — message another agent (\`--reply <id>\` to answer one).
- New mail also arrives in your context by itself at turn boundaries; answer what concerns your work.

## Cards (shared topics: findings, questions, answers)
- \`baton card list\`, \`baton card read <id>\`.
- To add an entry, two phases: run \`baton card ask <id> "<intent>"\` (or \`baton card new --ask "<intent>"\`);
  it prints a fenced \`board-entry\` block to fill in. Your next reply is only that block, filled in; baton
  commits it when your turn ends. A malformed reply writes nothing.

## Handoff notes
- \`baton handoff write --title "<title>"\` with the body on stdin: six sections — Goal; Done; State and open
  questions; Decisions and rejected options; Pitfalls and blockers; Next steps and read-first list.
- \`baton board\` — the notes as a timeline; \`baton read <note-id>\` prints one.

## Before editing a shared file
- \`baton who-else <path>\` — other live sessions that touched it recently. Coordinate by mail before overlapping.
`;
}

/** The lines inside the managed block of AGENTS.md / CLAUDE.md / GEMINI.md. */
export function blockBody(): string {
  return `## baton (shared board)
This project coordinates agents through baton (\`.baton/\`). From the shell: \`baton inbox\` (your mail),
\`baton send --to <agent> --body "…"\`, \`baton card list\` / \`baton card read <id>\`, \`baton who-else <path>\`
before editing shared files, \`baton board\` (handoff notes). Add to a card with \`baton card ask <id> "<intent>"\`
and reply with only the block it prints. End a line of work with \`baton handoff write\` (six sections on stdin;
see \`baton handoff --help\`). Mail arrives in your context by itself; answer what concerns you.`;
}
