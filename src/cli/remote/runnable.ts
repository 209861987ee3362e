// The command modules `baton serve` may load for a remote client, and no other: a command that sets up a machine,
// starts a server or moves the board through git is not even reachable from the route. policy.ts judges which
// subcommands and flags of these run.
import type { CliIO } from '../io.js';

export interface RunnableModule {
  run(argv: string[], io: CliIO): Promise<number>;
}

export const REMOTE_MODULES: Record<string, () => Promise<RunnableModule>> = {
  send: () => import('../commands/send.js'),
  inbox: () => import('../commands/inbox.js'),
  listen: () => import('../commands/listen.js'),
  thread: () => import('../commands/thread.js'),
  poll: () => import('../commands/poll.js'),
  redeliver: () => import('../commands/redeliver.js'),
  register: () => import('../commands/register.js'),
  sessions: () => import('../commands/sessions.js'),
  touch: () => import('../commands/touch.js'),
  'who-else': () => import('../commands/who-else.js'),
  agents: () => import('../commands/agents.js'),
  card: () => import('../commands/card.js'),
  handoff: () => import('../commands/handoff.js'),
  result: () => import('../commands/result.js'),
  read: () => import('../commands/read.js'),
  index: () => import('../commands/index.js'),
  board: () => import('../commands/board.js'),
  search: () => import('../commands/search.js'),
  pack: () => import('../commands/pack.js'),
  gc: () => import('../commands/gc.js'),
  hook: () => import('../commands/hook.js'),
  continue: () => import('../commands/continue.js'),
};
