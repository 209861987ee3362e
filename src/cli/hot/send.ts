// Hot entry for `baton send` (see entry.ts).
import { run } from '../commands/send.js';
import { runHot } from './entry.js';

void runHot(run);
