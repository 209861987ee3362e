// `baton listen [--timeout ms]` — prints unread mail, then blocks and prints each new message as it arrives.
import { resolveAgent } from '../../core/agents/identity.js';
import { requireBoard } from '../../core/board/open-board.js';
import { BoardWatcher } from '../../core/board/watch.js';
import { formatMessage } from '../../core/display/messages.js';
import { pollMessages } from '../../core/messages/delivery.js';
import { type Taker, takerHere } from '../../core/messages/receipt.js';
import { ensureQueue } from '../../core/messages/spool.js';
import { intFlag } from '../args.js';
import { boardFromFlags, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton listen [--timeout <ms>] [--json] [--as <name>]
  Prints your unread messages, then waits and prints new ones as they arrive (each is then marked delivered,
  so the hooks will not push it again). Stops after --timeout ms, on Ctrl-C or SIGTERM, or when its reader
  goes away. --json prints one JSON object per line, one line per message (JSON Lines).`;

// fs.watch is the fast path; the interval catches what it misses (network filesystems, editors, overflow).
const FALLBACK_POLL_MS = 500;
// The queue marker lands just before its message file, so a wake-up can come a moment early.
const IN_FLIGHT_RETRY_MS = 15;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('listen', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const timeout = intFlag('timeout', flags.timeout, 0);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const agent = resolveAgent(board, { as: flags.as });

  // Who takes the mail, for its receipts: looked up at the first delivery, once.
  let taker: Taker | undefined;
  const by = () => (taker ??= takerHere(board, 'listen', agent));
  // Prints everything queued; true when a send is between its two writes (its message file comes next).
  const drain = async (): Promise<boolean> => {
    for (;;) {
      const batch = pollMessages(board, agent, { max: 20, by });
      if (batch.messages.length === 0) return batch.inFlight > 0;
      try {
        for (const message of batch.messages) {
          io.out(flags.json ? `${JSON.stringify(message)}\n` : `${formatMessage(message)}\n`);
        }
        await io.flush?.();
      } catch (error) {
        batch.release();
        throw error;
      }
      batch.acknowledge();
    }
  };

  await drain();
  if (!flags.json) io.err(`listening as ${agent} on ${board.root}${timeout ? ` for ${timeout} ms` : ''}…\n`);
  // A link planted at the queue folder is refused here (ensureQueue), never watched or written through.
  const queue = ensureQueue(board, agent);
  return new Promise<number>((resolve, reject) => {
    let busy = false;
    let again = false;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const tick = () => {
      if (stopped) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      drain().then(
        (inFlight) => {
          busy = false;
          if (again) {
            again = false;
            tick();
          } else if (inFlight) {
            retry ??= setTimeout(() => {
              retry = undefined;
              tick();
            }, IN_FLIGHT_RETRY_MS);
          }
        },
        (error) => {
          stop();
          reject(error);
        },
      );
    };
    // The board's one watcher, on this agent's queue folder only.
    const watcher = new BoardWatcher(board.root, {
      settleMs: 0,
      rescanMs: FALLBACK_POLL_MS,
      folders: () => new Map([[queue, 'messages' as const]]),
    });
    const unsubscribe = watcher.subscribe(tick);
    const interval = setInterval(tick, FALLBACK_POLL_MS);
    const timer = timeout > 0 ? setTimeout(() => finish(), timeout) : undefined;
    const onAbort = () => finish();
    io.signal?.addEventListener('abort', onAbort);
    function stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      unsubscribe();
      clearInterval(interval);
      if (timer) clearTimeout(timer);
      io.signal?.removeEventListener('abort', onAbort);
    }
    function finish() {
      stop();
      resolve(0);
    }
  });
}
