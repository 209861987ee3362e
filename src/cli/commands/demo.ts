// `baton demo` — seeds a small demo board (when none exists) and shows what is on it.
import { join } from 'node:path';
import { listAgents, registerAgent } from '../../core/agents/registry.js';
import { type Board, openBoard } from '../../core/board/open-board.js';
import { appendEntry, createCard, listCards } from '../../core/cards/index.js';
import { visibleText } from '../../core/display/visible-text.js';
import { listMessages } from '../../core/messages/read.js';
import { sendMessage } from '../../core/messages/send.js';
import { listNotes } from '../../core/notes/read.js';
import { writeHandoff } from '../../core/notes/write.js';
import { parseCommandArgs } from '../args.js';
import { echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { formatMessages } from '../format-messages.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton demo [--board <path>] [--json]
  Uses the board baton resolves from here; when there is none, seeds one at ./demo/.baton. Then shows it
  (with --json: the board, its agents, latest messages and cards as one object).`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('demo', argv, {});
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  let board = openBoard({ board: flags.board, global: flags.global, cwd: io.cwd, env: io.env });
  if (!board.exists) {
    board = openBoard({ board: join(io.cwd, 'demo', '.baton'), cwd: io.cwd, env: io.env });
    if (!board.exists) seed(board);
  }
  const { agents } = listAgents(board);
  const { messages } = listMessages(board, { limit: 10 });
  const { cards } = listCards(board);
  const { notes } = listNotes(board);
  if (flags.json) {
    printJson(io, { board: board.root, agents, messages, cards, notes });
    echoBoard(io, board);
    return 0;
  }
  const show = (text: string) => visibleText(text, { singleLine: true });
  io.out(
    `baton board ${show(board.root)}\n\nagents: ${agents.map((a) => `${show(a.name)} (${a.unread} unread)`).join(', ')}\n\n`,
  );
  io.out(`latest messages:\n\n${formatMessages(messages)}\n`);
  io.out(`cards:\n${cards.map((c) => `  ${c.id}  ${c.entries} entries  ${show(c.title)}`).join('\n')}\n\n`);
  if (notes.length > 0) {
    const lines = notes.map(
      (n) =>
        `  ${n.id}  ${show(n.title)} (${show(n.agent)}, ${show(n.harness)}${n.parentSession ? `, continues ${show(n.parentSession.slice(0, 8))}` : ''})`,
    );
    io.out(`handoff notes:\n${lines.join('\n')}\n\n`);
  }
  io.out(`try it (in two terminals):
  export BATON_DIR=${board.root}
  baton listen --as bob                                   # terminal 1: waits for mail
  baton send --as alice --to bob --body "hello bob"       # terminal 2: arrives in terminal 1 within a second
  baton inbox --as bob        baton thread <id>          baton agents        baton doctor
  baton card list             baton card read <id>       baton card write <id> --type answer --body "…"
  baton board --all           baton read <note-id>
(no \`baton\` on your PATH? run \`npm link\` once, or use \`node bin/baton.js\`)
`);
  echoBoard(io, board);
  return 0;
}

function seed(board: Board): void {
  for (const name of ['alice', 'bob', 'carol']) registerAgent(board, name);
  const ask = sendMessage(board, {
    from: 'alice',
    to: ['bob'],
    subject: 'flaky login test',
    body: 'The login spec fails about one run in five. Do you know if it depends on wall-clock time?',
  });
  sendMessage(board, {
    from: 'bob',
    to: ['alice'],
    replyTo: ask.sent[0]!.id,
    body: 'Yes: `test/login.spec.ts:40` compares against `Date.now()`. Freezing time per test fixes it.',
  });
  const { card } = createCard(board, { title: 'Flaky login test', by: 'you' });
  appendEntry(board, card.id, {
    type: 'finding',
    author: 'bob',
    body: 'The test depends on wall-clock time; see `test/login.spec.ts:40`.',
  });
  appendEntry(board, card.id, {
    type: 'question',
    author: 'alice',
    body: 'Freeze time globally or per test?',
  });
  sendMessage(board, {
    from: 'alice',
    to: ['bob', 'carol'],
    subject: 'heads-up',
    body: 'I am freezing time per test in the login suite; please do not touch `test/login.spec.ts` for an hour.',
  });
  // A lineage: a Claude Code session hands over to a Codex session, which continues it.
  const first = writeHandoff(board, {
    session: 'demo-claude-4b1c9e2d',
    title: 'Login flake: cause found',
    agent: 'alice',
    harness: 'claude',
    files: ['test/login.spec.ts'],
    sections: {
      goal: 'Make the login spec pass every run.',
      done: 'Found the cause: `test/login.spec.ts:40` compares against `Date.now()`.',
      state: 'Not fixed yet. Open question: freeze time globally or per test?',
      decisions: 'Rejected retrying the test: it hides the bug.',
      pitfalls: 'The failure shows about one run in five: run the spec 20 times to be sure.',
      next: 'Freeze time per test; read `test/login.spec.ts` first.',
    },
  });
  writeHandoff(board, {
    session: 'demo-codex-77b1a0c3',
    title: 'Login flake fixed: time frozen per test',
    parentSession: first.note.session,
    agent: 'bob',
    harness: 'codex',
    files: ['test/login.spec.ts', 'test/helpers/clock.ts'],
    sections: {
      goal: 'Make the login spec pass every run.',
      done: 'Froze time per test with a clock helper (`test/helpers/clock.ts`).',
      state: 'Green 20 runs out of 20.',
      decisions: 'Per test, not global: other suites rely on real time.',
      pitfalls: 'None.',
      next: 'Use the clock helper in the signup spec too.',
    },
  });
}
