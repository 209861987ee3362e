// Transcripts: reading a harness session's JSONL (Claude Code, Codex, Gemini CLI, pi) into a bounded digest, and
// drafting a raw handoff from it with no model.

export { type Harness, TranscriptDigest } from './digest.js';
export { type DraftHandoffOptions, type DraftHandoffResult, draftHandoff, noteFiles } from './draft.js';
export { ADAPTERS, readTranscript } from './read-transcript.js';
export { draftTitle, renderDraft } from './render.js';
export { readTranscriptSource, type TranscriptSource, type TranscriptSourceOptions } from './source.js';
