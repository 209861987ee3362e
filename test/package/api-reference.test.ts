// The API reference (docs/api, generated from the library's TSDoc by `npm run docs`) matches the source: a changed
// declaration or comment without a regenerated reference fails here, naming the command that fixes it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testdir } from '../helpers/testdir.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TYPEDOC = join(ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc');

function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('the API reference', () => {
  it('docs/api is what `npm run docs` generates from the current source', () => {
    const out = join(testdir(), 'api');
    const run = spawnSync(process.execPath, [TYPEDOC, '--out', out, '--logLevel', 'Warn'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    // typedoc.json treats a warning (an undocumented link target, a broken {@link}) as an error.
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
    const generated = filesOf(out);
    const committed = filesOf(join(ROOT, 'docs', 'api'));
    expect([...committed.keys()].sort(), 'docs/api is out of date: run `npm run docs`').toEqual(
      [...generated.keys()].sort(),
    );
    for (const [name, text] of generated) {
      expect(committed.get(name), `docs/api/${name} is out of date: run \`npm run docs\``).toBe(text);
    }
  }, 300_000); // typedoc on a loaded two-core machine: ~10 s alone
});
