// Every domain reads and writes the board through board.store, so what the contract suite shows on one store holds
// on the other: no domain file imports the file layer's readers and writers, nor node:fs. What inspects the disk
// itself (doctor, gc, sync, the watcher, the hooks' log) and what reads outside the board are not domains here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = resolve(import.meta.dirname, '../../../src/core');
const DOMAINS = ['agents', 'cards', 'messages', 'notes', 'pending', 'sessions', 'board/config.ts'];

/** The files that may read past the store, and why: none of them reads a board through a board. */
const PAST_THE_STORE: Record<string, string> = {
  'notes/continuation.ts': 'whether the folder a session would start in exists on this machine',
  'sessions/project-aliases.ts': 'whether the folder an older session ran in exists on this machine',
  'sessions/process-tree.ts': 'the process table (/proc)',
  'sessions/hook-gate.ts':
    "the gate marker's and the record's times, as the hooks' quick check has them: a bare root, without the store",
  'sessions/in-flight.ts':
    'the folders the hook gate makes with mkdir at a session’s start and end, their times, taken away with rmdir: on disk, as the gate has them',
  'messages/spool.ts':
    "a bare root, as the hooks' quiet check has it, lists the disk without loading the store",
};

// The file layer's names that touch files: the store's adapters use them, domains do not.
const FILE_LAYER =
  /\b(readTextFile|readTextHeads|readRecordFile|readNamedFile|listNames|listEntries|entryKind|checkFolders|ensureFolders|touchFile|appendToFile|removeFile|renameInside|walkTree|writeFileAtomic|replaceFileAtomic|withLock|withLockAsync|fileStore)\b/;

function files(path: string): string[] {
  if (path.endsWith('.ts')) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(path, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(path, entry.name)]
        : [],
  );
}

describe('the domains go through the store', () => {
  const sources = DOMAINS.flatMap((domain) => files(join(CORE, domain)));

  it.each(sources.map((path) => [relative(CORE, path), path]))('%s', (name, path) => {
    const text = readFileSync(path, 'utf8');
    const imports = [...text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gm)];
    for (const [, names, from] of imports) {
      if (PAST_THE_STORE[name]) continue;
      expect(from, `${name} imports node:fs`).not.toBe('node:fs');
      if (/\/store\/(safe-fs|read-file|atomic-write|lock|file-store)\.js$/.test(from!)) {
        expect(names!.match(FILE_LAYER)?.[0], `${name} imports from ${from}`).toBeUndefined();
      }
    }
  });

  it('finds the domain files and their imports (the check above reads something)', () => {
    expect(sources.length).toBeGreaterThan(40);
    const read = readFileSync(join(CORE, 'notes', 'read.ts'), 'utf8');
    expect(read).toMatch(/^import \{[^}]*\} from '\.\.\/store\/safe-fs\.js'/m);
  });
});
