/**
 * baton's core as a library, for Node tools that use a board without spawning the CLI: open a board, then send and
 * read messages, keep cards, write and read handoff notes. Every function takes the `Board` that `openBoard` returns
 * and throws a `BatonError` (a stable `code` and a message naming the fix) on bad input or a broken board, having
 * written nothing.
 *
 * One naming rule: the agent doing a write is its options' `as` (like `--as` on the command line) — `sendMessage`,
 * `createCard`, `appendEntry`, `writeHandoff`, `writeResult`. Their old names (`from`, `by`, `author`, `agent`) still
 * work and are deprecated. A read about one agent's data names it `agent` (`listMessages({ agent })`).
 *
 * This reference is generated from these declarations' TSDoc (`npm run docs`).
 * @packageDocumentation
 */

// Agents
export { type ActingAgentOptions, resolveAgent } from './core/agents/identity.js';
export { type AgentRecord, type AgentSummary, listAgents, registerAgent } from './core/agents/registry.js';
// The board
export { type LoadedSettings, loadSettings, type Settings } from './core/board/config.js';
export { type DoctorLine, type DoctorReport, diagnoseBoard } from './core/board/doctor.js';
export { collectGarbage, type GcOptions, type GcReport } from './core/board/gc.js';
export {
  type Board,
  type EnsureBoardOptions,
  type Env,
  ensureBoard,
  isDisabled,
  type OpenBoardOptions,
  openBoard,
  type Redactor,
  requireBoard,
} from './core/board/open-board.js';
export type { BoardSource } from './core/board/resolve.js';
// What an agent is shown: the board's index and context packs
export {
  type BoardIndex,
  type IndexCard,
  type IndexNote,
  type IndexOptions,
  renderIndex,
} from './core/board-index/render.js';
// Cards
export {
  type AppendEntryOptions,
  type AppendEntryOptionsAuthor,
  type AppendEntryResult,
  appendEntry,
} from './core/cards/append.js';
export {
  CARD_LIMITS,
  type CardEntry,
  type CardSummary,
  ENTRY_TYPES,
  type EntryType,
} from './core/cards/card.js';
export {
  type CreateCardOptions,
  type CreateCardOptionsBy,
  type CreateCardResult,
  createCard,
} from './core/cards/create.js';
export { deleteCard } from './core/cards/delete.js';
export { type CardList, type CardRead, listCards, readCard } from './core/cards/find.js';
export { BatonError, type BatonErrorCode, isBatonError } from './core/errors.js';
export type { LlmOverrides } from './core/llm/config.js';
// Handoffs from a harness session's transcript
export {
  type GenerateHandoffOptions,
  type GenerateHandoffResult,
  generateHandoff,
  type LlmConfig,
  type LlmProvider,
  resolveLlmConfig,
  type SupplementaryHandoffOptions,
  type SupplementaryHandoffResult,
  writeSupplementaryHandoff,
} from './core/llm/index.js';
// Messages
export {
  type PollBatch,
  type PollOptions,
  pollMessages,
  type RedeliverOptions,
  redeliver,
} from './core/messages/delivery.js';
export type { Message } from './core/messages/message.js';
export {
  findMessage,
  type ListMessagesOptions,
  listMessages,
  type MessageList,
  readThread,
} from './core/messages/read.js';
export {
  MESSAGE_LIMITS,
  type SendOptions,
  type SendOptionsFrom,
  type SendResult,
  sendMessage,
} from './core/messages/send.js';
export {
  type Continuation,
  type ContinuationOptions,
  prepareContinuation,
} from './core/notes/continuation.js';
// Notes: handoffs and results
export { buildTimeline, type Timeline, type TimelineNode } from './core/notes/lineage.js';
export type { NoteRecord } from './core/notes/note.js';
export { type ListNotesOptions, listNotes, type NoteList, readNote } from './core/notes/read.js';
export { SECTION_KEYS, type SectionKey } from './core/notes/sections.js';
export { type WriteHandoffOptions, type WriteHandoffResult, writeHandoff } from './core/notes/write.js';
export { type WriteResultOptions, type WriteResultResult, writeResult } from './core/notes/write-result.js';
export { buildPack, type ContextPack, type PackedItem, type PackOptions } from './core/pack/build.js';
export type { Unresolved } from './core/pack/refs.js';
// Redaction
export { type RedactionResult, type RedactOptions, redact } from './core/redaction/redact.js';
// Sessions
export { listSessions, type SessionList } from './core/sessions/live.js';
export type { SessionRecord } from './core/sessions/session.js';
export type { TouchedPath } from './core/sessions/touched.js';
export {
  type OtherSession,
  type WhoElseOptions,
  type WhoElseResult,
  whoElse,
} from './core/sessions/who-else.js';
export { type NameKind, validateName } from './core/store/names.js';
export type { Problem } from './core/store/safe-fs.js';
export { type DraftHandoffOptions, type DraftHandoffResult, draftHandoff } from './core/transcripts/index.js';
