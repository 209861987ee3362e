// `baton://board`: a short board index assembled from what each group contributes (agents, mail, cards, …).
import type { ResourceDef, ToolGroup } from '../contract.js';

/** The board index resource over `groups`. A missing board reads as guidance rather than an error. */
export function boardResource(groups: ToolGroup[]): ResourceDef {
  return {
    name: 'board',
    uri: 'baton://board',
    description: 'A short index of this board: agents and unread counts, recent messages, and more as added.',
    mimeType: 'text/markdown',
    read(call) {
      const { board } = call;
      if (!board.exists) {
        return `# baton board\n\nno board at ${board.root} yet — it is created by the first write (dm_send, dm_register), or run \`baton init\`.\n`;
      }
      const agent = call.boundAgent();
      const sections = groups.flatMap((group) => {
        const lines = group.boardIndex?.(board, agent) ?? [];
        return lines.length ? ['', ...lines] : [];
      });
      return [
        `# baton board ${board.root}`,
        agent ? `acting as ${agent}` : 'no agent identity bound',
        ...sections,
      ]
        .join('\n')
        .concat('\n');
    },
  };
}
