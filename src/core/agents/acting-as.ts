// The one name every write of the library takes for the agent doing it: `as` (`--as` on the command line). The names
// the writes took before (`from`, `by`, `author`, `agent`) are read as deprecated aliases.

/**
 * The acting agent named by a write's options: `as`, else the write's old name for it (`legacy`); undefined when
 * neither is given. Unchecked (a JavaScript caller may pass anything): the caller validates it as a name, and the
 * name validator refuses a missing one with its own message (`expected a string, got undefined`).
 */
export function actingAs(options: object, legacy: 'from' | 'by' | 'author' | 'agent'): string | undefined {
  const fields = options as Record<string, string | undefined>;
  return fields.as ?? fields[legacy];
}
