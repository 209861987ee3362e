// baton's own words in a transcript: every block baton's hooks inject (the board index, pushed mail, a pending
// write's request, a conflict warning), in every wrapping a harness echoes it back in — Gemini CLI's
// `<hook_context>` (its text HTML-escaped) at the head or the tail of a prompt and after a tool's output, Codex's
// `<hook_prompt>`, Claude Code's "Stop hook feedback:", a bare follow-up prompt (Gemini CLI's AfterAgent, pi's
// extension). A draft quotes what a person typed and what tools printed, never these.
//
// The blocks are recognised by their structure, which their writers keep: the index opens with `<baton-index`
// and closes with `</baton-index>` on a line of its own (core/board-index/marker.ts), the mail with `<baton-mail`
// and `</baton-mail>` (core/display/messages.ts; every body line sits behind a gutter, so a body cannot close it),
// a pending write's request opens with "<who> asks you (<agent>) for a handoff note of this session" or "… to write
// an entry for the baton card …/a new baton card" and ends with "baton writes … when you reply…"
// (core/pending/request.ts). test/core/transcripts/injected.test.ts builds each with its writer.

// Harness wrappers whose whole content is hook output: Gemini CLI's context, Codex's stop block, Claude Code's stop
// block (the rest of the message). A wrapper left open (a cut-off message) runs to the end.
const WRAPPERS = [
  /<hook_context>[\s\S]*?(?:<\/hook_context>|$)/g,
  /<hook_prompt\b[^>]*>[\s\S]*?(?:<\/hook_prompt>|$)/g,
  /^\s*Stop hook feedback:[\s\S]*$/gi,
];

// baton's blocks, raw or HTML-escaped (`&lt;baton-mail …&gt;`): the opening tag to the closing one at a line start.
const BLOCKS = /(?:<|&lt;)baton-(index|mail)\b[\s\S]*?(?:\n[ \t]*(?:<|&lt;)\/baton-\1(?:>|&gt;)|$)/g;

// A pending write's request: its first line to its last ("baton writes … when you reply[ (this request expires …)].").
const REQUEST =
  /(?:^|\n)[^\n]{1,300} asks you \([^\n]{1,200}\) (?:for a handoff note of this session|to write (?:an entry for the baton card|a new baton card))[\s\S]*?(?:\nbaton writes [^\n]* when you reply[^\n]*|$)/g;

// A conflict warning of the pre-tool-use hook (core: hooks/edits.ts), one line per path.
const WARNING = /(?:^|\n)baton: [^\n]* was edited \d+ min ago by [^\n]*/g;

/**
 * `text` without any block baton injected nor a harness's hook wrapper around one; where a block was cut out, the
 * text on either side is kept apart by one blank line. Text without them comes back unchanged.
 */
export function withoutInjected(text: string): string {
  if (!mayHoldInjected(text)) return text;
  let out = text;
  for (const pattern of [...WRAPPERS, BLOCKS, REQUEST, WARNING]) out = cut(out, pattern);
  return out;
}

/** Whether `text` holds nothing but what baton (or a harness's hook wrapper) injected. */
export function isInjected(text: string): boolean {
  return text.trim() !== '' && mayHoldInjected(text) && withoutInjected(text).trim() === '';
}

/** Whether `text` is a turn baton pushed into a session (mail or a pending request at a stop), in any wrapping. */
export function isPushedTurn(text: string): boolean {
  if (!mayHoldInjected(text)) return false;
  const unwrapped = text
    .trim()
    .replace(/^stop hook feedback:\s*/i, '')
    .replace(/^<hook_prompt\b[^>]*>/, '')
    .trimStart();
  return /^(?:<|&lt;)baton-mail\b/.test(unwrapped) || REQUEST_START.test(unwrapped);
}

const REQUEST_START =
  /^[^\n]{1,300} asks you \([^\n]{1,200}\) (?:for a handoff note of this session|to write (?:an entry for the baton card|a new baton card))/;

// A cheap test first: most texts hold none of the markers.
function mayHoldInjected(text: string): boolean {
  return (
    text.includes('hook_context') ||
    text.includes('hook_prompt') ||
    /^\s*stop hook feedback:/i.test(text) ||
    text.includes('baton-') ||
    text.includes(' asks you (') ||
    text.includes('baton: ')
  );
}

function cut(text: string, pattern: RegExp): string {
  const kept: string[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    kept.push(text.slice(from, match.index));
    from = match.index + match[0].length;
  }
  if (from === 0) return text;
  kept.push(text.slice(from));
  return kept
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('\n\n');
}
