// The name a session's agent has when nobody named it: the harness and six letters of the session id.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `<harness>-<six letters or digits of the session id>`, lowercase (`claude-3f2a9c`): the first six of a random id
 * (Claude Code's and Gemini CLI's UUIDs), the last six of one that starts with a time (Codex's and pi's UUIDv7,
 * opencode's `ses_…`), whose first six are the same for every session of the same hour.
 */
export function derivedAgent(harness: string, session: string): string {
  const letters = session.toLowerCase().replace(/[^a-z0-9]/g, '');
  const version = UUID.exec(session)?.[1];
  const timeFirst = version !== undefined ? version !== '4' : /^ses_/i.test(session);
  const part = timeFirst ? letters.slice(-6) : letters.slice(0, 6);
  return `${harness}-${part || 'session'}`;
}
