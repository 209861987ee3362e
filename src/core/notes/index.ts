// Notes: handoffs and results, one Markdown file each (`notes/<project-key>/n-<id>.md`), and the timeline.
export { buildTimeline, type Timeline, type TimelineNode, walkFamily } from './lineage.js';
export {
  NOTE_KINDS,
  NOTE_LIMITS,
  NOTE_STATUSES,
  type NoteKind,
  type NoteRecord,
  type NoteStatus,
  type Provenance,
  parseNote,
} from './note.js';
export { normalizeFiles } from './origin.js';
export { findNote, listNotes, listProjects, type NoteList, readNote } from './read.js';
export {
  type HandoffSections,
  parseSections,
  renderSections,
  SECTION_KEYS,
  SECTIONS,
  type SectionKey,
  sectionsTemplate,
} from './sections.js';
export { type WriteHandoffOptions, type WriteHandoffResult, writeHandoff } from './write.js';
export {
  RESULT_LIMITS,
  type WriteResultOptions,
  type WriteResultResult,
  writeResult,
} from './write-result.js';
