// Who an invocation acts as, decided in one place by one precedence, for every front end: the CLI, the MCP server,
// the hooks and the hooks' quick check (which calls this directly: it imports only the name validator).
import { BatonError, isBatonError } from '../errors.js';
import { validateName } from '../store/names.js';

/**
 * Where a name came from, strongest first: `--as` (or `send --from`, an MCP server's `--as`), BATON_AGENT, the name
 * bound to the session the invocation runs in (its record: `baton register --as`, or what its first hook chose),
 * the project's stable name for the session's harness (`claude@shop`, from `config.json` `agents`), the per-session
 * alias (`claude-3f2a9c`). The last two are a hook's only: a command a person types is not a harness session.
 */
export type ClaimSource = 'flag' | 'env' | 'session' | 'project' | 'alias';

/** A claim is a name, or a function asked only when every stronger claim is absent (a session lookup costs reads). */
export type IdentityClaims = Partial<Record<ClaimSource, string | (() => string | undefined)>>;

export interface Identity {
  /** The canonical name (case-folded, validated). */
  name: string;
  source: ClaimSource;
}

const ORDER: ClaimSource[] = ['flag', 'env', 'session', 'project', 'alias'];

// Names read from the board (a session's record, config.json) are checked where they are read, and a bad one is
// passed on as absent: corrupt data is reported there, not blamed on the person here.
const FIX: Partial<Record<ClaimSource, string>> = { env: ' (set by BATON_AGENT — fix or unset it)' };

/**
 * The first claim present (an empty string is absent), validated and case-folded (`Bob` is `bob` everywhere);
 * undefined when none is. An invalid claim is never skipped for a weaker one: it throws `invalid_name`, the
 * validator's message plus where the name came from, so a typo in BATON_AGENT never makes a session act (and read
 * mail) as someone else.
 */
export function decideAgent(claims: IdentityClaims): Identity | undefined {
  for (const source of ORDER) {
    const given = claims[source];
    const claim = typeof given === 'function' ? given() : given;
    if (claim === undefined || claim === '') continue;
    try {
      return { name: validateName('agent', claim), source };
    } catch (error) {
      if (isBatonError(error, 'invalid_name') && FIX[source])
        throw new BatonError('invalid_name', `${error.message}${FIX[source]}`);
      throw error;
    }
  }
  return undefined;
}
