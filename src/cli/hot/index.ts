// Hot entry for `baton index` (see entry.ts): what a session's start injects, printed on its own — by a person, or
// by an agent before it starts work — so it starts without the ESM loader, as the hook that renders it does.
import { run } from '../commands/index.js';
import { runHot } from './entry.js';

void runHot(run);
