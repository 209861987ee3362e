// Hot entry for `baton poll` (see entry.ts).
import { run } from '../commands/poll.js';
import { runHot } from './entry.js';

void runHot(run);
