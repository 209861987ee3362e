// The `handoff` prompt: the six-section handoff note, for an agent ending its unit of work, saved on the board with
// write_handoff (or `baton handoff write` where this server does not list it). The sections come from the notes core.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { sectionsTemplate } from '../../core/notes/sections.js';

export function handoffTemplate(): string {
  return `Write a handoff note for the session that continues this work. Use exactly these six sections, in this order, and keep the full detail (it is read instead of this conversation). Where you could not verify something, say so ("not run") rather than guess.

${sectionsTemplate()}

Save it on the board with the write_handoff tool: one argument per section, a short title, and the files you changed. If this server does not list write_handoff, run \`baton handoff write\` with the note on stdin. Then tell the person the note's id: the next session reads it with read_handoff, or \`baton continue <id>\` starts one from it.`;
}

export function registerHandoffPrompt(server: McpServer): void {
  server.registerPrompt(
    'handoff',
    {
      title: 'Write a handoff',
      description: 'The six-section handoff for ending a session, saved with write_handoff.',
    },
    () => ({
      description: 'Six-section handoff note',
      messages: [{ role: 'user', content: { type: 'text', text: handoffTemplate() } }],
    }),
  );
}
