// Two-phase writes: a pending request per session, and committing an agent's fenced reply to the board.

export { parseDuration } from '../board/config.js';
export { BOARD_ENTRY_BLOCK, type BoardEntry, parseBoardEntryReply } from './board-entry.js';
export { type CommitOptions, type CommitResult, commitPending } from './commit.js';
export { type FencedBlock, findFencedBlocks } from './fenced-blocks.js';
export {
  cleanExpiredPendings,
  clearPending,
  HANDOFF_BLOCK,
  type PendingRead,
  type PendingTarget,
  type PendingWrite,
  readPending,
} from './pending.js';
export {
  type CardRequestOptions,
  type CardRequestResult,
  cardPrompt,
  type HandoffRequestOptions,
  handoffPrompt,
  pendingPrompt,
  requestCardEntry,
  requestHandoff,
} from './request.js';
export { DEFAULT_PENDING_TTL_MS, pendingTtl } from './ttl.js';
