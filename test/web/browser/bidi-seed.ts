// A board whose text is full of bidi overrides and isolates (and the other characters the CLI escapes): the board's
// folder name, note titles, sections, facts, conclusions and fields written by hand, card titles and entries, message
// subjects and bodies, session harnesses, folders and touched paths, and a file name that becomes a read problem.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { type SessionRecord, writeSession } from '../../../src/core/sessions/session.js';
import { formatRecord } from '../../../src/core/store/front-matter.js';
import { newId } from '../../../src/core/store/ids.js';
import {
  appendEntry,
  createCard,
  registerAgent,
  sendMessage,
  writeHandoff,
  writeResult,
} from '../../../src/index.js';
import { seedBoard, sessionId } from './seed.js';

export const LRE = '\u202a';
export const RLE = '\u202b';
export const PDF = '\u202c';
export const LRO = '\u202d';
export const RLO = '\u202e';
export const LRI = '\u2066';
export const RLI = '\u2067';
export const FSI = '\u2068';
export const PDI = '\u2069';

/** Every character the CLI's visibleText escapes, as a regex source: none of them may reach the DOM. */
export const ESCAPED_CLASS =
  '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ufeff]';

/** Board text and what the page must show for it. */
export const TEXT = {
  noteTitle: [`Invoice ${RLO}fdp.exe${PDF} ready`, 'Invoice \\u202efdp.exe\\u202c ready'],
  resultTitle: [`Result ${LRI}isolated${PDI} title`, 'Result \\u2066isolated\\u2069 title'],
  cardTitle: [`Card ${RLI}evil${PDI} title`, 'Card \\u2067evil\\u2069 title'],
  subject: [`Subject ${FSI}first${PDI} strong`, 'Subject \\u2068first\\u2069 strong'],
  conclusion: [`Concluded ${LRE}left${PDF}.`, 'Concluded \\u202aleft\\u202c.'],
  fact: [`Fact ${RLE}right${PDF}.`, 'Fact \\u202bright\\u202c.'],
  task: [`Task ${LRO}forced${PDF}.`, 'Task \\u202dforced\\u202c.'],
  handAgent: [`eve${RLO}live`, 'eve\\u202elive'],
  handHarness: [`claude${LRI}x${PDI}`, 'claude\\u2066x\\u2069'],
  handSession: [`s-${RLO}xyz`, 's-\\u202exyz'],
  handParent: [`ext${RLI}parent${PDI}`, 'ext\\u2067parent\\u2069'],
  handFile: [`src/${RLO}gpj.exe`, 'src/\\u202egpj.exe'],
  sessionHarness: [`codex${RLO}x`, 'codex\\u202ex'],
  sessionCwd: [`/work/${LRI}proj${PDI}`, '/work/\\u2066proj\\u2069'],
  touched: [`src/${RLO}txt.js`, 'src/\\u202etxt.js'],
  folder: [`repo${RLO}gpj.exe`, 'repo\\u202egpj.exe'],
  badFile: [`x${RLO}y.json`, 'x\\u202ey.json'],
} as const;

/** A Markdown body with bidi characters in text, emphasis, a code span, link text, a bare URL, a code block, a table. */
export const BODY = [
  `Text ${RLO}reversed${PDF} and ${LRI}isolated${PDI}.`,
  `**bold ${RLI}x${PDI}** and \`code ${RLO}span\` and [link ${FSI}text${PDI}](https://example.com/ok)`,
  `Bare https://example.com/${LRI}bare${PDI} here`,
  `\`\`\`sh${RLO}\nrm -rf ${RLO}/ tmp\n\`\`\``,
  `| head ${LRE}a | b |\n|---|---|\n| cell ${RLE}x${PDF} | y |`,
  `- item ${LRO}x${PDF}\n- controls: bell \u0007 esc \u001b ls \u2028 bom \ufeff nel \u0085 end`,
].join('\n\n');

/** What the page must show of BODY, each as shown text. */
export const BODY_SHOWN = [
  'Text \\u202ereversed\\u202c and \\u2066isolated\\u2069.',
  'bold \\u2067x\\u2069',
  'code \\u202espan',
  'link \\u2068text\\u2069',
  'https://example.com/\\u2066bare\\u2069',
  'rm -rf \\u202e/ tmp',
  'head \\u202aa',
  'cell \\u202bx\\u202c',
  'item \\u202dx\\u202c',
  'bell \\x07 esc \\e ls \\u2028 bom \\ufeff nel \\x85 end',
];

export interface BidiBoard {
  root: string;
  note: string;
  result: string;
  handWritten: string;
  card: string;
  thread: string;
}

export function seedBidi(dir: string): BidiBoard {
  const project = join(dir, TEXT.folder[0]);
  mkdirSync(project, { recursive: true });
  const { root, at } = seedBoard(project);
  const session = sessionId('bidi');
  const note = writeHandoff(at(0), {
    sections: {
      goal: BODY,
      done: `Done ${RLO}here${PDF}.`,
      state: 'State.',
      decisions: 'Decisions.',
      pitfalls: 'Pitfalls.',
      next: 'Next.',
    },
    title: TEXT.noteTitle[0],
    session,
    parentSession: '',
    agent: 'alice',
    harness: 'claude',
    currentSession: false,
    conclusion: TEXT.conclusion[0],
    facts: [TEXT.fact[0]],
  }).note;
  const result = writeResult(at(1), {
    body: BODY,
    task: TEXT.task[0],
    title: TEXT.resultTitle[0],
    conclusion: TEXT.conclusion[0],
    facts: [TEXT.fact[0]],
    parentSession: session,
    agent: 'bob',
    harness: 'claude',
    currentSession: false,
  });
  // By hand, as a synced board could hold it: the fields the library would refuse, with bidi characters in them.
  const handWritten = newId('n', at(2).clock());
  const fields = {
    id: handWritten,
    kind: 'handoff',
    projectKey: note.projectKey,
    session: TEXT.handSession[0],
    parentSession: TEXT.handParent[0],
    agent: TEXT.handAgent[0],
    harness: TEXT.handHarness[0],
    createdAt: new Date(at(2).clock()).toISOString(),
    title: `Hand ${RLO}written${PDF}`,
    status: 'ok',
    conclusion: TEXT.conclusion[0],
    facts: [TEXT.fact[0]],
    files: [TEXT.handFile[0]],
    artifacts: [],
    provenance: 'curated',
    rev: `ab${RLO}cd`,
  };
  const headings = [
    'Goal',
    'Done',
    'State and open questions',
    'Decisions and rejected options',
    'Pitfalls and blockers',
    'Next steps and read-first list',
  ];
  const text = headings.map((heading) => `## ${heading}\n${BODY}\n`).join('\n');
  writeFileSync(join(dirname(result.path), `${handWritten}.md`), formatRecord(fields, text));

  const card = createCard(at(3), {
    title: TEXT.cardTitle[0],
    by: 'alice',
    entry: { type: 'finding', body: BODY },
  }).card.id;
  appendEntry(at(4), card, { type: 'question', author: 'bob', body: `Why ${RLO}this${PDF}?` });

  const thread = sendMessage(at(5), {
    from: 'alice',
    to: ['you', 'bob'],
    subject: TEXT.subject[0],
    body: BODY,
  }).sent[0]!.id;
  sendMessage(at(6), { from: 'bob', to: 'you', body: `Reply ${LRI}here${PDI}.`, replyTo: thread });

  // Two live sessions on the same file (the "also: <agent> (<harness>)" badge), with bidi characters where a session
  // record allows them: harness, folder, touched paths. An agent name may not hold one: such a record is a problem.
  const board = at(7);
  const now = new Date(board.clock()).toISOString();
  const sessionRecord = (id: string, agent: string): SessionRecord => ({
    id,
    harness: TEXT.sessionHarness[0],
    agent,
    cwd: TEXT.sessionCwd[0],
    projectKey: projectKeyOf(board.cwd),
    parentSession: TEXT.handParent[0],
    startedAt: now,
    lastSeen: now,
    touched: [TEXT.touched[0]],
    touchedAt: [now],
  });
  for (const [id, agent] of [
    [sessionId('one'), 'alice'],
    [sessionId('two'), 'carol'],
  ] as const) {
    registerAgent(board, agent);
    writeSession(board, sessionRecord(id, agent));
  }
  const refused = sessionId('bad-agent');
  writeFileSync(
    join(root, 'sessions', `${refused}.json`),
    JSON.stringify(sessionRecord(refused, TEXT.handAgent[0])),
  );
  writeFileSync(join(root, 'sessions', TEXT.badFile[0]), '{}');
  return { root, note: note.id, result: result.note.id, handWritten, card, thread };
}
