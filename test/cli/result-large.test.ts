// `baton result write` with a long deliverable, as a shell runs it (`< file`, `--file`): past the old 1 MiB stdin
// cap it is kept whole up to 4 MiB; past 4 MiB the note keeps the head and the size and stderr says so (naming the
// `--file`, where the whole is); past 16 MiB of input nothing is read whole and nothing is written.
import { spawnSync } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNote } from '../../src/core/notes/note.js';
import { checkout } from '../helpers/project.js';
import { BIN, cleanEnv, filesUnder } from '../helpers/testdir.js';

const MIB = 1024 * 1024;
const LINE = '| POST /login | no CSRF token | high | 缺少令牌 |\n';

function project() {
  const p = checkout();
  const notesDir = join(p.board, 'notes');
  const notes = () =>
    filesUnder(notesDir).map((rel) =>
      parseNote(readFileSync(join(notesDir, rel), 'utf8'), join(notesDir, rel)),
    );
  /** `baton <args> < file` from a shell, as a user pipes a saved output. */
  const fromFile = (args: string[], file: string) => {
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" "$@" < "${file}"`, 'sh', ...args], {
      cwd: p.root,
      env: cleanEnv(p.env),
      encoding: 'utf8',
    });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  return { ...p, notes, fromFile };
}

/** A table of findings, exactly `size` bytes, saved as `<dir>/<name>`. */
function saved(dir: string, name: string, size: number): { path: string; text: string } {
  const lines = LINE.repeat(Math.floor((size - 40) / Buffer.byteLength(LINE)));
  const text = `# Login audit\n\n${lines}${'-'.repeat(size - Buffer.byteLength(lines) - 16)}\n`;
  const path = join(dir, name);
  writeFileSync(path, text);
  expect(Buffer.byteLength(text)).toBe(size);
  return { path, text };
}

describe('baton result write: a long deliverable', () => {
  it('takes 2 MiB on stdin whole (more than other commands read)', () => {
    const p = project();
    const { path, text } = saved(p.dir, 'audit.md', 2 * MIB);
    const run = p.fromFile(['result', 'write', '--title', 'Login audit'], path);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: `[board ${p.board}]\n` });
    const [note] = p.notes();
    expect(note).toMatchObject({ title: 'Login audit', status: 'ok', body: text });
    expect(note?.truncated).toBeUndefined();
  });

  it('past 4 MiB on stdin keeps the head and the size, and says on stderr that nothing else kept the rest', () => {
    const p = project();
    const { path, text } = saved(p.dir, 'audit.md', 6 * MIB);
    const run = p.fromFile(['result', 'write', '--title', 'Login audit'], path);
    const kept = Buffer.from(text).lastIndexOf(0x0a, 4 * MIB - 1) + 1;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^wrote n-[0-9A-Z]{26} "Login audit" \(result, curated, 0 files\)\n/);
    expect(run.stderr).toBe(
      `baton: the result is 6,291,456 bytes, more than the 4 MiB a note keeps whole: the note keeps its first ${kept.toLocaleString('en-US')} bytes (truncated: true, status degraded unless error); baton kept no copy of the rest\n[board ${p.board}]\n`,
    );
    const [note] = p.notes();
    expect(note).toMatchObject({ status: 'degraded', truncated: true, fullBytes: 6 * MIB });
    expect(note?.body).toBe(
      `${Buffer.from(text).toString('utf8', 0, kept)}\n\n---\n\n**[baton] This result was cut to its head.** The deliverable was 6,291,456 bytes, more than the 4,194,304 bytes (4 MiB) a result note keeps whole, so only its first ${kept.toLocaleString('en-US')} bytes are above. baton kept no copy of the rest.\n`,
    );
  });

  it('past 4 MiB with --file names the file, which holds the whole', () => {
    const p = project();
    const { path } = saved(p.dir, 'audit.md', 5 * MIB);
    const run = p.run(['result', 'write', '--file', '../audit.md', '--status', 'error']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^baton: the result is 5,242,880 bytes, .*; the whole is in /);
    expect(run.stderr).toContain(`; the whole is in ${path}\n`);
    const [note] = p.notes();
    expect(note).toMatchObject({ status: 'error', truncated: true, fullBytes: 5 * MIB });
    expect(note?.body.endsWith(` bytes are above. The whole deliverable is in ${path}.\n`)).toBe(true);
  });

  it('refuses more than 16 MiB on stdin with what to do, and writes nothing', () => {
    const p = project();
    const path = join(p.dir, 'huge.md');
    writeFileSync(path, '');
    truncateSync(path, 16 * MIB + 1);
    const run = p.fromFile(['result', 'write'], path);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: stdin is larger than 16 MiB — nothing was written; a result note keeps 4 MiB whole and the head of a longer one: save the output to a file and pipe its start (`head -c 4M out.md | baton result write`)\n',
    });
    expect(p.notes()).toEqual([]);
  });

  it('refuses a --file over 16 MiB, and writes nothing', () => {
    const p = project();
    const path = join(p.dir, 'huge.md');
    writeFileSync(path, '');
    truncateSync(path, 16 * MIB + 1);
    const run = p.run(['result', 'write', '--file', path]);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `baton: cannot read --file ${path}: it is larger than 16777216 bytes\n`,
    });
    expect(p.notes()).toEqual([]);
  });
});
