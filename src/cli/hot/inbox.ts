// Hot entry for `baton inbox` (see entry.ts).
import { run } from '../commands/inbox.js';
import { runHot } from './entry.js';

void runHot(run);
