// `baton result write` as a user (or a sub-agent's shell) runs it: flags, a front-matter block, a flag winning over
// the block, bad input refused with nothing written, and 100 concurrent writes with one title.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNote } from '../../src/core/notes/note.js';
import { endStdin } from '../helpers/processes.js';
import { checkout } from '../helpers/project.js';
import { batonAsync, filesUnder } from '../helpers/testdir.js';

const DELIVERABLE = '# Login audit\n\nTwo endpoints skip the CSRF check:\n\n- POST /login\n- POST /logout\n';

function project() {
  const p = checkout();
  const notesDir = join(p.board, 'notes');
  return { ...p, notesDir, notes: () => filesUnder(notesDir) };
}

const idOf = (stdout: string) => /wrote (n-[0-9A-Z]{26})/.exec(stdout)?.[1] ?? '';

function noteOf(p: ReturnType<typeof project>, id: string) {
  const [rel] = p.notes().filter((name) => name.endsWith(`${id}.md`));
  const path = join(p.notesDir, rel ?? '');
  return parseNote(readFileSync(path, 'utf8'), path);
}

describe('baton result write', () => {
  it('with no session and no delegating session: the receipt says "no session", `board` says "result"', () => {
    const p = project();
    const result = p.run(['result', 'write', '--title', 'Standalone audit'], DELIVERABLE);
    expect(result.code).toBe(0);
    const id = idOf(result.stdout);
    expect(result.stdout.split('\n').slice(0, 2)).toEqual([
      `wrote ${id} "Standalone audit" (result, curated, 0 files)`,
      `  project ${p.key} · no session · first of its line (the anchor of this project)`,
    ]);
    const board = p.run(['board']);
    expect(board.stdout).toMatch(
      new RegExp(`\\| Standalone audit \\| ok \\| result \\| 0 files \\| ${id}\n`),
    );
    expect(board.stdout).not.toContain('sub-agent of');
    const json = JSON.parse(p.run(['board', '--json']).stdout);
    expect([json.families[0].kind, json.families[0].note.kind]).toEqual(['main', 'result']);
  });

  it('takes the body from stdin and the summary from flags; prints id, path and the board', () => {
    const p = project();
    const result = p.run(
      [
        'result',
        'write',
        '--title',
        'Login audit',
        '--status',
        'error',
        '--conclusion',
        'Two endpoints skip the check.',
        '--fact',
        'POST /login has no token',
        '--fact',
        'POST /logout neither',
        '--artifact',
        'docs/audit.md',
        '--task',
        'Audit the login flow',
        '--session',
        'agent-a485154',
        '--parent-session',
        'sess-parent1',
        '--as',
        'claude-3f2a9c',
      ],
      DELIVERABLE,
    );
    expect(result.code).toBe(0);
    const id = idOf(result.stdout);
    const note = noteOf(p, id);
    // The artifact is counted where the files are (it was "0 files" and nothing more).
    expect(result.stdout).toContain(`wrote ${id} "Login audit" (result, curated, 0 files, 1 artifact)\n`);
    expect(result.stdout).toContain(`  ${note.path}\n`);
    expect(result.stderr).toBe(`[board ${join(p.root, '.baton')}]\n`);
    expect(note).toMatchObject({
      kind: 'result',
      title: 'Login audit',
      status: 'error',
      conclusion: 'Two endpoints skip the check.',
      facts: ['POST /login has no token', 'POST /logout neither'],
      artifacts: ['docs/audit.md'],
      task: 'Audit the login flow',
      session: 'agent-a485154',
      parentSession: 'sess-parent1',
      agent: 'claude-3f2a9c',
      body: DELIVERABLE,
    });
    // A context pack shows it beside the facts.
    const pack = p.run(['pack', `note:${id}`]);
    expect(pack.code).toBe(0);
    expect(pack.stdout).toMatch(/^│ artifacts: docs\/audit\.md$/m);
  });

  it('--json prints the note; --file reads the body', () => {
    const p = project();
    const file = join(p.dir, 'result.md');
    writeFileSync(file, DELIVERABLE);
    const result = p.run(['result', 'write', '--file', file, '--json']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { note: { kind: string; body: string; title: string } };
    expect(printed.note).toMatchObject({ kind: 'result', body: DELIVERABLE, title: 'Login audit' });
  });

  it('reads the summary from a front-matter block; a flag wins over the same key', () => {
    const p = project();
    const input = [
      '---',
      'title: From the block',
      'conclusion: Block conclusion',
      'facts: ["one", "two"]',
      'artifacts: docs/spec.md',
      'task: Write the spec',
      'parentSession: sess-parent2',
      '---',
      DELIVERABLE,
    ].join('\n');
    const result = p.run(['result', 'write', '--title', 'From the flag'], input);
    expect(result.code).toBe(0);
    expect(noteOf(p, idOf(result.stdout))).toMatchObject({
      title: 'From the flag',
      conclusion: 'Block conclusion',
      facts: ['one', 'two'],
      artifacts: ['docs/spec.md'],
      task: 'Write the spec',
      parentSession: 'sess-parent2',
      body: DELIVERABLE,
    });
  });

  it.each([
    [
      'an unknown key in the block',
      ['result', 'write'],
      '---\ntitle: x\nsummary: nope\nowner: me\n---\nbody\n',
      2,
      'baton: unknown keys "summary", "owner" in the front-matter block — use title, status, conclusion, facts, artifacts, task, files, session, parentSession; nothing was written\n',
    ],
    [
      'a block that is not closed',
      ['result', 'write'],
      '---\ntitle: x\nbody\n',
      2,
      'baton: the input starts with --- but is not a front-matter block: front matter is not closed by --- — close it with a --- line (keys: title, status, conclusion, facts, artifacts, task, files, session, parentSession), or start the body with something else; nothing was written\n',
    ],
    [
      'an empty body',
      ['result', 'write', '--title', 'x'],
      '  \n',
      1,
      'baton: empty result — nothing was written: give the full deliverable on stdin or with --file (an abandoned delegation writes no note)\n',
    ],
    [
      'a block with no body after it',
      ['result', 'write'],
      '---\ntitle: x\n---\n',
      1,
      'baton: empty result — nothing was written: give the full deliverable on stdin or with --file (an abandoned delegation writes no note)\n',
    ],
    [
      'status degraded',
      ['result', 'write', '--status', 'degraded'],
      DELIVERABLE,
      2,
      'baton: status must be ok or error, got "degraded" (degraded is set by readers; there is no paused) — nothing was written\n',
    ],
    [
      'status paused in the block',
      ['result', 'write'],
      `---\nstatus: paused\n---\n${DELIVERABLE}`,
      2,
      'baton: status must be ok or error, got "paused" (degraded is set by readers; there is no paused) — nothing was written\n',
    ],
    [
      'a fact too long',
      ['result', 'write', '--fact', 'f'.repeat(301)],
      DELIVERABLE,
      1,
      `baton: fact too long: 301 characters (at most 300) — "${'f'.repeat(40)}…"; put the detail in the body. Nothing was written\n`,
    ],
  ])('%s: exact error, nothing written', (_name, args, input, code, stderr) => {
    const p = project();
    const result = p.run(args, input);
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code,
      stdout: '',
      stderr,
    });
    expect(p.notes()).toEqual([]);
  });

  it('BATON_DISABLE: exit 3, nothing written', () => {
    const p = project();
    const result = p.run(['result', 'write'], DELIVERABLE, { BATON_DISABLE: '1' });
    expect(result.code).toBe(3);
    expect(p.notes()).toEqual([]);
  });

  it('100 concurrent writes with the same title: 100 distinct files, each whole', async () => {
    const p = project();
    const bodies = Array.from(
      { length: 100 },
      (_, i) => `${DELIVERABLE}\nwriter ${i}\n${'x'.repeat(2000)}\n`,
    );
    const runs = bodies.map(
      (body) =>
        new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
          const child = batonAsync(['result', 'write', '--title', 'Same title', '--task', 'Same task'], {
            cwd: p.root,
            env: p.env,
          });
          let stderr = '';
          child.stderr.on('data', (chunk: Buffer) => {
            stderr += chunk.toString();
          });
          child.on('error', reject);
          child.on('close', (code) => resolve({ code, stderr }));
          endStdin(child, body);
        }),
    );
    const results = await Promise.all(runs);
    expect(results.filter((r) => r.code !== 0)).toEqual([]);
    const files = p.notes();
    expect(files).toHaveLength(100);
    expect(new Set(files).size).toBe(100);
    const seen = new Set<string>();
    for (const rel of files) {
      const path = join(p.notesDir, rel);
      const note = parseNote(readFileSync(path, 'utf8'), path);
      expect(note.degraded).toBeUndefined();
      expect(note).toMatchObject({ kind: 'result', title: 'Same title', task: 'Same task' });
      expect(bodies).toContain(note.body);
      seen.add(note.body);
    }
    // Every writer's body is there exactly once: no file was overwritten by another.
    expect(seen.size).toBe(100);
  });
});
