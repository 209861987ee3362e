// The library entry: baton's core for Node tools that use a board without spawning the CLI.

export { resolveAgent } from './core/agents/identity.js';
export { listAgents, registerAgent } from './core/agents/registry.js';
export { type LoadedSettings, loadSettings, type Settings } from './core/board/config.js';
export { diagnoseBoard } from './core/board/doctor.js';
export { collectGarbage, type GcReport } from './core/board/gc.js';
export {
  type Board,
  ensureBoard,
  isDisabled,
  type OpenBoardOptions,
  openBoard,
  requireBoard,
} from './core/board/open-board.js';
export { resolveBoard } from './core/board/resolve.js';
export {
  type BoardIndex,
  DEFAULT_INDEX_BUDGET,
  type IndexOptions,
  renderIndex,
  replaceIndex,
} from './core/board-index/index.js';
export {
  type AppendEntryOptions,
  type AppendEntryResult,
  appendEntry,
  CARD_LIMITS,
  type CardEntry,
  type CardList,
  type CardRead,
  type CardSummary,
  type CreateCardOptions,
  type CreateCardResult,
  createCard,
  deleteCard,
  ENTRY_TYPES,
  type EntryType,
  listCards,
  readCard,
} from './core/cards/index.js';
export { BatonError, type BatonErrorCode, isBatonError } from './core/errors.js';
export {
  type GenerateHandoffOptions,
  type GenerateHandoffResult,
  generateHandoff,
  type LlmConfig,
  resolveLlmConfig,
  type SupplementaryHandoffResult,
  writeSupplementaryHandoff,
} from './core/llm/index.js';
export { type PollBatch, pollMessages, redeliver } from './core/messages/delivery.js';
export type { Message } from './core/messages/message.js';
export { findMessage, listMessages, readThread } from './core/messages/read.js';
export { MESSAGE_LIMITS, type SendOptions, type SendResult, sendMessage } from './core/messages/send.js';
export { type Continuation, prepareContinuation } from './core/notes/continuation.js';
export {
  buildTimeline,
  listNotes,
  type NoteRecord,
  parseSections,
  readNote,
  SECTION_KEYS,
  type Timeline,
  type TimelineNode,
  type WriteHandoffOptions,
  type WriteResultOptions,
  writeHandoff,
  writeResult,
} from './core/notes/index.js';
export { buildPack, type ContextPack, type PackOptions } from './core/pack/index.js';
export {
  type CommitResult,
  commitPending,
  type PendingWrite,
  parseBoardEntryReply,
  pendingPrompt,
  readPending,
  requestCardEntry,
  requestHandoff,
} from './core/pending/index.js';
export { redact } from './core/redaction/redact.js';
export { latestLiveSession, listSessions } from './core/sessions/live.js';
export { touchPaths } from './core/sessions/touched.js';
export { whoElse } from './core/sessions/who-else.js';
export { formatRecord, parseRecord } from './core/store/front-matter.js';
export { idTime, isId, newId } from './core/store/ids.js';
export { validateName } from './core/store/names.js';
export { type DraftHandoffOptions, type DraftHandoffResult, draftHandoff } from './core/transcripts/index.js';
