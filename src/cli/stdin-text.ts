// The one way stdin's bytes become text, for every command and hook, local or served: strict UTF-8 (a byte sequence
// that is not UTF-8 is refused, never replaced) and a leading byte-order mark dropped, so a reader that judges the
// text (the remote route stripping a hook's paths) and the hook that acts on it see the same characters.
import { isUtf8 } from 'node:buffer';

/** The text of `bytes`, or undefined when they are not UTF-8. */
export function stdinText(bytes: Buffer): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
