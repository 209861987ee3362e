// The lead-in of a continued session's first message (`baton continue`): written here, and read back here when a
// transcript shows it, so a draft of the continued session carries its parent's goal instead of quoting baton's words.
import { visibleText } from '../display/visible-text.js';
import type { NoteRecord } from './note.js';

const OPENING = 'You are continuing the work of session ';

/** Where a continued session's first message says it comes from. */
export interface LeadIn {
  /** The session it continues. */
  session: string;
  /** The handoff note it continues, when the lead-in names one. */
  note?: string;
  /** What the person asked of the new session (`baton continue --prompt`), when they asked something. */
  request?: string;
}

const REQUEST_HEAD = 'The request for this session, from the person who started it:';

/** The lead-in's first line: which session this one continues, by whom, in which harness and project. */
export function leadInLine(note: NoteRecord): string {
  const show = (value: string) => visibleText(value, { singleLine: true });
  return `${OPENING}${show(note.session)} (${show(note.agent)}, ${show(note.harness)}) on project ${show(note.projectKey)}.`;
}

/** The person's request as the message's last paragraph ('' without one). Control characters are made visible. */
export function requestBlock(request: string | undefined): string {
  const text = request === undefined ? '' : visibleText(request.trim());
  return text === '' ? '' : `${REQUEST_HEAD}\n${text}\n`;
}

/**
 * The lead-in a user message opens with, or undefined when it is not one. A harness may quote the message it was
 * started with (`opencode run` puts a prompt holding spaces in double quotes), so one opening quote is allowed.
 */
export function parseLeadIn(text: string): LeadIn | undefined {
  let start = text.trimStart();
  if (start.startsWith('"')) start = start.slice(1);
  if (!start.startsWith(OPENING)) return undefined;
  const session = /^(\S+) \(/.exec(start.slice(OPENING.length, OPENING.length + 400))?.[1];
  if (!session) return undefined;
  const head = start.slice(0, 2000);
  const note = /\bIts handoff (?:note (n-[0-9A-HJKMNP-TV-Z]{26})\b|\(note (n-[0-9A-HJKMNP-TV-Z]{26})\))/.exec(
    head,
  );
  const at = start.lastIndexOf(`\n${REQUEST_HEAD}\n`);
  let request: string | undefined;
  if (at !== -1) {
    request = start.slice(at + REQUEST_HEAD.length + 2).trim();
    // The closing quote and escapes a harness added around the whole message.
    if (text.trimStart().startsWith('"') && request.endsWith('"')) request = request.slice(0, -1).trimEnd();
  }
  return {
    session,
    ...(note ? { note: note[1] ?? note[2] } : {}),
    ...(request ? { request } : {}),
  };
}
