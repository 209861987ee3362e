// The pack group: context_pack (default and `notes` profiles) — board items named by ref, in full within a budget,
// then the board index (src/core/pack).
import * as z from 'zod';
import { requireBoard } from '../../core/board/open-board.js';
import { buildPack, DEFAULT_PACK_BUDGET } from '../../core/pack/index.js';
import { withShortBoardPath } from '../board-label.js';
import { defineTool, type ToolGroup } from '../contract.js';

const contextPack = defineTool({
  name: 'context_pack',
  description: 'Pull board items into context in full, within a budget.',
  profiles: ['default', 'notes'],
  input: {
    refs: z.array(z.string()).min(1).max(50).describe('note:<id> card:<id> msg:<id> agent:repo'),
    budget: z.number().int().min(1).optional().describe(`chars, default ${DEFAULT_PACK_BUDGET}`),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run(args, call) {
    requireBoard(call.board);
    const pack = buildPack(call.board, args.refs, { budget: args.budget, agent: call.boundAgent() });
    // Unresolved refs' reasons and the index name the board by its root: a model needs its short path only.
    return withShortBoardPath(pack.text.trimEnd(), call.board);
  },
});

export const pack: ToolGroup = { name: 'pack', tools: [contextPack] };
