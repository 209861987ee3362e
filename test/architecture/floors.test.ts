// The floors of the code (ARCHITECTURE.md): core imports no front end; the front ends (http, mcp, web, hooks, wiring)
// stand on core and import none of each other, except that mcp and web mount their routes on the one HTTP layer;
// only the CLI — the composition root — wires them together. Read from every import in src/, static or dynamic.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/** What each floor may import, besides itself. */
const MAY_IMPORT: Record<string, string[]> = {
  core: [],
  http: ['core'],
  mcp: ['core', 'http'],
  web: ['core', 'http'],
  hooks: ['core'],
  wiring: ['core'],
  cli: ['core', 'http', 'mcp', 'web', 'hooks', 'wiring'],
  'index.ts': ['core'],
};

// The page runs in a browser: it imports its own files, the API's types, and core's pure display rules only.
const PAGE = 'web/page';
const PAGE_MAY_IMPORT = [PAGE, 'web/api-types.ts', 'core/display/visible-text.ts'];

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

const floorOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : path);

describe('the floors of the code', () => {
  const all = imports();

  it('finds the imports it judges', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all).toContainEqual(['cli/commands/send.ts', 'core/messages/send.ts']);
  });

  it('each floor imports only the floors below it; only the CLI wires the front ends together', () => {
    const crossings = all.filter(([from, to]) => {
      const floor = floorOf(from);
      const target = floorOf(to);
      if (from.startsWith(`${PAGE}/`)) return !PAGE_MAY_IMPORT.some((allowed) => to.startsWith(allowed));
      if (target === floor) return false;
      return !(MAY_IMPORT[floor] ?? []).includes(target);
    });
    expect(crossings.map(([from, to]) => `${from} → ${to}`)).toEqual([]);
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
