// The `handoff` prompt: the six-section handoff note, for an agent ending its unit of work. It names only what
// exists today: the note goes to the person, or onto a card when they ask.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** The six sections every handoff body has, in order. */
export const HANDOFF_SECTIONS = [
  ['Goal', 'what this line of work is for, in one or two sentences'],
  ['Done', 'what was finished, with files, commands and results'],
  ['State and open questions', 'where things stand now; what is unresolved'],
  ['Decisions and rejected options', 'what was chosen, what was rejected, and why'],
  ['Pitfalls and blockers', 'what cost time or still blocks progress'],
  ['Next steps and read-first list', 'what the next session should do first, and which files to read'],
] as const;

export function handoffTemplate(): string {
  const sections = HANDOFF_SECTIONS.map(([title, hint]) => `## ${title}\n<${hint}>`).join('\n\n');
  return `Write a handoff note for the session that continues this work. Use exactly these six sections, in this order, and keep the full detail (it is read instead of this conversation). Where you could not verify something, say so ("not run") rather than guess.

${sections}

Give the note to the person as your answer. If they ask you to keep it on the board, add it to a card as a note: with the card_write tool when this server lists it, else with \`baton card write <card-id> --type note\` and the note on stdin.`;
}

export function registerHandoffPrompt(server: McpServer): void {
  server.registerPrompt(
    'handoff',
    {
      title: 'Write a handoff',
      description: 'The six-section handoff template for ending a session.',
    },
    () => ({
      description: 'Six-section handoff note',
      messages: [{ role: 'user', content: { type: 'text', text: handoffTemplate() } }],
    }),
  );
}
