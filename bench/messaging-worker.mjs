// Child process for the messaging bench's races: many senders, or a poller draining the queue.
//
//   node messaging-worker.mjs send <dist/index.js> <board> <k> <count>   sends `s<k>-<i>` to bob, i = 0..count-1
//   node messaging-worker.mjs poll <dist/index.js> <board> <out-file>    polls bob (max 5) until the queue is empty,
//                                                                         writing every id it acknowledged to <out-file>
//
// Each worker imports and opens the board first, prints `ready`, and starts only when the parent writes a line
// to its stdin, so all workers begin at the same moment.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [mode, distIndex, boardDir, ...rest] = process.argv.slice(2);
const baton = await import(pathToFileURL(distIndex).href);
const board = baton.openBoard({ board: boardDir });

process.stdout.write('ready\n');
await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));

if (mode === 'send') {
  const [k, count] = rest;
  for (let i = 0; i < Number(count); i++)
    baton.sendMessage(board, { from: `s${k}`, to: ['bob'], body: `s${k}-${i}` });
  process.stdout.write(`done ${count}\n`);
} else if (mode === 'poll') {
  const [outFile] = rest;
  const got = [];
  let polls = 0;
  for (;;) {
    const batch = baton.pollMessages(board, 'bob', { max: 5 });
    polls++;
    if (batch.messages.length === 0) break;
    batch.acknowledge();
    for (const message of batch.messages) got.push(message.id);
  }
  writeFileSync(outFile, got.length ? `${got.join('\n')}\n` : '');
  process.stdout.write(`done ${got.length} ${polls}\n`);
} else {
  throw new Error(`unknown mode ${JSON.stringify(mode)}`);
}
process.exit(0);
