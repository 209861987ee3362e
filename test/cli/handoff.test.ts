// Handoff notes as a user writes and reads them: `baton handoff write`, `baton read`, `baton board`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idTime, newId } from '../../src/core/store/ids.js';
import { BODY, bodyWithGoal } from '../core/notes/bodies.js';
import { checkout } from '../helpers/project.js';
import { baton, filesUnder, snapshot, testdir } from '../helpers/testdir.js';

const project = (name = 'shop') => checkout(name);

const idOf = (stdout: string) => /wrote (n-[0-9A-Z]{26})/.exec(stdout)?.[1] ?? '';

describe('baton handoff write', () => {
  it('writes from stdin and prints a receipt: id, project, title, lineage', () => {
    const p = project();
    const first = p.run(
      ['handoff', 'write', '--session', 'sess-aaaa1111', '--files', 'test/login.spec.ts'],
      BODY,
    );
    expect(first.code).toBe(0);
    const id = idOf(first.stdout);
    expect(first.stdout).toBe(
      `wrote ${id} "Fix the flaky login test." (handoff, curated, 1 file)\n` +
        `  project ${p.key} · session sess-aaa · first of its line (the anchor of this project)\n` +
        `  ${join(p.root, '.baton', 'notes', p.key, `${id}.md`)}\n`,
    );
    const second = p.run(
      [
        'handoff',
        'write',
        '--session',
        'sess-bbbb2222',
        '--parent-session',
        'sess-aaaa1111',
        '--as',
        'codex-77b1',
      ],
      bodyWithGoal('Ship the fix.'),
    );
    expect(second.stdout).toContain(`continues ${id} "Fix the flaky login test." (session sess-aaa)`);
    expect(p.run(['read', idOf(second.stdout)]).stdout).toContain('agent: codex-77b1\n');
  });

  it('--file reads the body from a file; a missing file is a usage error', () => {
    const p = project();
    writeFileSync(join(p.dir, 'h.md'), BODY);
    expect(p.run(['handoff', 'write', '--file', join(p.dir, 'h.md')]).code).toBe(0);
    const missing = p.run(['handoff', 'write', '--file', join(p.dir, 'nope.md')]);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `baton: cannot read --file ${join(p.dir, 'nope.md')}: it does not exist\n`,
    ]);
  });

  it.each([
    [
      'a missing section',
      ['handoff', 'write'],
      BODY.replace(/## Done\n[^#]*/, ''),
      1,
      'not a handoff: the section "Done" is missing — nothing was written',
    ],
    [
      'a section twice',
      ['handoff', 'write'],
      `${BODY}\n## Goal\nagain\n`,
      1,
      'the section "Goal" appears twice',
    ],
    [
      'an empty section',
      ['handoff', 'write'],
      BODY.replace('None.', ''),
      1,
      'the section "Pitfalls and blockers" is empty',
    ],
    ['no body', ['handoff', 'write'], '', 1, 'empty handoff'],
    [
      'a file outside the project',
      ['handoff', 'write', '--files', '../x/secret.ts'],
      BODY,
      1,
      'is outside the project',
    ],
    [
      'a bad status',
      ['handoff', 'write', '--status', 'paused'],
      BODY,
      2,
      '--status must be ok or error, got "paused"',
    ],
  ])('refuses %s and writes nothing', (_, args, input, code, message) => {
    const p = project();
    const before = snapshot(p.root);
    const run = p.run(args, input);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
    expect(snapshot(p.root)).toEqual(before);
  });

  it('out of order sections are stored in the canonical order, headings as written', () => {
    const p = project();
    const shuffled = `${BODY.replace('## Goal\nFix the flaky login test.\n\n', '')}\n## 任务目标\n修复登录测试。\n`;
    const id = idOf(p.run(['handoff', 'write'], shuffled).stdout);
    const text = readFileSync(join(p.root, '.baton', 'notes', p.key, `${id}.md`), 'utf8');
    expect(text.split('\n').filter((line) => line.startsWith('## '))[0]).toBe('## 任务目标');
  });
});

describe('baton handoff read / board: the commands of their own', () => {
  it('point to `baton read` and `baton board` (exit 2, nothing written)', () => {
    const p = project();
    const before = snapshot(p.root);
    expect(p.run(['handoff', 'read', 'n-01'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'baton: unknown subcommand "read" for `baton handoff` — it is a command of its own: `baton read <note-id>` (handoff takes write, request, draft, generate)\n',
    });
    expect(p.run(['handoff', 'board'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'baton: unknown subcommand "board" for `baton handoff` — it is a command of its own: `baton board` (handoff takes write, request, draft, generate)\n',
    });
    expect(snapshot(p.root)).toEqual(before);
  });
});

describe('baton board', () => {
  it('shows a three-generation lineage with a sub-agent and an external parent as SPEC §6 says', () => {
    const p = project();
    const write = (session: string, parent: string, goal: string) =>
      idOf(
        p.run(['handoff', 'write', '--session', session, '--parent-session', parent], bodyWithGoal(goal))
          .stdout,
      );
    const g1 = write('gen1-aaaaaaaa', '', 'First generation');
    const g2 = write('gen2-bbbbbbbb', 'gen1-aaaaaaaa', 'Second generation');
    const g3 = write('gen3-cccccccc', 'gen2-bbbbbbbb', 'Third generation');
    const ext = write('child-dddddddd', 'gone-99999999', 'Child of a session not on this board');
    // A sub-agent's note (a result note, written by hand here: result notes arrive with their own command).
    // Its id a second after the newest note's (a fixed id would turn older than the others as the clock passes it).
    const sub = newId('n', idTime(ext) + 1000);
    const text = readFileSync(join(p.root, '.baton', 'notes', p.key, `${g3}.md`), 'utf8')
      .replace(g3, sub)
      .replace('kind: handoff', 'kind: result')
      .replace('session: gen3-cccccccc', 'session: sub-eeeeeeee')
      .replace('parentSession: gen2-bbbbbbbb', 'parentSession: gen2-bbbbbbbb')
      .replace('title: Third generation', 'title: Delegated search');
    writeFileSync(join(p.root, '.baton', 'notes', p.key, `${sub}.md`), text);
    const board = p.run(['board']);
    expect(board.stderr).toBe('');
    const lines = board.stdout.trimEnd().split('\n');
    const row = (indent: number, title: string, kind: string, id: string, badges: string) =>
      new RegExp(
        `^${' '.repeat(indent)}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ \\| ${title} \\| ok \\| ${kind} \\| 0 files \\| ${id}${badges}$`,
      );
    expect(lines[0]).toBe(`project ${p.key} · 5 notes · anchor ${g1}`);
    expect(lines[1]).toBe('  ╌ external session gone-999 (no note on this board) ╌');
    expect(lines[2]).toMatch(
      row(4, 'Child of a session not on this board', 'main', ext, ' · source: gone-999'),
    );
    expect(lines[3]).toMatch(row(2, 'First generation', 'main', g1, ' · continued by 1'));
    expect(lines[4]).toMatch(row(4, 'Second generation', 'main', g2, ' · continued by 1 · source: gen1-aaa'));
    expect(lines.slice(5)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(row(6, 'Third generation', 'main', g3, ' · source: gen2-bbb')),
        expect.stringMatching(row(6, 'Delegated search', 'sub-agent of gen2-bbb', sub, '')),
      ]),
    );
    expect(lines).toHaveLength(7);
  });

  it('keeps the projects of a global board apart; --all shows each under its own header', () => {
    const dir = testdir();
    const home = join(dir, 'home');
    mkdirSync(home);
    const a = join(home, 'a');
    const b = join(home, 'b');
    mkdirSync(a);
    mkdirSync(b);
    const env = { HOME: home };
    expect(baton(['init', '--global'], { cwd: home, env }).code).toBe(0);
    baton(['handoff', 'write'], { cwd: a, env, input: bodyWithGoal('Work in a') });
    baton(['handoff', 'write'], { cwd: b, env, input: bodyWithGoal('Work in b') });
    const inA = baton(['board'], { cwd: a, env }).stdout;
    expect(inA).toContain('Work in a');
    expect(inA).not.toContain('Work in b');
    const all = baton(['board', '--all'], { cwd: a, env }).stdout;
    expect(all.match(/^project /gm)).toHaveLength(2);
    expect(filesUnder(join(home, '.baton', 'notes'))).toHaveLength(2);
  });

  it('a note whose lineage loops is shown once and reported', () => {
    const p = project();
    p.run(['handoff', 'write', '--session', 'loop-a', '--parent-session', 'loop-b'], BODY);
    p.run(['handoff', 'write', '--session', 'loop-b', '--parent-session', 'loop-a'], BODY);
    p.run(['handoff', 'write', '--session', 'self-c', '--parent-session', 'self-c'], BODY);
    const board = p.run(['board']);
    expect(board.code).toBe(0);
    expect(board.stdout.trimEnd().split('\n')).toHaveLength(4);
    expect(board.stderr).toContain('lineage loop');
    expect(board.stderr).toContain('names its own session self-c as its parent');
  });
});

describe('baton read', () => {
  it('prints the note as stored; an unknown or ambiguous id says what to do and exits 1', () => {
    const p = project();
    const id = idOf(p.run(['handoff', 'write'], BODY).stdout);
    p.run(['handoff', 'write'], BODY);
    const read = p.run(['read', id.slice(0, 22)]);
    expect(read.stdout).toBe(readFileSync(join(p.root, '.baton', 'notes', p.key, `${id}.md`), 'utf8'));
    expect(p.run(['read', 'n-ZZZ'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no note n-ZZZ'),
    });
    expect(p.run(['read', 'n-0'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is ambiguous'),
    });
    expect(p.run(['read'])).toMatchObject({
      code: 2,
      stderr: 'baton: read needs a note id — see `baton board`\n',
    });
  });
});
