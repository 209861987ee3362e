// How a session is named to a person in one short word: six letters or digits of a harness's session id (`3f2a9c`).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPENCODE = /^ses_[A-Za-z0-9]{6,}$/;

/**
 * Six letters or digits of a harness's session id, lowercase: the first six of a random UUID (Claude Code's, Gemini
 * CLI's), the last six of one that starts with a time (Codex's and pi's UUIDv7, opencode's `ses_…`), whose first six
 * are the same for every session of the same hour — the six a hook's derived agent name (`claude-3f2a9c`) ends in.
 * Any other id (one `baton register` made, a hand-set BATON_SESSION) is shown whole.
 */
export function sessionTag(session: string): string {
  const letters = session.toLowerCase().replace(/[^a-z0-9]/g, '');
  const version = UUID.exec(session)?.[1];
  if (version !== undefined) return version === '4' ? letters.slice(0, 6) : letters.slice(-6);
  return OPENCODE.test(session) ? letters.slice(-6) : session;
}
