// The floors of the code (ARCHITECTURE.md): core imports no front end; the front ends (http, mcp, web, hooks, wiring)
// stand on core and import none of each other, except that mcp and web mount their routes on the one HTTP layer;
// only the CLI — the composition root — wires them together. Read from every import in src/, static or dynamic.
// src/harnesses/<name>/ holds one harness whole: its data (harness.ts) is the lowest floor, which every floor and the
// page may read; each other file takes the floor of the role its name says (transcript*.ts core, wiring*.ts wiring,
// hooks*.ts hooks).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/** What each floor may import, besides itself. */
const MAY_IMPORT: Record<string, string[]> = {
  harnesses: [],
  core: ['harnesses'],
  http: ['core', 'harnesses'],
  mcp: ['core', 'http', 'harnesses'],
  web: ['core', 'http', 'harnesses'],
  hooks: ['core', 'harnesses'],
  wiring: ['core', 'harnesses'],
  cli: ['core', 'http', 'mcp', 'web', 'hooks', 'wiring', 'harnesses'],
  'index.ts': ['core', 'harnesses'],
};

// The page runs in a browser: it imports its own files, the API's types, core's pure display rules and the harness
// data only.
const PAGE = 'web/page';
const PAGE_MAY_IMPORT = [PAGE, 'web/api-types.ts', 'core/display/visible-text.ts'];

// A file in a harness's folder (src/harnesses/<name>/) and the floor its role puts it on.
const HARNESS_ROLES: [RegExp, string][] = [
  [/^harness\.ts$/, 'harnesses'],
  [/^transcript(-[a-z-]+)?\.ts$/, 'core'],
  [/^wiring(-[a-z-]+)?\.ts$/, 'wiring'],
  [/^hooks(-[a-z-]+)?\.ts$/, 'hooks'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every relative import in src/, as [importing file, imported file], both relative to src/ with `.ts` endings. */
function imports(): [string, string][] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)].map((match): [string, string] => {
      const target = resolve(dirname(file), match[1]!).replace(/\.js$/, '.ts');
      return [relative(SRC, file), relative(SRC, target)];
    });
  });
}

/** The floor of a file (relative to src/); a file in a harness's folder whose name says no role has none. */
function floorOf(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'harnesses') return parts.length > 1 ? parts[0]! : path;
  // registry.ts and types.ts beside the folders are the harness data too.
  if (parts.length === 2) return 'harnesses';
  if (parts.length !== 3) return undefined;
  return HARNESS_ROLES.find(([name]) => name.test(parts[2]!))?.[1];
}

/** Whether the import of `to` by `from` crosses the floors. */
function crosses(from: string, to: string): boolean {
  const floor = floorOf(from);
  const target = floorOf(to);
  if (from.startsWith(`${PAGE}/`))
    return !(PAGE_MAY_IMPORT.some((allowed) => to.startsWith(allowed)) || target === 'harnesses');
  if (floor === undefined || target === undefined) return true;
  if (target === floor) return false;
  return !(MAY_IMPORT[floor] ?? []).includes(target);
}

describe('the floors of the code', () => {
  const all = imports();

  it('finds the imports it judges', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all).toContainEqual(['cli/commands/send.ts', 'core/messages/send.ts']);
  });

  it('each floor imports only the floors below it; only the CLI wires the front ends together', () => {
    const crossings = all.filter(([from, to]) => crosses(from, to));
    expect(crossings.map(([from, to]) => `${from} → ${to}`)).toEqual([]);
  });

  it('a file in a harness folder stands on the floor of its role', () => {
    // Every file there says its role by its name.
    const harnessFiles = sourceFiles(join(SRC, 'harnesses')).map((file) => relative(SRC, file));
    expect(harnessFiles).toContain('harnesses/claude/harness.ts');
    expect(harnessFiles.filter((file) => floorOf(file) === undefined)).toEqual([]);
    expect(crosses('harnesses/x/notes.ts', 'harnesses/x/harness.ts')).toBe(true);
    // The judge itself: a transcript reader is core, a wiring is wiring, hooks are hooks, the data is below them all.
    expect(crosses('harnesses/x/transcript.ts', 'core/transcripts/adapter.ts')).toBe(false);
    expect(crosses('harnesses/x/transcript.ts', 'wiring/edits.ts')).toBe(true);
    expect(crosses('harnesses/x/transcript-tools.ts', 'hooks/input.ts')).toBe(true);
    expect(crosses('harnesses/x/wiring.ts', 'wiring/edits.ts')).toBe(false);
    expect(crosses('harnesses/x/wiring-plugin.ts', 'hooks/envelope.ts')).toBe(true);
    expect(crosses('harnesses/x/hooks.ts', 'hooks/harness-hooks.ts')).toBe(false);
    expect(crosses('harnesses/x/hooks.ts', 'harnesses/y/hooks.ts')).toBe(false);
    expect(crosses('harnesses/x/hooks.ts', 'harnesses/y/wiring.ts')).toBe(true);
    expect(crosses('harnesses/x/harness.ts', 'core/store/names.ts')).toBe(true);
    expect(crosses('harnesses/registry.ts', 'harnesses/x/harness.ts')).toBe(false);
    expect(crosses('harnesses/registry.ts', 'harnesses/x/transcript.ts')).toBe(true);
    expect(crosses('core/transcripts/read-transcript.ts', 'harnesses/x/transcript.ts')).toBe(false);
    expect(crosses('core/transcripts/read-transcript.ts', 'harnesses/x/wiring.ts')).toBe(true);
    expect(crosses('core/sessions/process-tree.ts', 'harnesses/registry.ts')).toBe(false);
    expect(crosses(`${PAGE}/note-actions.tsx`, 'harnesses/registry.ts')).toBe(false);
    expect(crosses(`${PAGE}/note-actions.tsx`, 'harnesses/x/transcript.ts')).toBe(true);
  });

  it('the harness data imports no module but its own, so every floor and the page can load it', () => {
    const data = sourceFiles(join(SRC, 'harnesses')).filter(
      (file) => floorOf(relative(SRC, file)) === 'harnesses',
    );
    expect(data.length).toBeGreaterThan(2);
    const outside = data.filter((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g),
      ].some((match) => !match[1]!.startsWith('.')),
    );
    expect(outside.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('nothing outside the page imports the page, and no floor imports the CLI', () => {
    const wrong = all.filter(
      ([from, to]) =>
        (to.startsWith(`${PAGE}/`) && !from.startsWith(`${PAGE}/`)) ||
        (floorOf(to) === 'cli' && floorOf(from) !== 'cli'),
    );
    expect(wrong.map(([from, to]) => `${from} → ${to}`)).toEqual([]);
  });

  it('core never touches the process’s output or exit', () => {
    const offenders = sourceFiles(join(SRC, 'core')).filter((file) =>
      /\bprocess\.(stdout|stderr|exit)\b|\bconsole\./.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });
});
