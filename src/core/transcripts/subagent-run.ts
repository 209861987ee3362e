// What a sub-agent's own transcript shows, as each harness's sub-agent reader reports it: the task, the final output
// and the files it wrote. The sub-agent stop hook turns it into a result note (hooks/result-note.ts).

/** What a sub-agent's transcript shows: its task, its final output in full, and the files it wrote. */
export interface SubagentRun {
  /** The sub-agent's first prompt: the delegation. */
  task?: string;
  /**
   * A title when the task could not be read (Codex sends the task encrypted to its model: only its name is plain),
   * e.g. `Sub-agent task /root/audit`.
   */
  title?: string;
  /** The text of its last assistant message, whole; undefined when that message has no text or calls a tool. */
  finalOutput?: string;
  /** Files it wrote (tool calls whose result was not an error), as named, made absolute against the line's cwd. */
  written: string[];
  /** The sub-agent's own session as its note names it: `agent-<id>` in Claude Code, the thread id in Codex. */
  session?: string;
  /** A line too long to read (over MAX_LINE_BYTES) came after the last reply read: the final output is unknown. */
  unreadEnd?: boolean;
}
