// The one front-matter reader/writer: Markdown records with a YAML header, a fast subset with a full-YAML fallback.
import { createRequire } from 'node:module';

export type FieldValue = string | number | boolean | string[];
export type Fields = Record<string, FieldValue>;

export type ParsedRecord = { ok: true; fields: Fields; body: string } | { ok: false; reason: string };

const FENCE = '---';
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const PLAIN_SAFE = /^[A-Za-z0-9_./+][A-Za-z0-9 _.,:/@+()-]*$|^-[A-Za-z0-9_.][A-Za-z0-9 _.,:/@+()-]*$/;
const YAML_WORDS = /^(true|false|yes|no|on|off|null|~|y|n)$/i;
const NUMBERISH = /^[-+]?(\d[\d_]*(\.\d*)?([eE][-+]?\d+)?|\.\d+|0x[0-9a-fA-F]+|0o[0-7]+|\.inf|\.nan)$/i;

function formatString(value: string): string {
  const plain =
    PLAIN_SAFE.test(value) &&
    !value.endsWith(' ') &&
    !value.endsWith(':') &&
    !value.includes(': ') &&
    !value.includes(' #') &&
    !YAML_WORDS.test(value) &&
    !NUMBERISH.test(value);
  // JSON string syntax is valid YAML double-quoted syntax, so one escape routine serves both.
  return plain ? value : JSON.stringify(value);
}

function formatValue(value: FieldValue): string {
  if (Array.isArray(value)) return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
  if (typeof value === 'string') return formatString(value);
  return String(value);
}

/** Serialises fields (in insertion order; `undefined` values are left out) and a body into one record text. */
export function formatRecord(fields: Record<string, FieldValue | undefined>, body: string): string {
  const lines = [FENCE];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (!KEY.test(key)) throw new Error(`invalid front-matter key ${JSON.stringify(key)}`);
    lines.push(`${key}: ${formatValue(value)}`);
  }
  lines.push(FENCE);
  return `${lines.join('\n')}\n${body}`;
}

/** Parses a record. Never throws: anything that is not a record comes back as `{ ok: false, reason }`. */
export function parseRecord(text: string): ParsedRecord {
  const normalized = text.startsWith('\ufeff') ? text.slice(1) : text;
  if (!normalized.startsWith(`${FENCE}\n`) && !normalized.startsWith(`${FENCE}\r\n`)) {
    return { ok: false, reason: 'no front matter (the file must start with ---)' };
  }
  const start = normalized.indexOf('\n') + 1;
  const end = findClosingFence(normalized, start);
  if (end === -1) return { ok: false, reason: 'front matter is not closed by ---' };
  const header = normalized.slice(start, end);
  const afterFence = normalized.indexOf('\n', end);
  const body = afterFence === -1 ? '' : normalized.slice(afterFence + 1);
  const fields = parseHeaderFast(header) ?? parseHeaderYaml(header);
  if (typeof fields === 'string') return { ok: false, reason: fields };
  return { ok: true, fields, body };
}

function findClosingFence(text: string, from: number): number {
  let at = from;
  while (at <= text.length) {
    const next = text.indexOf('\n', at);
    const line = (next === -1 ? text.slice(at) : text.slice(at, next)).replace(/\r$/, '');
    if (line === FENCE) return at;
    if (next === -1) return -1;
    at = next + 1;
  }
  return -1;
}

// Fast path for what formatRecord writes and for simple hand edits; undefined means "ask the YAML parser".
function parseHeaderFast(header: string): Fields | undefined {
  const fields: Fields = {};
  for (const raw of header.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    const key = line.slice(0, colon);
    if (!KEY.test(key)) return undefined;
    const rest = line.slice(colon + 1);
    if (rest !== '' && !rest.startsWith(' ')) return undefined;
    const value = parseScalar(rest.trim());
    if (value === undefined) return undefined;
    fields[key] = value;
  }
  return fields;
}

function parseScalar(text: string): FieldValue | undefined {
  if (text === '') return '';
  const first = text[0];
  if (first === '"') return parseJson(text, 'string');
  if (first === '[') return parseJson(text, 'array');
  if (first === "'") {
    if (!text.endsWith("'") || text.length < 2) return undefined;
    const inner = text.slice(1, -1);
    return /(^|[^'])'($|[^'])/.test(inner) ? undefined : inner.replaceAll("''", "'");
  }
  if ('{&*!|>%@`'.includes(first!)) return undefined;
  const comment = text.indexOf(' #');
  const plain = (comment === -1 ? text : text.slice(0, comment)).trimEnd();
  if (plain.includes(': ')) return undefined;
  return plain;
}

function parseJson(text: string, want: 'string' | 'array'): FieldValue | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (want === 'string') return typeof value === 'string' ? value : undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  } catch {
    // not JSON-compatible: the YAML parser decides
  }
  return undefined;
}

let yamlModule: { parse(text: string): unknown } | undefined;

// Hand-edited headers (block lists, flow maps, anchors) go through the full YAML parser, loaded only then.
function parseHeaderYaml(header: string): Fields | string {
  try {
    yamlModule ??= createRequire(import.meta.url)('yaml') as { parse(text: string): unknown };
    const value = yamlModule.parse(header);
    if (value === null || value === undefined) return {};
    if (typeof value !== 'object' || Array.isArray(value)) return 'front matter is not a mapping';
    const fields: Fields = {};
    for (const [key, item] of Object.entries(value)) {
      const converted = toField(item);
      if (converted !== undefined) fields[key] = converted;
    }
    return fields;
  } catch (error) {
    return `front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`;
  }
}

function toField(item: unknown): FieldValue | undefined {
  if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') return item;
  if (item instanceof Date) return item.toISOString();
  if (Array.isArray(item))
    return item.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry)));
  if (item === null) return '';
  return JSON.stringify(item);
}
