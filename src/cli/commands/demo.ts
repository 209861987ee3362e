// `baton demo` — seeds a demo board (when none resolves) and shows what is on it; with --serve, serves the web UI.
import { join } from 'node:path';
import { listAgents } from '../../core/agents/registry.js';
import { openBoard } from '../../core/board/open-board.js';
import { listCards } from '../../core/cards/index.js';
import { formatMessages } from '../../core/display/messages.js';
import { visibleText } from '../../core/display/visible-text.js';
import { listMessages } from '../../core/messages/read.js';
import { listNotes } from '../../core/notes/read.js';
import { listOpenPendings } from '../../core/pending/pending.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import { echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { seedDemo } from '../demo-seed.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton demo [--serve [--port 7325] [--host 127.0.0.1]] [--board <path>] [--json]
  Uses the board baton resolves from here; when there is none, seeds a demo board at ./demo/.baton (three days of
  agents' work on a small shop: mail threads and fan-outs, cards, handoff lineages with sub-agent results, a
  pending write, live and ended sessions). Then shows it (with --json: the board, its agents, latest messages,
  cards and notes as one object).
  --serve   then serves the web UI on that board, as \`baton serve --board <it>\` does (--port, --host as there).`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('demo', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  if (!flags.serve && (flags.port !== undefined || flags.host !== undefined)) {
    throw new UsageError('--port and --host go with --serve — see `baton demo --help`');
  }
  requireEnabled(io);
  let board = openBoard({ board: flags.board, global: flags.global, cwd: io.cwd, env: io.env });
  if (!board.exists) {
    board = openBoard({ board: join(io.cwd, 'demo', '.baton'), cwd: io.cwd, env: io.env });
    seedDemo(board);
  }
  const { agents } = listAgents(board);
  const { messages } = listMessages(board, { limit: 10 });
  const { cards } = listCards(board);
  const { notes } = listNotes(board);
  if (flags.json) printJson(io, { board: board.root, agents, messages, cards, notes });
  else {
    const show = (text: string) => visibleText(text, { singleLine: true });
    io.out(
      `baton board ${show(board.root)}\n\nagents: ${agents.map((a) => `${show(a.name)} (${a.unread} unread)`).join(', ')}\n\n`,
    );
    const { sessions } = listSessions(board);
    const live = sessions.filter(isLive);
    const pending = listOpenPendings(board).length;
    io.out(
      `sessions: ${live.length} live${live.length > 0 ? ` (${live.map((s) => show(s.agent)).join(', ')})` : ''}, ${sessions.length - live.length} ended; ${pending} pending ${pending === 1 ? 'write' : 'writes'}\n\n`,
    );
    io.out(`latest messages:\n\n${formatMessages(messages)}\n`);
    const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
    io.out(
      `cards:\n${cards.map((c) => `  ${c.id}  ${entries(c.entries)}  ${show(c.title)}`).join('\n')}\n\n`,
    );
    if (notes.length > 0) {
      const lines = notes.map((n) => {
        const parent = n.parentSession
          ? `, ${n.kind === 'result' ? 'for' : 'continues'} ${show(n.parentSession.slice(0, 8))}`
          : '';
        return `  ${n.id}  ${show(n.title)} (${n.kind === 'result' ? 'result, ' : ''}${show(n.agent)}, ${show(n.harness)}${parent})`;
      });
      io.out(`notes:\n${lines.join('\n')}\n\n`);
    }
    io.out(`try it (in two terminals):
  export BATON_DIR=${board.root}
  baton listen --as bob                                   # terminal 1: waits for mail
  baton send --as alice --to bob --body "hello bob"       # terminal 2: arrives in terminal 1 within a second
  baton inbox --as you        baton thread <id>          baton agents        baton sessions --live
  baton card list             baton card read <id>       baton card write <id> --type answer --body "…"
  baton board --all           baton read <note-id>       baton doctor
  baton demo --serve                                      # the web UI on this board (what \`npm start\` runs)
(no \`baton\` on your PATH? run \`npm link\` once, or use \`node bin/baton.js\`)
`);
  }
  if (!flags.serve) {
    echoBoard(io, board);
    return 0;
  }
  // The web server is loaded only when asked for; `baton serve` owns it (and prints the board and the page's URL).
  const serve = await import('./serve.js');
  const pass = (name: string, value: string | undefined) => (value === undefined ? [] : [`--${name}`, value]);
  return serve.run(
    [
      '--board',
      board.root,
      ...pass('port', flags.port),
      ...pass('host', flags.host),
      ...pass('as', flags.as),
    ],
    io,
  );
}
