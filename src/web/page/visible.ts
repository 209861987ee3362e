// Board text as the page shows it, by the CLI's own rule (src/core/display/visible-text.ts): a bidi override or
// isolate, a C0/C1 control, a line separator or a zero-width no-break space shows as its escape (`\u202e`, `\x07`),
// so a title cannot reorder what a person reads. The API answers exact text; the page escapes where it shows it.
import { visibleText } from '../../core/display/visible-text.js';

/**
 * `text` with every character the CLI escapes written as that escape. Newlines and tabs stay (the page's CSS lays
 * them out; they cannot reorder text). Idempotent: an escape holds none of the characters it replaces.
 */
export function visible(text: string): string;
export function visible(text: string | undefined): string | undefined;
export function visible(text: string | undefined): string | undefined {
  return text === undefined ? undefined : visibleText(text);
}
