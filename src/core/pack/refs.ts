// Context-pack refs as people and agents type them (`note:<id>`, `card:<id>`, `msg:<id>`, `alice:shop`,
// `shop_alice`): parsed, normalised to one spelling and de-duplicated. Pure: nothing here reads the board.
import { projectKeyProblem } from '../notes/note.js';
import { nameProblem } from '../store/names.js';

/** At most this many items are inlined in one pack; the refs after them are listed as over the limit. */
export const MAX_REFS = 10;

/** What refs look like, for errors and unresolved refs. */
export const REF_SHAPES = 'note:<id>, card:<id>, msg:<id>, <agent>:<project> or <project>_<agent>';

export type IdKind = 'note' | 'card' | 'msg';

/** A ref that names one record by id (a full id or a unique prefix). */
export interface IdRef {
  kind: IdKind;
  /** As typed. */
  input: string;
  /** The normalised spelling (`note:n-01JDX6`): two refs with one key are one ref. */
  key: string;
  /** The id or prefix with its letter (`n-01JDX6`), upper-cased. */
  id: string;
}

/** A ref to an agent's latest note in a project. */
export interface AgentRef {
  kind: 'agent';
  input: string;
  /** `<agent>:<project>`, lower-cased: the canonical spelling (see parseRef). */
  key: string;
  agent: string;
  /** A project key, its last dash-separated segments (`shop` for `github-com-me-shop`), or a folder key's name. */
  repo: string;
}

export type PackRef = IdRef | AgentRef;

/** A ref that names nothing, and why. */
export interface Unresolved {
  ref: string;
  reason: string;
}

export type ParsedRef = { ok: true; ref: PackRef } | { ok: false; unresolved: Unresolved };

const PREFIXED = /^(note|card|msg):([\s\S]*)$/i;
const LETTER: Record<IdKind, string> = { note: 'n', card: 'c', msg: 'm' };
const KIND_OF_LETTER: Record<string, IdKind> = { n: 'note', c: 'card', m: 'msg' };
/** An id's characters after its letter: Crockford base32, up to the 26 of a full id. */
const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{1,26}$/;
/** A bare id as `baton read` and `baton card read` take it (`n-01JDX6`, `c-01JDX4…-flaky-login`). */
const BARE_ID = /^([ncm])-([0-9a-z]+)(?:-[a-z0-9-]*)?(?:\.md)?$/i;

/**
 * One ref, normalised. Reserved prefixes win: `note:`, `card:` and `msg:` name records by id (a bare `n-…`, `c-…`
 * or `m-…` id works too). Anything else with a colon is `<agent>:<project>`, anything with an underscore
 * `<project>_<agent>` (a project key never holds `_`, so the first one splits it). Both agent spellings become
 * `<agent>:<project>`, the canonical one, so `alice:shop` and `shop_alice` are one ref. A shape that is none of
 * these, or a name that breaks the naming rules (`../x`, control characters), is unresolved with the reason: it
 * never becomes a path.
 */
export function parseRef(raw: string): ParsedRef {
  const input = raw.trim();
  const bad = (reason: string): ParsedRef => ({ ok: false, unresolved: { ref: raw, reason } });
  if (input === '') return bad(`empty ref — refs look like ${REF_SHAPES}`);
  const prefixed = PREFIXED.exec(input);
  if (prefixed) return idRef(raw, prefixed[1]!.toLowerCase() as IdKind, prefixed[2]!, bad);
  const bare = BARE_ID.exec(input);
  if (bare) return idRef(raw, KIND_OF_LETTER[bare[1]!.toLowerCase()]!, input, bad);
  const colon = input.indexOf(':');
  const underscore = input.indexOf('_');
  if (colon === -1 && underscore === -1) return bad(`not a ref — refs look like ${REF_SHAPES}`);
  const [agent, repo] =
    colon !== -1
      ? [input.slice(0, colon), input.slice(colon + 1)]
      : [input.slice(underscore + 1), input.slice(0, underscore)];
  const agentName = agent.toLowerCase();
  const project = repo.toLowerCase();
  const agentRule = nameProblem('agent', agentName);
  if (agentRule) return bad(`agent name ${JSON.stringify(agent)} ${agentRule}`);
  const projectRule = projectKeyProblem(project);
  if (projectRule) return bad(`project ${JSON.stringify(repo)} ${projectRule}`);
  return {
    ok: true,
    ref: { kind: 'agent', input: raw, key: `${agentName}:${project}`, agent: agentName, repo: project },
  };
}

function idRef(raw: string, kind: IdKind, text: string, bad: (reason: string) => ParsedRef): ParsedRef {
  const letter = LETTER[kind];
  // A file name names its record too (`n-<id>.md`; a card's `c-<id>-<slug>.md`), as in `baton read`.
  let body = text.trim().replace(/\.md$/i, '');
  if (kind === 'card') body = body.replace(/^(c-[0-9a-z]{26})-[\s\S]*$/i, '$1');
  body = body.replace(new RegExp(`^${letter}-`, 'i'), '').toUpperCase();
  if (!ID_BODY.test(body)) {
    const what = kind === 'msg' ? 'message' : kind;
    return bad(`malformed ${what} id — ${what} ids look like ${letter}-01JDX6K9ZQ…`);
  }
  const id = `${letter}-${body}`;
  return { ok: true, ref: { kind, input: raw, key: `${kind}:${id}`, id } };
}

/**
 * Every ref parsed, repeats of a normalised spelling dropped (`note:N-01AB` and `n-01ab` are one; the first
 * spelling given is kept), in the order given. Refs that name one record in two ways (a prefix and the full id,
 * an agent ref and its note's id) are only known to be one once resolved: the pack merges those.
 */
export function parseRefs(inputs: readonly string[]): ParsedRef[] {
  const out: ParsedRef[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const parsed = parseRef(input);
    const key = parsed.ok ? parsed.ref.key : `unresolved:${input.trim()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(parsed);
  }
  return out;
}
