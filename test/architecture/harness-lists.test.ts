// The harnesses are listed once, in src/harnesses/registry.ts: no other code (a harness's own folder included) writes
// two of them side by side (an array, a union type, a regex alternation, a sentence) — it reads the registry, or a
// harness's data (harness.ts), instead. Comments may name them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HARNESSES } from '../../src/harnesses/registry.js';

const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Two or more harnesses (by name or label) in a row: quoted, joined by `,` or `|` (an array, a union type); or bare,
 * joined by `,` (no space: `--harness a,b`), `|`, ` / `, `or`, `and` (a regex, a sentence); `a/b` with no space is a
 * path (`~/.gemini/antigravity`), not a list. A table keyed by names
 * (`{ claude, codex }`) is no list: TypeScript keeps it complete.
 */
function listPattern(words: string[]): RegExp {
  const word = `(?:${words.map(escapeRegExp).join('|')})`;
  const quoted = `(['"\`])${word}\\1(?:\\s*[,|]\\s*(['"\`])${word}\\2)+`;
  const bare = `\\b${word}\\b(?:(?:,|\\s*\\|\\s*|\\s+/\\s+|\\s+or\\s+|\\s+and\\s+)\\b${word}\\b)+`;
  return new RegExp(`${quoted}|${bare}`, 'g');
}

const LIST = listPattern(HARNESSES.flatMap((harness) => [harness.name, harness.label]));

/** The lists of harnesses in `text` outside its comments, as `line: match`. */
function harnessLists(text: string, pattern = LIST): string[] {
  return text.split('\n').flatMap((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return [];
    const code = line.replace(/\s\/\/\s.*$/, '');
    return [...code.matchAll(pattern)].map((match) => `${index + 1}: ${match[0]}`);
  });
}

describe('the harnesses are listed once', () => {
  it('finds a list written out in every form it is written in (the check can fail)', () => {
    const pattern = listPattern(['claude', 'codex', 'gemini', 'Claude Code', 'Gemini CLI']);
    expect(harnessLists(`const harnesses = ['claude', 'codex', 'gemini'];`, pattern)).toEqual([
      `1: 'claude', 'codex', 'gemini'`,
    ]);
    expect(harnessLists(`export type Harness = 'claude' | "codex";`, pattern)).toEqual([
      `1: 'claude' | "codex"`,
    ]);
    expect(harnessLists('const NAMES = /^(claude|codex|cursor)$/;', pattern)).toEqual(['1: claude|codex']);
    expect(harnessLists('throw new Error(`harness must be claude, codex or gemini`);', pattern)).toEqual([
      '1: codex or gemini',
    ]);
    expect(harnessLists(`const KNOWN = 'pi, Claude Code and Gemini CLI';`, pattern)).toEqual([
      '1: Claude Code and Gemini CLI',
    ]);
    expect(harnessLists('usage: --harness claude,codex', pattern)).toEqual(['1: claude,codex']);
    expect(harnessLists('`for claude / codex`', pattern)).toEqual(['1: claude / codex']);
    expect(harnessLists(`const home = '~/.gemini/codex';`, pattern)).toEqual([]);
    // One name, a table keyed by names, and comments are not lists.
    expect(harnessLists(`s.session(id, 'carol', 'gemini');`, pattern)).toEqual([]);
    expect(harnessLists('const WIRING = { claude, codex, gemini };', pattern)).toEqual([]);
    expect(harnessLists(`// Claude Code's and Codex's names\n * claude, codex`, pattern)).toEqual([]);
  });

  it('no file but the registry writes two harnesses side by side', () => {
    const files = sourceFiles(SRC).filter((file) => relative(SRC, file) !== 'harnesses/registry.ts');
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      harnessLists(readFileSync(file, 'utf8')).map((hit) => `${relative(SRC, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
