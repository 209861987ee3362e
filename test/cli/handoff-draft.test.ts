// `baton handoff draft` as a user runs it: receipts (text and --json), --session, refused inputs (exit codes, exact
// errors, nothing written), what was skipped on stderr, and bounded memory on a 20 MB transcript.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectKeyOf } from '../../src/core/sessions/project.js';
import { BIN, baton, cleanEnv, snapshot, testdir } from '../helpers/testdir.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/transcripts');
const CLAUDE = join(FIXTURES, 'claude', '4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl');
const CODEX = join(
  FIXTURES,
  'codex',
  'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
);

/** A git checkout with a board, and a `run` that acts in it. */
function project() {
  const dir = testdir();
  const root = join(dir, 'shop');
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const home = join(dir, 'home');
  mkdirSync(home);
  const run = (args: string[], env: Record<string, string> = {}) =>
    baton(args, { cwd: root, env: { HOME: home, ...env } });
  expect(run(['init']).code).toBe(0);
  const key = projectKeyOf(root);
  return { dir, root, home, run, key };
}

describe('baton handoff draft', () => {
  it('drafts from a Claude Code transcript and prints a receipt: id, title, project, session, lineage, what it read', () => {
    const p = project();
    const result = p.run(['handoff', 'draft', '--transcript', CLAUDE]);
    expect(result.code).toBe(0);
    const id = /wrote (n-[0-9A-Z]{26})/.exec(result.stdout)?.[1] ?? '';
    const path = join(p.root, '.baton', 'notes', p.key, `${id}.md`);
    expect(result.stdout).toBe(
      `wrote ${id} "create hello.py, md and js" (handoff, raw, 3 files) from a Claude Code transcript\n` +
        `  project ${p.key} · session 4c2ddfdc · first of its line (the anchor of this project)\n` +
        '  read 25 lines: 3 prompt(s), 4 assistant message(s), 3 file(s) changed, 1 command(s) (0 failed), 0 tool error(s)\n' +
        `  ${path}\n`,
    );
    expect(result.stderr).toBe(`[board ${join(p.root, '.baton')}]\n`);
    const note = readFileSync(path, 'utf8');
    expect(note).toContain('provenance: raw\n');
    expect(note).toContain('## Goal\nThe first request in the session:\n\n> create hello.py, md and js\n');
    // The next agent reads it as any note.
    const read = p.run(['read', id]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('create hello.py, md and js');
  });

  it('drafting the same transcript again writes nothing and names the note; once the file changed, it drafts again', () => {
    const p = project();
    const transcript = join(p.dir, 'session.jsonl');
    writeFileSync(transcript, readFileSync(CLAUDE));
    utimesSync(transcript, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const first = p.run(['handoff', 'draft', '--transcript', transcript]);
    const id = /wrote (n-[0-9A-Z]{26})/.exec(first.stdout)?.[1] ?? '';
    const notes = join(p.root, '.baton', 'notes', p.key);
    const before = snapshot(notes);
    const again = p.run(['handoff', 'draft', '--transcript', transcript]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(
        `^unchanged: ${id} was drafted from this transcript at \\S+, and the file has not changed since — nothing written \\(\`baton read ${id}\`\\)\n$`,
      ),
    );
    expect(snapshot(notes)).toEqual(before);
    utimesSync(transcript, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    const changed = p.run(['handoff', 'draft', '--transcript', transcript]);
    expect(changed.stdout).toMatch(/^wrote n-/);
    expect(Object.keys(snapshot(notes))).toHaveLength(2);
  });

  it('--json: the receipt with lineage and stats', () => {
    const p = project();
    const result = p.run(['handoff', 'draft', '--transcript', CODEX, '--json']);
    expect(result.code).toBe(0);
    const receipt = JSON.parse(result.stdout);
    expect(receipt).toMatchObject({
      board: join(p.root, '.baton'),
      project: p.key,
      title: 'show tools',
      session: '019e1625-789d-76c0-80ab-3724b5ddb799',
      parentSession: '',
      agent: 'codex',
      harness: 'codex',
      provenance: 'raw',
      transcript: CODEX,
      files: [
        'src/agents/plugins/__tests__/codemie-code-reasoning.test.ts',
        'src/agents/plugins/codemie-code.plugin.ts',
        'src/agents/plugins/opencode/opencode.plugin.ts',
      ],
      lineage: 'first of its line (the anchor of this project)',
      stats: {
        lines: 386,
        prompts: 2,
        assistantMessages: 13,
        filesChanged: 3,
        commands: 43,
        failedCommands: 4,
        toolErrors: 5,
        skipped: { unknownType: 0, unknownTypes: {}, notJson: 0, tooLong: 0, truncatedLastLine: false },
      },
    });
    expect(receipt.path).toBe(join(p.root, '.baton', 'notes', p.key, `${receipt.id}.md`));
  });

  it('--session: the transcript, agent, project and parent come from the session record', () => {
    const p = project();
    const board = join(p.root, '.baton');
    mkdirSync(join(board, 'sessions'), { recursive: true });
    const record = {
      id: '4c2ddfdc-b619-4525-8d03-1950fb1b0257',
      harness: 'claude',
      agent: 'claude-3f2a9c',
      cwd: p.root,
      projectKey: p.key,
      parentSession: 'sess-before',
      startedAt: '2026-11-30T10:00:00.000Z',
      lastSeen: '2026-11-30T10:00:00.000Z',
      transcriptPath: CLAUDE,
    };
    writeFileSync(join(board, 'sessions', `${record.id}.json`), JSON.stringify(record));
    const result = p.run(['handoff', 'draft', '--session', record.id, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      session: record.id,
      parentSession: 'sess-before',
      agent: 'claude-3f2a9c',
      lineage: 'continues session sess-bef (no note of it on this board)',
      transcript: CLAUDE,
    });
  });

  it('reports skipped lines on stderr, type names escaped', () => {
    const p = project();
    const lines = readFileSync(CLAUDE, 'utf8').trimEnd().split('\n');
    lines.splice(2, 0, '{"type":"odd\\u001b[2Jtype"}', '{"type":"odd\\u001b[2Jtype"}', 'not json');
    const path = join(p.dir, 'odd.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n{"type":"user",`);
    const result = p.run(['handoff', 'draft', '--transcript', path]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'skipped 2 line(s) of unknown type: odd\\e[2Jtype ×2\n' +
        'skipped 1 line(s) that are not JSON objects\n' +
        'the last line is cut off (a transcript still being written?): skipped\n' +
        `[board ${join(p.root, '.baton')}]\n`,
    );
  });

  it('refuses what is not a transcript: exit 1, the reason, nothing written', () => {
    const p = project();
    const path = join(p.dir, 'README.md');
    writeFileSync(path, '# Not a transcript\n');
    const before = snapshot(p.dir);
    const text = p.run(['handoff', 'draft', '--transcript', path]);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('');
    expect(text.stderr).toBe(
      `baton: ${path} is not JSONL (its first line is not a JSON object) — not a transcript; nothing was written\n`,
    );
    const json = p.run(['handoff', 'draft', '--transcript', path, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        code: 'invalid_input',
        message: `${path} is not JSONL (its first line is not a JSON object) — not a transcript; nothing was written`,
      },
    });
    const fifo = join(p.dir, 'pipe.jsonl');
    spawnSync('mkfifo', [fifo]);
    const snapshotWithFifo = snapshot(p.dir);
    expect(p.run(['handoff', 'draft', '--transcript', fifo]).stderr).toBe(
      `baton: ${fifo} is not a regular file (a FIFO, device or socket) — pass the session's .jsonl file; nothing was written\n`,
    );
    expect(snapshot(p.dir)).toEqual(snapshotWithFifo);
    expect(snapshotWithFifo).toMatchObject(before);
  });

  it('usage: a transcript or a session is needed (exit 2); BATON_DISABLE stops it (exit 3)', () => {
    const p = project();
    const none = p.run(['handoff', 'draft']);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'baton: handoff draft needs --transcript <file> or --session <id> — see `baton handoff draft --help`\n',
    );
    expect(p.run(['handoff', 'draft', '--transcript', CLAUDE], { BATON_DISABLE: '1' }).code).toBe(3);
    expect(p.run(['handoff', 'draft', '--help']).stdout).toContain(
      'baton handoff draft (--transcript <file> | --session <id>)',
    );
  });

  it('a 20 MB transcript is streamed: peak memory stays far below the file held whole', () => {
    const p = project();
    const small = join(p.dir, 'small.jsonl');
    const big = join(p.dir, 'big.jsonl');
    writeTranscript(small, 100_000);
    writeTranscript(big, 20_000_000, true);
    const preload = join(p.dir, 'rss.cjs');
    writeFileSync(
      preload,
      "process.on('exit', () => require('fs').writeSync(2, 'maxrss ' + process.resourceUsage().maxRSS + '\\n'));\n",
    );
    const peak = (transcript: string) => {
      const result = spawnSync(
        process.execPath,
        ['--require', preload, BIN, 'handoff', 'draft', '--transcript', transcript],
        {
          cwd: p.root,
          env: cleanEnv({ HOME: p.home }),
          encoding: 'utf8',
        },
      );
      expect(result.status).toBe(0);
      return Number(/maxrss (\d+)/.exec(result.stderr)?.[1]) / 1024;
    };
    const base = peak(small);
    const large = peak(big);
    // Holding the file whole (20 MB of bytes, its text, its parsed lines) would add well over 60 MB.
    expect(large - base).toBeLessThan(40);
    expect(large).toBeLessThan(150);
  });
});

/**
 * A Claude Code transcript of about `bytes`, from the fixture's line shapes: prompts, tool calls and large tool
 * results (file reads); with `longLine`, one 17 MB line too (over the 16 MiB cap: skipped as it streams).
 */
function writeTranscript(path: string, bytes: number, longLine = false): void {
  const fd = openSync(path, 'w');
  const base = {
    sessionId: 'b16b16b1-0000-4000-8000-000000000000',
    cwd: '/w/big',
    version: '2.1.7',
    type: 'user',
  };
  const body = 'const x = 1; // filler line for a big file read\n'.repeat(600);
  let written = 0;
  let i = 0;
  const put = (value: object | string) => {
    const text = `${typeof value === 'string' ? value : JSON.stringify(value)}\n`;
    written += writeSync(fd, text);
  };
  put({ ...base, message: { role: 'user', content: 'Refactor the big module' } });
  if (longLine) put({ ...base, message: { role: 'user', content: 'y'.repeat(17 * 1024 * 1024) } });
  while (written < bytes) {
    i++;
    const id = `toolu_${i}`;
    put({
      ...base,
      type: 'assistant',
      message: {
        id: `msg_${i}`,
        role: 'assistant',
        content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: `/w/big/src/f${i}.ts` } }],
      },
    });
    put({
      ...base,
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: body }] },
      toolUseResult: { type: 'text', file: { filePath: `/w/big/src/f${i}.ts`, content: body } },
    });
    put({
      ...base,
      type: 'assistant',
      message: { id: `msg_${i}b`, role: 'assistant', content: [{ type: 'text', text: `Read f${i}.ts.` }] },
    });
  }
  closeSync(fd);
}
