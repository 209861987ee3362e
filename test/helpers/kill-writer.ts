// A process that writes every record type in a loop until it is killed; the kill test bundles and runs it.
// Usage: node kill-writer.mjs <board> <tag>. Prints `ready` once loaded, then writes until SIGKILL.
// Records another process may also hold a lock on are per process (`<tag>`): a killed holder's lock would
// stall the next writer for the stale-lock timeout. The shared session record is overwritten without a lock.
import { pathToFileURL } from 'node:url';
import { registerAgent } from '../../src/core/agents/registry.js';
import { openBoard } from '../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../src/core/cards/index.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { commitPending, requestCardEntry } from '../../src/core/pending/index.js';
import { writeSession } from '../../src/core/sessions/session.js';

/** The exact text a record made at step `i` holds, so the checker can tell whole from torn. */
export function payload(i: string): string {
  const size = 500 + (Number.parseInt(i.replace(/\D/g, '').slice(-4) || '0', 10) % 7) * 900;
  return `payload ${i} ${'x'.repeat(size)} end ${i}`;
}

function main(root: string, tag: string): void {
  const board = openBoard({ board: root, cwd: root, env: {} });
  const session = `sess-${tag}`;
  const fence = '```';
  const at = () => new Date().toISOString();
  const sessionRecord = (id: string, step: string) => ({
    id,
    harness: 'claude',
    agent: `w-${tag}`,
    cwd: root,
    projectKey: 'kill-test',
    parentSession: '',
    startedAt: at(),
    lastSeen: at(),
    pid: process.pid,
    touched: [`step-${step}`, payload(step).slice(0, 300)],
  });
  writeSession(board, sessionRecord(session, `${tag}-0`));
  let card: string | undefined;
  const author = `w-${tag}`;
  const writes: ((step: string, n: number) => void)[] = [
    (step) =>
      sendMessage(board, {
        from: 'alice',
        to: ['bob', 'carol', 'dave'],
        subject: `s ${step}`,
        body: payload(step),
      }),
    (step) => sendMessage(board, { from: 'bob', to: ['alice'], body: payload(step) }),
    (_, n) => registerAgent(board, author, `${session}-${n % 3}`),
    (step) => writeSession(board, sessionRecord(session, step)),
    (step) => writeSession(board, sessionRecord('sess-shared', step)),
    (step, n) => {
      if (card === undefined || n % 5 === 0) {
        const entry = { type: 'note', body: payload(step) };
        card = createCard(board, { title: `card ${step}`, by: author, entry }).card.id;
      } else appendEntry(board, card, { type: 'finding', author, body: payload(step) });
    },
    (step) => requestCardEntry(board, { card, intent: `intent ${step}`, requestedBy: 'you', session }),
    (step) => {
      const title = card === undefined ? `title: card ${step}r\n` : '';
      const reply = `${fence}board-entry\n${title}type: answer\n---\n${payload(`${step}r`)}\n${fence}\n`;
      commitPending(board, { session, reply });
    },
  ];
  process.stdout.write('ready\n');
  for (let n = 1; ; n++) {
    // A fresh order each round: a writer killed early has still been killed in a random kind of write.
    const order = writes.map((write) => ({ write, key: Math.random() })).sort((a, b) => a.key - b.key);
    for (const { write } of order) write(`${tag}-${n}`, n);
  }
}

// Runs only as a script, so the test can import `payload` from here.
const [script, root, tag] = process.argv.slice(1);
if (script && import.meta.url === pathToFileURL(script).href && root && tag) main(root, tag);
