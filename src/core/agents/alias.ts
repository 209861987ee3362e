// The two names a harness session has besides one a person gives it: the project's stable name for its harness
// (`claude@shop`, known before any session starts, so mail can wait for it) and the per-session alias
// (`claude-3f2a9c`, from the session id), which reaches that one session only.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The per-session alias: `<harness>-<six letters or digits of the session id>`, lowercase (`claude-3f2a9c`): the
 * first six of a random id (Claude Code's and Gemini CLI's UUIDs), the last six of one that starts with a time
 * (Codex's and pi's UUIDv7, opencode's `ses_…`), whose first six are the same for every session of the same hour.
 */
export function derivedAgent(harness: string, session: string): string {
  const letters = session.toLowerCase().replace(/[^a-z0-9]/g, '');
  const version = UUID.exec(session)?.[1];
  const timeFirst = version !== undefined ? version !== '4' : /^ses_/i.test(session);
  const part = timeFirst ? letters.slice(-6) : letters.slice(0, 6);
  return `${harness}-${part || 'session'}`;
}

/** Characters of a project folder's name kept in a stable name (the whole name stays within 64). */
const PROJECT_CHARS = 40;

/**
 * The stable name `baton init` gives a harness in a project when no `--as` names one: `<harness>@<project folder>`,
 * the folder's name lowercased, runs of other characters than letters, digits, `.`, `_` and `-` made one `-`
 * (`/home/me/src/My Shop` → `claude@my-shop`); `<harness>@project` when nothing of it is left.
 */
export function projectAgent(harness: string, projectFolder: string): string {
  const slug = projectFolder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .slice(0, PROJECT_CHARS)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  return `${harness}@${slug || 'project'}`;
}
