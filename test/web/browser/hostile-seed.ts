// A board full of script-injection payloads, in every text a view shows: note titles, sections, conclusions, facts,
// tasks; card titles and entries; message subjects and bodies; session folders and touched paths; and one note file
// written by hand with payloads in the fields the library would refuse (agent, harness, session, parent session).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatRecord } from '../../../src/core/store/front-matter.js';
import { newId } from '../../../src/core/store/ids.js';
import { appendEntry, createCard, sendMessage, writeHandoff, writeResult } from '../../../src/index.js';
import { seedBoard, sessionId, writeSessionRecord } from './seed.js';

/** Payloads that must show as the literal text they are. */
export const PLAIN = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '"><img src=x onerror=alert(1)>',
  '<iframe src=javascript:alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
] as const;

/** Markdown (and raw HTML) that a careless renderer turns into a live link, image or element. */
export const LINKS = [
  '[click me](javascript:alert(1))',
  '[mixed case](JaVaScRiPt:alert(1))',
  '[entity](&#106;avascript:alert(1))',
  '[escaped](javascript&colon;alert(1))',
  '[spaced](  javascript:alert(1)  )',
  '[tab](java\tscript:alert(1))',
  '[vb](vbscript:msgbox(1))',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<javascript:alert(1)>',
  '![image](x" onerror="alert(1))',
  '![data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[reference link][evil]\n\n[evil]: javascript:alert(1)',
  '<a href="javascript:alert(1)">raw anchor</a>',
  '[title quote](https://example.com "\\" onmouseover=\\"alert(1)")',
  '[ok link](https://example.com/ok)',
] as const;

export const BODY = [
  'Plain payloads, one per paragraph:',
  ...PLAIN,
  'As Markdown:',
  ...LINKS,
  'In code: `<script>alert(1)</script>`',
  '```html\n<img src=x onerror=alert(1)>\n```',
].join('\n\n');

const SECTION_KEYS = ['goal', 'done', 'state', 'decisions', 'pitfalls', 'next'] as const;

function hostileSections(): Record<(typeof SECTION_KEYS)[number], string> {
  return Object.fromEntries(SECTION_KEYS.map((key) => [key, `${key}: ${BODY}`])) as Record<
    (typeof SECTION_KEYS)[number],
    string
  >;
}

export interface HostileBoard {
  root: string;
  /** Written with the library. */
  notes: string[];
  /** Written by hand: payloads in session, parentSession, agent, harness, files, rev. */
  handWritten: string;
  cards: string[];
  threads: string[];
  /** The hand-written note's parent session: an external node whose id is a payload. */
  externalPayload: string;
}

export function seedHostile(dir: string): HostileBoard {
  const { root, at } = seedBoard(dir);
  const notes: string[] = [];
  let minute = 0;
  // One family per payload: a root titled with it and a continuation under it (so expanding matters).
  for (const title of PLAIN) {
    const session = sessionId('x');
    for (const [suffix, parent] of [
      ['', ''],
      [' (continued)', session],
    ] as const) {
      const written = writeHandoff(at(minute++), {
        sections: hostileSections(),
        title: `${title}${suffix}`,
        session: parent === '' ? session : sessionId('y'),
        parentSession: parent,
        agent: 'alice',
        harness: 'claude',
        currentSession: false,
        conclusion: title,
        facts: [...PLAIN],
      });
      notes.push(written.note.id);
    }
  }
  const result = writeResult(at(minute++), {
    body: BODY,
    task: PLAIN.join(' '),
    title: '<img src=x onerror=alert(1)> result',
    conclusion: PLAIN[0],
    facts: [...PLAIN],
    parentSession: '',
    agent: 'bob',
    harness: 'claude',
    currentSession: false,
  });
  notes.push(result.note.id);
  // By hand, as a board synced from elsewhere could hold it: fields the library validates, full of payloads.
  const externalPayload = PLAIN[4];
  const id = newId('n', at(minute++).clock());
  const fields = {
    id,
    kind: 'handoff',
    projectKey: result.note.projectKey,
    session: PLAIN[2],
    parentSession: externalPayload,
    agent: PLAIN[1],
    harness: PLAIN[0],
    createdAt: new Date(at(minute).clock()).toISOString(),
    title: PLAIN[5],
    status: 'ok',
    conclusion: PLAIN[3],
    facts: [...PLAIN],
    files: [...PLAIN],
    artifacts: [...PLAIN],
    provenance: 'curated',
    rev: PLAIN[0],
    transcriptPath: PLAIN[4],
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
  writeFileSync(join(dirname(result.path), `${id}.md`), formatRecord(fields, text));

  const cards: string[] = [];
  for (const title of PLAIN) {
    const card = createCard(at(minute++), { title, by: 'alice', entry: { type: 'finding', body: BODY } }).card
      .id;
    appendEntry(at(minute++), card, {
      type: 'question',
      author: 'bob',
      body: `${title}\n\n${LINKS.join('\n\n')}`,
    });
    cards.push(card);
  }

  const threads: string[] = [];
  for (const subject of PLAIN) {
    const sent = sendMessage(at(minute++), { from: 'alice', to: ['you', 'bob'], subject, body: BODY });
    threads.push(sent.sent[0]!.id);
  }
  sendMessage(at(minute++), { from: 'bob', to: 'you', body: BODY, replyTo: threads[0] });
  // No subject: the thread is named by its first line, a payload.
  const bare = sendMessage(at(minute++), { from: 'carol', to: 'you', body: `${PLAIN[1]}\n\n${BODY}` });
  threads.push(bare.sent[0]!.id);

  const board = at(minute++);
  writeSessionRecord(board, sessionId('live'), {
    agent: 'alice',
    live: true,
    cwd: `/work/${PLAIN[4]}`,
    touched: [...PLAIN],
  });
  writeSessionRecord(board, sessionId('ended'), { agent: 'bob', live: false, cwd: `/work/${PLAIN[0]}` });
  return { root, notes, handWritten: id, cards, threads, externalPayload };
}
