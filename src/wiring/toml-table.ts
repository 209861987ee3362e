// One table of a TOML file (Codex's `[mcp_servers.baton]`), edited as text: the rest of the file — comments, order,
// spacing — stays byte-identical; the whole file is parsed before and after, and refused when it is not TOML.
import { parse } from 'smol-toml';
import { BatonError } from '../core/errors.js';

const HEADER = /^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(?:#.*)?$/;

export function parseToml(path: string, text: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new BatonError(
      'corrupt',
      `${path} is not valid TOML (${reason}) — nothing was written; fix the file (or move it away) and run baton init again`,
    );
  }
}

/** `mcp_servers.baton` or `mcp_servers."baton"` → ['mcp_servers', 'baton']. */
function keyPath(header: string): string[] {
  return header.split('.').map((part) =>
    part
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/^'(.*)'$/, '$1'),
  );
}

function startsWith(path: string[], prefix: string[]): boolean {
  return prefix.every((part, index) => path[index] === part);
}

/**
 * Sets the table at `table` (e.g. ['mcp_servers', 'baton']) to `body` (its `key = value` lines), or removes it
 * (and its sub-tables) when `body` is null. The table is rewritten where it stood, or appended. A table defined
 * some other way (inline, dotted keys) is refused: baton cannot edit it without rewriting the file.
 */
export function setTomlTable(
  path: string,
  current: string | null,
  table: string[],
  body: string | null,
): string | null {
  const text = current ?? '';
  const parsed = parseToml(path, text);
  const lines = text.split('\n');
  let start = -1;
  let end = -1;
  for (let i = 0; i < lines.length; i++) {
    const header = HEADER.exec(lines[i]!);
    if (!header) continue;
    const inside = startsWith(keyPath(header[1]!), table);
    if (start === -1 && inside) start = i;
    else if (start !== -1 && end === -1 && !inside) end = i;
  }
  if (start !== -1 && end === -1) end = lines.length;
  let value: unknown = parsed;
  for (const part of table) value = (value as Record<string, unknown> | undefined)?.[part];
  if (start === -1 && value !== undefined)
    throw new BatonError(
      'corrupt',
      `${path} defines ${table.join('.')} in a form baton does not edit (an inline table or dotted keys) — nothing was written; replace it with a [${table.join('.')}] table or remove it, then run baton init again`,
    );
  const block = body === null ? [] : [`[${table.join('.')}]`, ...body.trimEnd().split('\n')];
  let out: string[];
  if (start !== -1) {
    // Keep the blank lines that separated the old table from the next one.
    let stop = end;
    while (stop > start + 1 && lines[stop - 1]!.trim() === '') stop--;
    out = [...lines.slice(0, start), ...block, ...lines.slice(stop)];
    if (body === null) {
      // Drop the blank line init put before the table, when the table is gone.
      const at = start;
      if (at === 0) while (out.length > 0 && out[0]!.trim() === '') out.shift();
      if (at > 0 && out[at - 1]!.trim() === '' && (at === out.length || out[at]!.trim() === ''))
        out.splice(at - 1, 1);
    }
  } else if (body === null) return current;
  else {
    const kept = text === '' ? [] : lines;
    if (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
    out = kept.length === 0 ? block : [...kept, '', ...block];
    out.push('');
  }
  let result = out.join('\n');
  if (result.trim() === '') return current === null || body === null ? null : result;
  if (!result.endsWith('\n')) result += '\n';
  parseToml(path, result);
  return result === current ? current : result;
}

/** A TOML string. */
export function tomlString(text: string): string {
  return JSON.stringify(text);
}
