// The board folder is untrusted: a link planted at every folder level of the layout, FIFOs where records belong and
// a huge file are met by every command, run as a user runs them. Nothing outside the board is read, written,
// touched or deleted; no command hangs, crashes or reads the huge file into memory.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAgent } from '../../src/core/agents/registry.js';
import { openBoard } from '../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../src/core/cards/index.js';
import { pollMessages } from '../../src/core/messages/delivery.js';
import { dayOf } from '../../src/core/messages/message.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { listNotes, newestNoteFiles } from '../../src/core/notes/read.js';
import { writeHandoff } from '../../src/core/notes/write.js';
import { requestCardEntry } from '../../src/core/pending/index.js';
import { bindSession } from '../../src/core/sessions/session.js';
import { newId } from '../../src/core/store/ids.js';
import { endStdin } from '../helpers/processes.js';
import { BIN, baton, batonAsync, cleanEnv, snapshot, testdir } from '../helpers/testdir.js';

const HANDOFF = [
  '## Goal\nKeep the board safe.',
  '## Done\nPlanted links.',
  '## State and open questions\nAll refused.',
  '## Decisions and rejected options\nNone.',
  '## Pitfalls and blockers\nNone.',
  '## Next steps and read-first list\nRead this test.',
].join('\n\n');

interface Seeded {
  dir: string;
  root: string;
  env: Record<string, string>;
  card: string;
  message: string;
  note: string;
  project: string;
}

/**
 * A board with mail (queued and claimed), a card, agents, a session, a pending write and a last-seen stamp, made
 * in-process (the commands under test are the spawned ones).
 */
function seed(): Seeded {
  const dir = testdir();
  const root = join(dir, '.baton');
  const env = { BATON_DIR: root, BATON_SESSION: 's1' };
  const board = openBoard({ cwd: dir, env, home: join(dir, 'home') });
  registerAgent(board, 'alice', bindSession(board, 'alice').id);
  sendMessage(board, { from: 'alice', to: ['bob'], body: 'first' });
  const message = sendMessage(board, { from: 'alice', to: ['bob'], body: 'second' }).sent[0]!.id;
  pollMessages(board, 'bob', { max: 1 }).acknowledge();
  const card = createCard(board, { title: 'Topic', by: 'alice' }).card.id;
  appendEntry(board, card, { type: 'finding', author: 'alice', body: 'found' });
  requestCardEntry(board, { card, intent: 'please add', requestedBy: 'you', session: 's1' });
  writeFileSync(join(root, 'config.json'), '{"pending": {"ttl": "2h"}}\n');
  writeFileSync(join(root, 'state', 'hooks.log'), 'an earlier hook line\n');
  const { note } = writeHandoff(board, { body: HANDOFF });
  // The timeline's derived cache, so a link can be planted where it lives.
  listNotes(board, { frontMatterOnly: true });
  // The index's cache of newest names (saved for a folder that has settled) and a compaction's index-due marker.
  const settled = new Date(Date.now() - 60_000);
  utimesSync(join(root, 'notes', note.projectKey), settled, settled);
  newestNoteFiles(board, note.projectKey, 20);
  mkdirSync(join(root, 'state', 'index-due'));
  writeFileSync(join(root, 'state', 'index-due', 's1'), '');
  return { dir, root, env, card, message, note: note.id, project: note.projectKey };
}

/** Every command a user can run against a board, with arguments that make it read and write everything it can. */
function commands(s: Seeded): { args: string[]; input?: string }[] {
  const reply = '```board-entry\ntype: answer\n---\nan answer\n```\n';
  return [
    { args: ['send', '--as', 'alice', '--to', 'bob', '--body', 'hello'] },
    { args: ['send', '--as', 'carol', '--to', 'bob,dave,alice', '--body', 'fan-out'] },
    { args: ['send', '--as', 'alice', '--to', 'bob', '--reply', s.message, '--body', 'a reply'] },
    { args: ['inbox', '--as', 'bob'] },
    { args: ['inbox', '--all'] },
    { args: ['inbox', '--as', 'bob', '--unread'] },
    { args: ['thread', s.message] },
    { args: ['poll', '--as', 'bob'] },
    { args: ['listen', '--as', 'bob', '--timeout', '50'] },
    { args: ['redeliver', '--as', 'bob'] },
    { args: ['register', '--as', 'alice'] },
    { args: ['register', '--as', 'erin'] },
    { args: ['agents'] },
    { args: ['sessions'] },
    { args: ['card', 'list'] },
    { args: ['card', 'read', s.card] },
    { args: ['card', 'new', 'Another', '--as', 'alice'] },
    { args: ['card', 'write', s.card, '--type', 'note', '--as', 'alice', '--body', 'more'] },
    { args: ['card', 'ask', s.card, 'more please', '--session', 's1'] },
    { args: ['card', 'commit', '--session', 's1'], input: reply },
    { args: ['gc'] },
    { args: ['doctor'] },
    { args: ['init'] },
    { args: ['card', 'del', s.card, '--yes'] },
    { args: ['card', 'clean', '--yes'] },
    { args: ['handoff', 'write', '--session', 's1'], input: HANDOFF },
    { args: ['board'] },
    { args: ['board', '--all', '--json'] },
    { args: ['search', 'login'] },
    { args: ['search', 'note', '--json'] },
    { args: ['read', s.note] },
    { args: ['touch', 'src/a.ts'] },
    { args: ['who-else', 'src'] },
    { args: ['continue', s.note, '--print'] },
    { args: ['handoff', 'request', '--session', 's1'] },
    { args: ['index', '--as', 'bob'] },
    { args: ['pack', `note:${s.note}`, `card:${s.card}`, `msg:${s.message}`, `alice:${s.project}`] },
    { args: ['result', 'write', '--as', 'alice', '--title', 'Done'], input: 'the whole result\n' },
    { args: ['gc', '--dry-run'] },
    ...hookCalls(s),
  ];
}

/** The hooks as a harness runs them: each event's JSON on stdin for session s1. */
function hookCalls(s: Seeded): { args: string[]; input: string }[] {
  const json = (extra: Record<string, unknown>) => JSON.stringify({ session_id: 's1', cwd: s.dir, ...extra });
  const write = { tool_name: 'Write', tool_input: { file_path: join(s.dir, 'src', 'a.ts') } };
  const reply = '```board-entry\ntype: answer\n---\nan answer\n```\n';
  return [
    { args: ['hook', 'session-start', '--harness', 'claude'], input: json({ source: 'startup' }) },
    { args: ['hook', 'user-prompt-submit', '--harness', 'claude'], input: json({ prompt: 'go' }) },
    { args: ['hook', 'pre-tool-use', '--harness', 'claude'], input: json(write) },
    { args: ['hook', 'post-tool-use', '--harness', 'claude'], input: json(write) },
    { args: ['hook', 'stop', '--harness', 'claude'], input: json({ last_assistant_message: reply }) },
    { args: ['hook', 'pre-compact', '--harness', 'claude'], input: json({ trigger: 'auto' }) },
    {
      args: ['hook', 'subagent-stop', '--harness', 'claude'],
      input: json({
        agent_transcript_path: join(s.dir, 'sub.jsonl'),
        last_assistant_message: 'sub-agent result',
      }),
    },
    { args: ['hook', 'session-end', '--harness', 'claude'], input: json({ reason: 'other' }) },
  ];
}

// Every folder level of the layout, and the files a writer touches by name.
const LEVELS = [
  'agents',
  'sessions',
  'cards',
  'pending',
  'messages',
  'messages/bob',
  'messages/bob/<day>',
  'state',
  'state/delivery',
  'state/delivery/bob',
  'state/delivery/bob/new',
  'state/delivery/bob/claimed',
  'state/seen',
  'state/seen/alice',
  'state/pids',
  'agents/alice.json',
  'sessions/s1.json',
  'pending/s1.json',
  'config.json',
  'notes',
  'notes/<project>',
  'state/note-heads',
  'state/note-heads/<project>.json',
  'state/note-names',
  'state/note-names/<project>.json',
  'state/index-due',
  'state/index-due/s1',
  'state/hooks.log',
] as const;

function runAsync(args: string[], options: { cwd: string; env: Record<string, string>; input?: string }) {
  return new Promise<{ code: number | null; signal: string | null; stderr: string; args: string[] }>(
    (done) => {
      const child = batonAsync(args, options);
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.stdout.resume();
      // A hang guard, as testdir's baton() has: a command that hangs fails (signal SIGKILL) instead of holding the run.
      const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        done({ code, signal, stderr, args });
      });
      endStdin(child, options.input ?? '');
    },
  );
}

// Commands run a few at a time: the property under test (nothing outside is touched) holds in any order.
async function runAll(s: Seeded) {
  const queue = commands(s);
  const results: Awaited<ReturnType<typeof runAsync>>[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      results.push(await runAsync(next.args, { cwd: s.dir, env: s.env, input: next.input }));
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return results;
}

describe('a link planted at every folder level', () => {
  it.each(LEVELS)(
    '%s: every command leaves everything outside the board untouched',
    async (level) => {
      const s = seed();
      const path = join(s.root, level.replace('<day>', dayOf(s.message)).replace('<project>', s.project));
      const outside = join(s.dir, 'outside');
      mkdirSync(join(s.dir, 'outside-parent'));
      // The link points at a copy of what was there (so a followed link would find real-looking records) plus bait.
      renameSync(path, outside);
      symlinkSync(outside, path);
      const bait = join(s.dir, 'bait');
      writeFileSync(bait, 'bait');
      const before = { outside: snapshot(outside), bait: snapshot(s.dir).bait };
      const results = await runAll(s);
      for (const result of results) {
        expect(result.signal, `baton ${result.args.join(' ')} hung`).toBeNull();
        expect([0, 1], `baton ${result.args.join(' ')}: ${result.stderr}`).toContain(result.code);
        expect(result.stderr, `baton ${result.args.join(' ')}`).not.toMatch(/unexpected error|\n\s+at /);
      }
      expect(snapshot(outside)).toEqual(before.outside);
      expect(snapshot(s.dir).bait).toEqual(before.bait);
      // doctor names the link.
      expect(baton(['doctor'], { cwd: s.dir, env: s.env }).stdout).toContain(
        `${path}: is a symlink (not followed`,
      );
    },
    120_000,
  );
});

describe('FIFOs and devices where records belong', () => {
  it('no command hangs or reads one, and doctor lists each', async () => {
    const s = seed();
    const day = dayOf(s.message);
    const fifos = [
      'config.json',
      'agents/zed.json',
      'sessions/s9.json',
      'pending/s9.json',
      `cards/${s.card}-fifo.md`,
      `messages/bob/${day}/${newId('m')}.md`,
      'state/seen/erin',
      `state/delivery/bob/new/${newId('m')}`,
      `state/pids/${process.pid}.json`,
      `notes/${s.project}/${newId('n')}.md`,
      `state/note-heads/${s.project}.json`,
      `state/note-names/${s.project}.json`,
      'state/index-due/s9',
    ].map((rel) => join(s.root, rel));
    for (const fifo of fifos) {
      mkdirSync(join(fifo, '..'), { recursive: true });
      rmSync(fifo, { force: true });
      expect(spawnSync('mkfifo', [fifo], { encoding: 'utf8' }).stderr).toBe('');
    }
    const results = await runAll(s);
    for (const result of results) {
      expect(result.signal, `baton ${result.args.join(' ')} hung`).toBeNull();
      expect([0, 1], `baton ${result.args.join(' ')}: ${result.stderr}`).toContain(result.code);
    }
    const doctor = baton(['doctor'], { cwd: s.dir, env: s.env });
    for (const fifo of fifos) expect(doctor.stdout).toContain(fifo);
    expect(doctor.code).toBe(1);
  });
});

describe('a huge file in the board', () => {
  it('is refused by its size before it is read: inbox and doctor stay small', () => {
    const s = seed();
    const huge = join(s.root, 'messages', 'bob', dayOf(s.message), `${newId('m')}.md`);
    writeFileSync(huge, '');
    truncateSync(huge, 1_500_000_000); // sparse: no disk used, 1.5 GB to a reader
    // A preload reports the process's peak memory when it exits.
    const probe = join(s.dir, 'peak.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => process.stderr.write('\\npeak-rss ' + process.resourceUsage().maxRSS + '\\n'));",
    );
    for (const args of [['inbox', '--as', 'bob'], ['doctor'], ['inbox', '--all', '--limit', '0']]) {
      const run = spawnSync(process.execPath, ['--require', probe, BIN, ...args], {
        cwd: s.dir,
        env: cleanEnv(s.env),
        encoding: 'utf8',
        timeout: 180_000, // a hang guard
      });
      const peakKb = Number(/peak-rss (\d+)/.exec(run.stderr)?.[1]);
      expect(peakKb, `baton ${args.join(' ')}`).toBeLessThan(200 * 1024);
      expect(`${run.stdout}${run.stderr}`).toContain(`${huge}: larger than`);
    }
    rmSync(huge);
  });
});
