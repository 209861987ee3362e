// Sub-agent stop: the sub-agent's full final output becomes a result note under the delegating session, its task
// the sub-agent's first prompt, its artifacts the files its transcript shows it wrote. No final output, no note; and
// none for what is no delegation (Claude Code's /compact summariser fires SubagentStop with an empty agent_type).
import { isAbsolute, join } from 'node:path';
import type { Board } from '../core/board/open-board.js';
import { RESULT_LIMITS, writeResult } from '../core/notes/write-result.js';
import { projectRootOf } from '../core/sessions/project.js';
import type { SessionRecord } from '../core/sessions/session.js';
import { normalizeTouchedPath } from '../core/sessions/touched.js';
import { MAX_LINE_BYTES, openTranscript, readLines } from '../core/transcripts/lines.js';
import type { SubagentRun } from '../core/transcripts/subagent-run.js';
import { isObject, realPrompt, str } from '../core/transcripts/text.js';
import { readCodexSubagent } from '../harnesses/codex/transcript-subagent.js';
import type { HookInput } from './input.js';
import { writtenPaths } from './tool-paths.js';

export type ResultNoteOutcome = { written: string } | { skipped: string };

/** Each harness's reader of a sub-agent's own transcript; Claude Code's shape for the others. */
const SUBAGENT_READERS: Record<string, (path: string) => Promise<SubagentRun>> = {
  codex: readCodexSubagent,
};

/** Writes the result note of a sub-agent that stopped; `record` is the delegating session's. */
export async function resultNote(
  board: Board,
  record: SessionRecord,
  input: HookInput,
): Promise<ResultNoteOutcome> {
  // A delegated sub-agent always has a type (Claude Code's Agent tool defaults to general-purpose, Codex says
  // default); the compaction's summariser has "" — and its transcript is never written.
  if (input.agentType === '')
    return { skipped: 'agent_type is empty — a compaction summary, not a delegated sub-agent' };
  const transcript = input.agentTranscriptPath;
  let run: SubagentRun | undefined;
  let unread: string | undefined;
  if (transcript) {
    try {
      run = await (SUBAGENT_READERS[record.harness] ?? readSubagentTranscript)(transcript);
    } catch (error) {
      unread = error instanceof Error ? error.message : String(error);
    }
  }
  // Claude Code's own copy of the reply is whole; the transcript's last message is the fallback (older versions).
  const body = input.lastAssistantMessage ?? run?.finalOutput;
  if (body === undefined || body.trim() === '') {
    const why = transcript
      ? unread
        ? `its transcript could not be read (${unread})`
        : run?.unreadEnd
          ? `its transcript ends with a line over ${MAX_LINE_BYTES / 1024 / 1024} MiB, not read (the output may be in it: ${transcript})`
          : 'its transcript ends without a final message'
      : 'no final message and no agent_transcript_path';
    return { skipped: `the sub-agent left no final output — ${why}; no result note` };
  }
  const root = projectRootOf(record.cwd);
  // Relative to the project when inside it, else absolute (as touched paths are stored).
  const observed = run?.written
    .map((path) => normalizeTouchedPath(path, record.cwd, root))
    .filter((path) => path !== '.');
  const inside = (observed ?? []).filter((path) => !isAbsolute(path));
  const result = writeResult(board, {
    body,
    status: 'ok',
    task: run?.task,
    // Without a readable task, a title that names it (else the body's first line).
    title: run?.task === undefined ? run?.title : undefined,
    session: run?.session,
    parentSession: record.id,
    agent: record.agent,
    harness: record.harness,
    files: inside.map((path) => join(root, path)),
    // Only what the transcript showed counts as seen: without one, nothing was observed.
    observedArtifacts: observed,
    transcriptPath: transcript,
    currentSession: false,
  });
  return { written: result.note.id };
}

/**
 * Reads a Claude Code sub-agent transcript (`…/subagents/agent-<id>.jsonl`) in one streaming pass. Lines of other
 * shapes are skipped; a file that cannot be opened throws (BatonError not_found / invalid_input / io).
 */
export async function readSubagentTranscript(path: string): Promise<SubagentRun> {
  const { stream } = await openTranscript(path);
  const run: SubagentRun = { written: [] };
  const pending = new Map<string, string[]>();
  const done = new Set<string>();
  let messageId: string | undefined;
  let texts: string[] = [];
  // A message that calls a tool is the agent acting, not answering: it is no final output.
  let acting = false;
  const wrote = (paths: string[]) => {
    for (const file of paths) {
      if (!done.has(file) && done.size < RESULT_LIMITS.artifacts) done.add(file);
    }
  };
  await readLines(stream, {
    // A reply too long to read may be the final one: what was read before it must not pose as the deliverable.
    overlong() {
      run.unreadEnd = true;
    },
    line(text) {
      const line = parse(text);
      if (!line || !isObject(line.message)) return;
      if (typeof line.agentId === 'string') run.session ??= `agent-${line.agentId}`;
      const cwd = str(line.cwd);
      const content = line.message.content;
      if (line.type === 'user') {
        const blocks = Array.isArray(content) ? content.filter(isObject) : [];
        for (const block of blocks) {
          if (block.type !== 'tool_result') continue;
          const paths = pending.get(str(block.tool_use_id) ?? '');
          pending.delete(str(block.tool_use_id) ?? '');
          if (paths && block.is_error !== true) wrote(paths);
        }
        if (run.task !== undefined || line.isMeta === true) return;
        const typed =
          typeof content === 'string'
            ? content
            : blocks
                .filter((block) => block.type === 'text')
                .map((block) => str(block.text) ?? '')
                .join('\n');
        run.task = realPrompt(typed);
        return;
      }
      if (line.type !== 'assistant' || line.isApiErrorMessage === true) return;
      run.unreadEnd = undefined;
      // One reply is written as several lines (a text block, then each tool call) sharing the message id.
      const id = str(line.message.id);
      if (id === undefined || id !== messageId) {
        texts = [];
        acting = false;
      }
      messageId = id;
      if (typeof content === 'string') texts.push(content);
      for (const block of Array.isArray(content) ? content.filter(isObject) : []) {
        if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
        if (block.type !== 'tool_use') continue;
        acting = true;
        if (!isObject(block.input)) continue;
        const paths = writtenPaths(str(block.name), block.input).map((file) =>
          cwd && !isAbsolute(file) ? join(cwd, file) : file,
        );
        if (paths.length > 0 && pending.size < 2000) pending.set(str(block.id) ?? '', paths);
      }
    },
  });
  // Writes whose result never came (the transcript ends mid-call) still count: the file may have changed.
  for (const paths of pending.values()) wrote(paths);
  run.written = [...done];
  const final = acting || run.unreadEnd ? '' : texts.join('\n\n');
  run.finalOutput = final.trim() === '' ? undefined : final;
  return run;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
