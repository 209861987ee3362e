// Hot entry for `baton board` (see entry.ts): a person's look at the timeline, and the one read that scales with
// the number of notes on the board, so it starts without the ESM loader too.
import { run } from '../commands/board.js';
import { runHot } from './entry.js';

void runHot(run);
