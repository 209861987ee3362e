// Passwords given on a command line: `--password <pw>`, `--password=<pw>`, `mysql -p<pw>`, `sshpass -p <pw>`.

import { isPlaceholder, isReference } from './placeholders.js';
import { RANK, type Span } from './spans.js';

const MIN_LENGTH = 3;
const MAX_LENGTH = 512;
// `--password`, `--db-password`, `--passwd`, `--pass`, `--pwd`, then `=` or blanks and the value; tried
// only where `--` occurs, which `indexOf` finds faster than a regex that has to start with a lookbehind.
const LONG_FLAG = /--(?:[a-z0-9]+-){0,3}(?:password|passwd|pass|pwd)(?:=|[ \t]{1,8})(?=[^\s-])/iy;
// One scan for the commands that take a glued or short `-p`; absent words cost a full `includes` each.
const COMMANDS = /mysql|mariadb|sshpass/;
// The MySQL family takes its password glued to `-p` (`-p secret` would be a database name).
const MYSQL_LINE =
  /(?<![\w-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlpump|mysqlsh|mariadb(?:-\w+)?)(?![\w-])[^\n]{0,4096}/g;
// sshpass takes it as `-p <pw>` or `-p<pw>`, before the command it wraps.
const SSHPASS = /(?<![\w-])sshpass(?:[ \t]{1,8}-[a-oq-zA-Z]\S{0,64})*[ \t]{1,8}-p[ \t]{0,8}(?=\S)/g;

/** The flag's argument at `start`: a quoted string that ends a shell word, or a run up to whitespace. */
function argumentAt(text: string, start: number): [number, number] | undefined {
  const quote = text[start];
  if (quote === '"' || quote === "'") {
    const inside = text.slice(start + 1, start + 1 + MAX_LENGTH);
    const length = inside.indexOf(quote);
    if (length === -1 || inside.slice(0, length).includes('\n')) return undefined;
    const close = start + 1 + length;
    // `'--password=', s(…)` in code closes one string and opens another: not a shell argument.
    if (!/^(?:[\s;|&)]|$)/.test(text.slice(close + 1, close + 2))) return undefined;
    return [start + 1, close];
  }
  let end = start;
  while (end < text.length && end - start <= MAX_LENGTH && !/[\s"'`]/.test(text[end]!)) end++;
  if (end - start > MAX_LENGTH) return undefined;
  // The sentence or bracket around a command (`(… -px).`) is not part of the password.
  while (end > start && /[)\],.;]/.test(text[end - 1]!)) end--;
  return [start, end];
}

function isPassword(value: string): boolean {
  return value.length >= MIN_LENGTH && !isReference(value) && !isPlaceholder(value);
}

/** `glued` arguments (`-pXyz`) are passwords whatever they look like; a spaced lowercase word may be prose. */
function pushArgument(text: string, start: number, spans: Span[], glued = false): void {
  // Already redacted (the second pass over a text sees its own markers).
  if (text.startsWith('[REDACTED:', start)) return;
  const range = argumentAt(text, start);
  if (range === undefined) return;
  const value = text.slice(range[0], range[1]);
  const quoted = range[0] > start;
  if (!isPassword(value) || (!glued && !quoted && /^[a-z]+$/.test(value))) return;
  spans.push({ start: range[0], end: range[1], kind: 'password-assignment', rank: RANK.assignment });
}

/**
 * Appends a span for each literal password argument of a command-line flag. The flag names the
 * value, so any literal of three or more characters counts, quoted words and glued `-pword`
 * included; an unquoted lowercase word after a spaced flag is left alone, as prose names flags
 * that way (`the --password option`). References (`"$PW"`), placeholders (`<password>`) and the
 * next flag (`--password --user`) never count.
 */
export function findPasswordFlags(text: string, spans: Span[]): void {
  for (let at = text.indexOf('--'); at !== -1; at = text.indexOf('--', at + 2)) {
    if (at > 0 && /[\w-]/.test(text[at - 1]!)) continue;
    LONG_FLAG.lastIndex = at;
    const match = LONG_FLAG.exec(text);
    if (match !== null) pushArgument(text, at + match[0].length, spans);
  }
  if (!COMMANDS.test(text)) return;
  if (text.includes('mysql') || text.includes('mariadb')) {
    MYSQL_LINE.lastIndex = 0;
    for (let line = MYSQL_LINE.exec(text); line !== null; line = MYSQL_LINE.exec(text)) {
      const end = line.index + line[0].length;
      for (let at = text.indexOf('-p', line.index); at !== -1 && at < end; at = text.indexOf('-p', at + 2)) {
        // `-pSecret` glued, as its own word: not `-p 3306`, `--port`, `-P`.
        if (/\S/.test(text[at - 1] ?? ' ') || /\s/.test(text[at + 2] ?? ' ')) continue;
        pushArgument(text, at + 2, spans, true);
      }
    }
  }
  if (text.includes('sshpass')) {
    SSHPASS.lastIndex = 0;
    for (let match = SSHPASS.exec(text); match !== null; match = SSHPASS.exec(text)) {
      pushArgument(text, match.index + match[0].length, spans);
    }
  }
}
