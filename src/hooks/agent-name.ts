// The name a session's agent has when nobody named it: the harness and the start of the session id.

/** `<harness>-<first six letters or digits of the session id>`, lowercase (`claude-3f2a9c`). */
export function derivedAgent(harness: string, session: string): string {
  const tail = session
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 6);
  return `${harness}-${tail || 'session'}`;
}
