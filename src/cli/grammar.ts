// Every command line baton takes: each command's (and subcommand's) flags and how many positionals follow them. One
// table, read by the commands when they parse, by the remote policy when it judges a command line before running it,
// and by the BATON_URL client — so what is judged is what runs. Pure data: the hot bundles carry it.
import { type FlagSpec, type ParsedArgs, parseCommandArgs } from './args.js';

export interface Grammar {
  flags: FlagSpec;
  /** The most positionals the command takes (Infinity: a title, refs or paths of any length). */
  positionals: number;
}

const ANY = Number.POSITIVE_INFINITY;

/** Keyed by the command as typed: `send`, or `card write` for a subcommand. */
export const GRAMMAR = {
  init: {
    flags: { harness: { type: 'string', multiple: true }, remove: { type: 'boolean' } },
    positionals: 0,
  },
  send: {
    flags: {
      to: { type: 'string', multiple: true },
      body: { type: 'string' },
      subject: { type: 'string' },
      reply: { type: 'string' },
      from: { type: 'string' },
    },
    positionals: 0,
  },
  inbox: {
    flags: {
      after: { type: 'string' },
      limit: { type: 'string' },
      all: { type: 'boolean' },
      unread: { type: 'boolean' },
      sent: { type: 'boolean' },
    },
    positionals: 0,
  },
  listen: { flags: { timeout: { type: 'string' } }, positionals: 0 },
  thread: { flags: {}, positionals: 1 },
  poll: { flags: { max: { type: 'string' } }, positionals: 0 },
  hook: { flags: { harness: { type: 'string' }, 'idle-after': { type: 'string' } }, positionals: 1 },
  redeliver: { flags: { after: { type: 'string' } }, positionals: 0 },
  register: { flags: {}, positionals: 0 },
  sessions: { flags: { live: { type: 'boolean' }, project: { type: 'string' } }, positionals: 0 },
  touch: { flags: { session: { type: 'string' } }, positionals: ANY },
  'who-else': { flags: { session: { type: 'string' } }, positionals: 1 },
  // The note id, then arguments for the harness (after `--` when they start with a dash).
  continue: {
    flags: {
      harness: { type: 'string' },
      print: { type: 'boolean' },
      exec: { type: 'boolean' },
      prompt: { type: 'string' },
    },
    positionals: ANY,
  },
  agents: { flags: {}, positionals: 0 },
  'card new': { flags: { ask: { type: 'string' }, session: { type: 'string' } }, positionals: ANY },
  'card list': { flags: {}, positionals: 0 },
  'card read': { flags: {}, positionals: 1 },
  'card write': { flags: { type: { type: 'string' }, body: { type: 'string' } }, positionals: 1 },
  'card ask': { flags: { session: { type: 'string' } }, positionals: ANY },
  'card commit': { flags: { session: { type: 'string' } }, positionals: 0 },
  'card del': { flags: { yes: { type: 'boolean' } }, positionals: 1 },
  'card clean': { flags: { yes: { type: 'boolean' } }, positionals: 0 },
  'card open': { flags: {}, positionals: 0 },
  'handoff write': {
    flags: {
      file: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'string' },
      files: { type: 'string' },
      session: { type: 'string' },
      'parent-session': { type: 'string' },
      agent: { type: 'string' },
      harness: { type: 'string' },
    },
    positionals: 0,
  },
  'handoff request': { flags: { session: { type: 'string' } }, positionals: ANY },
  'handoff draft': {
    flags: { transcript: { type: 'string' }, session: { type: 'string' }, title: { type: 'string' } },
    positionals: 0,
  },
  'handoff generate': {
    flags: {
      transcript: { type: 'string' },
      session: { type: 'string' },
      model: { type: 'string' },
      title: { type: 'string' },
    },
    positionals: 0,
  },
  'result write': {
    flags: {
      file: { type: 'string' },
      stdin: { type: 'boolean' },
      title: { type: 'string' },
      status: { type: 'string' },
      conclusion: { type: 'string' },
      fact: { type: 'string', multiple: true },
      artifact: { type: 'string', multiple: true },
      task: { type: 'string' },
      files: { type: 'string' },
      session: { type: 'string' },
      'parent-session': { type: 'string' },
      agent: { type: 'string' },
      harness: { type: 'string' },
    },
    positionals: 0,
  },
  read: { flags: {}, positionals: 1 },
  index: { flags: { session: { type: 'string' }, budget: { type: 'string' } }, positionals: 0 },
  board: {
    flags: { project: { type: 'string' }, all: { type: 'boolean' }, limit: { type: 'string' } },
    positionals: 0,
  },
  pack: { flags: { budget: { type: 'string' } }, positionals: ANY },
  search: {
    flags: {
      type: { type: 'string' },
      project: { type: 'string' },
      all: { type: 'boolean' },
      limit: { type: 'string' },
    },
    positionals: ANY,
  },
  sync: { flags: { watch: { type: 'boolean' }, interval: { type: 'string' } }, positionals: 0 },
  gc: { flags: { 'dry-run': { type: 'boolean' } }, positionals: 0 },
  doctor: { flags: {}, positionals: 0 },
  demo: {
    flags: { serve: { type: 'boolean' }, port: { type: 'string' }, host: { type: 'string' } },
    positionals: 0,
  },
  mcp: { flags: { tools: { type: 'string' } }, positionals: 0 },
  serve: {
    flags: {
      port: { type: 'string' },
      host: { type: 'string' },
      'token-file': { type: 'string' },
      tools: { type: 'string' },
    },
    positionals: 0,
  },
} as const satisfies Record<string, Grammar>;

export type GrammarName = keyof typeof GRAMMAR;

/** The commands made of subcommands (`card`, `handoff`, `result`). */
export const SUBCOMMAND_OF: ReadonlySet<string> = new Set(
  Object.keys(GRAMMAR).flatMap((name) => (name.includes(' ') ? [name.split(' ')[0]!] : [])),
);

export function isGrammarName(name: string): name is GrammarName {
  return Object.hasOwn(GRAMMAR, name);
}

/** Parses `argv` (what follows the command, or the subcommand) by the table's grammar for `name`. */
export function parseFor<N extends GrammarName>(
  name: N,
  argv: string[],
): ParsedArgs<(typeof GRAMMAR)[N]['flags']> {
  const grammar: Grammar = GRAMMAR[name];
  return parseCommandArgs(name, argv, grammar.flags, grammar.positionals) as ParsedArgs<
    (typeof GRAMMAR)[N]['flags']
  >;
}
