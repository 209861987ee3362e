// `baton sync` as a user runs it: the board on its own branch, the user's branches and commits untouched, their
// hooks not run, clear refusals that write nothing, a separate repository from config.json, and --watch.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { startServe } from '../helpers/browser.js';
import { exitOf, spawnTracked } from '../helpers/processes.js';
import { BIN, baton, cleanEnv, filesUnder, testdir } from '../helpers/testdir.js';
import { outputMatching, waitFor } from '../helpers/wait.js';
import { gitIn } from '../sync/cluster.js';

function git(cwd: string, ...args: string[]): string {
  return gitIn(cwd, args).trim();
}

interface Machine {
  root: string;
  board: string;
  run(args: string[], input?: string): ReturnType<typeof baton>;
}

/** A bare repository and `names.length` clones of it, each with one commit on main and `baton init` run. */
function machines(...names: string[]): { origin: string; all: Machine[] } {
  const dir = testdir();
  const origin = join(dir, 'origin.git');
  git(dir, 'init', '-q', '--bare', '-b', 'main', origin);
  const all = names.map((name, i) => {
    const root = join(dir, name);
    git(dir, 'clone', '-q', origin, root);
    if (i === 0) {
      writeFileSync(join(root, 'README.md'), '# shop\n');
      git(root, 'add', 'README.md');
      git(root, 'commit', '-q', '-m', 'first');
      git(root, 'push', '-q', 'origin', 'HEAD:main');
    } else git(root, 'pull', '-q', 'origin', 'main');
    const run = (args: string[], input = '') => baton(args, { cwd: root, input });
    const init = run(['init']);
    expect(init.code).toBe(0);
    // init says it too, once the checkout is a real one.
    expect(init.stderr).toContain(`\n${UNTRACKED}\n`);
    return { root, board: join(root, '.baton'), run };
  });
  return { origin, all };
}

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of filesUnder(dir)) out[rel] = readFileSync(join(dir, rel), 'utf8');
  return out;
}

const UNTRACKED =
  '.baton/ is untracked in this checkout (`git status` lists it): to keep it out of your branches — `baton sync` moves the board on a branch of its own, "baton" — run `echo .baton/ >> .gitignore` (or add it to .git/info/exclude for this clone only); commit it instead to share the board with the project';

describe('baton sync', () => {
  it('moves records on the baton branch only: the user’s branch, index and commits stay as they were', () => {
    const { origin, all } = machines('a', 'b');
    const [a, b] = all as [Machine, Machine];
    writeFileSync(join(a.root, 'work.ts'), 'staged\n');
    git(a.root, 'add', 'work.ts');
    const before = {
      head: git(a.root, 'rev-parse', 'HEAD'),
      branch: git(a.root, 'branch', '--show-current'),
    };
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'hello from a']).code).toBe(0);

    const synced = a.run(['sync']);
    // The board is on its own branch, so in the project's it sits untracked: sync says how to ignore it.
    expect(synced.stderr).toBe(`[board ${a.board}]\n${UNTRACKED}\n`);
    expect(synced.stdout).toBe('sync: 1 local change(s) committed · pushed to origin/baton\n');
    writeFileSync(join(a.root, '.gitignore'), '.baton/\n');
    expect(a.run(['sync']).stderr).toBe(`[board ${a.board}]\n`);
    rmSync(join(a.root, '.gitignore'));
    expect(git(a.root, 'rev-parse', 'HEAD')).toBe(before.head);
    expect(git(a.root, 'branch', '--show-current')).toBe(before.branch);
    expect(git(a.root, 'diff', '--cached', '--name-only')).toBe('work.ts');
    expect(git(a.root, 'status', '--porcelain', '--untracked-files=all')).not.toMatch(/state\//);
    // The branch holds records and the merge rules, never derived state or this machine's settings.
    const files = git(origin, 'ls-tree', '-r', '--name-only', 'baton').split('\n');
    expect(files).toEqual([
      '.gitattributes',
      expect.stringMatching(/^messages\/bob\/\d{4}-\d{2}-\d{2}\/m-[0-9A-Z]{26}\.md$/),
    ]);
    expect(git(origin, 'log', '--format=%s', 'main')).toBe('first');

    const got = b.run(['sync', '--json']);
    expect(got.code).toBe(0);
    const result = JSON.parse(got.stdout);
    expect(result).toMatchObject({
      remote: 'origin',
      branch: 'baton',
      committed: 0,
      received: { added: 1, changed: 0, removed: 0, queued: 1 },
      pushed: false,
      hasRemote: true,
      problems: [],
    });
    expect(b.run(['inbox', '--as', 'bob']).stdout).toContain('hello from a');
    const polled = b.run(['poll', '--as', 'bob']);
    expect(polled.stdout).toContain('hello from a');
    expect(b.run(['sync']).stdout).toBe('sync: no local changes · up to date with origin/baton\n');
    expect(b.run(['poll', '--as', 'bob']).stdout).toBe('');
    // doctor says what was taken in, and does not read the worktree's copies as board files.
    const doctor = b.run(['doctor']);
    expect(doctor.stdout).toMatch(/^info {2}sync: took in [0-9a-f]{12} of the board's branch/m);
    expect(doctor.stdout).toContain('ok    files: no corrupt or foreign files');
    // Only state/.gitignore (which keeps the worktree out of the project's `git status`), none of the worktree's.
    expect(doctor.stdout).toContain('info  hidden files: 1 ignored by readers');
  });

  it('runs none of the project’s git hooks and ignores a GIT_DIR from the shell', () => {
    const { all } = machines('a');
    const [a] = all as [Machine];
    const hooks = join(a.root, '.git', 'hooks');
    for (const hook of ['pre-commit', 'commit-msg', 'pre-push', 'post-merge']) {
      writeFileSync(join(hooks, hook), `#!/bin/sh\necho ran >> "${join(a.root, 'hook-ran')}"\nexit 1\n`, {
        mode: 0o755,
      });
    }
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']).code).toBe(0);
    const synced = baton(['sync'], { cwd: a.root, env: { GIT_DIR: '/nonexistent' } });
    expect(synced.stderr).toBe(`[board ${a.board}]\n`);
    expect(synced.code).toBe(0);
    expect(existsSync(join(a.root, 'hook-ran'))).toBe(false);
  });

  it('refuses a board outside any git repository, naming the fix, and writes nothing', () => {
    const dir = testdir();
    expect(baton(['init'], { cwd: dir }).code).toBe(0);
    const board = join(dir, '.baton');
    const before = snapshot(board);
    const result = baton(['sync'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `baton: no git repository holds the board ${board} — run \`git init\` in ${dir} and add a remote, or name a repository for the board in config.json: {"sync": {"repo": "<url or path>"}}; nothing was written\n`,
    );
    expect(snapshot(board)).toEqual(before);
  });

  it('without the remote, commits here and says so', () => {
    const dir = testdir();
    git(dir, 'init', '-q', '-b', 'main');
    expect(baton(['send', '--as', 'alice', '--to', 'bob', '--body', 'x'], { cwd: dir }).code).toBe(0);
    const result = baton(['sync'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'sync: 1 local change(s) committed · no remote "origin" — committed here only (git remote add origin <url>)\n',
    );
    expect(git(dir, 'log', '--format=%s', 'baton')).toMatch(/^baton sync: 1 record from /);
  });

  it('uses a separate repository named in config.json, and refuses one that could be read as a flag', () => {
    const dir = testdir();
    const store = join(dir, 'boards.git');
    git(dir, 'init', '-q', '--bare', store);
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    for (const home of [a, b]) {
      mkdirSync(join(home, '.baton'), { recursive: true });
      expect(baton(['init'], { cwd: home }).code).toBe(0);
      // sync.remote names a remote of a project's repository; a separate repository is always its clone's origin.
      writeFileSync(
        join(home, '.baton', 'config.json'),
        JSON.stringify({ sync: { repo: store, remote: 'upstream' } }),
      );
    }
    expect(baton(['card', 'new', 'Shared', '--as', 'alice'], { cwd: a }).code).toBe(0);
    expect(baton(['sync'], { cwd: a }).stdout).toBe(
      'sync: 1 local change(s) committed · pushed to origin/baton\n',
    );
    expect(baton(['sync'], { cwd: b }).stdout).toMatch(/received 1 new, 0 changed, 0 removed record\(s\)/);
    expect(baton(['card', 'list'], { cwd: b }).stdout).toContain('Shared');

    // A repository that cannot be reached: the error names it, without the password its URL carries.
    const c = join(dir, 'c');
    mkdirSync(join(c, '.baton'), { recursive: true });
    expect(baton(['init'], { cwd: c }).code).toBe(0);
    writeFileSync(
      join(c, '.baton', 'config.json'),
      JSON.stringify({ sync: { repo: 'http://ci:hunter2@127.0.0.1:9/board.git' } }),
    );
    const unreachable = baton(['sync'], { cwd: c });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      /^baton: cannot clone sync\.repo http:\/\/ci:\*\*\*@127\.0\.0\.1:9\/board\.git: /,
    );
    expect(unreachable.stderr).not.toContain('hunter2');

    writeFileSync(
      join(b, '.baton', 'config.json'),
      JSON.stringify({ sync: { repo: '--upload-pack=touch x' } }),
    );
    const before = snapshot(join(b, '.baton'));
    const refused = baton(['sync'], { cwd: b });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'baton: sync.repo "--upload-pack=touch x" in config.json is not a repository (a name starting with "-" would be read as an option) — nothing was written\n',
    );
    expect(existsSync(join(b, 'x'))).toBe(false);
    expect(snapshot(join(b, '.baton'))).toEqual(before);
  });

  it('a record changed on two machines in ways baton cannot merge stops the sync and leaves the board as it was', () => {
    const { all } = machines('a', 'b');
    const [a, b] = all as [Machine, Machine];
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'original']).code).toBe(0);
    expect(a.run(['sync']).code).toBe(0);
    expect(b.run(['sync']).code).toBe(0);
    const rel = `messages/${filesUnder(join(b.board, 'messages'))[0]}`;
    const text = readFileSync(join(b.board, rel), 'utf8');
    writeFileSync(join(a.board, rel), text.replace('original', 'edited on a'));
    writeFileSync(join(b.board, rel), text.replace('original', 'edited on b'));
    expect(a.run(['sync']).code).toBe(0);
    const before = snapshot(b.board);
    const stopped = b.run(['sync']);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toBe(
      `baton: sync stopped: ${rel} changed on two machines in ways baton cannot merge — nothing on this board was changed; keep one version (edit the file on one machine, \`git -C ${join(b.board, 'state', 'sync', 'worktree')} log -p -- <path>\` shows both) and run \`baton sync\` again\n`,
    );
    const after = snapshot(b.board);
    for (const file of Object.keys(before).filter((f) => !f.startsWith('state/')))
      expect(after[file], file).toBe(before[file]);
    // Once one version is kept, the next sync finishes.
    writeFileSync(join(b.board, rel), readFileSync(join(a.board, rel), 'utf8'));
    expect(b.run(['sync']).code).toBe(0);
  });

  it('never follows a link planted where its worktree or state lives', () => {
    const { all } = machines('a');
    const [a] = all as [Machine];
    // Another worktree of the user's repository, which a link at state/sync/worktree points at.
    const other = join(a.root, '..', 'other');
    git(a.root, 'worktree', 'add', '-q', '-b', 'feature', other);
    writeFileSync(join(other, 'mine.txt'), 'uncommitted work\n');
    mkdirSync(join(a.board, 'state', 'sync'), { recursive: true });
    symlinkSync(other, join(a.board, 'state', 'sync', 'worktree'));
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']).code).toBe(0);
    expect(a.run(['sync']).code).toBe(0);
    expect(readFileSync(join(other, 'mine.txt'), 'utf8')).toBe('uncommitted work\n');
    expect(git(a.root, 'worktree', 'list')).toContain(other);
    expect(lstatSync(join(a.board, 'state', 'sync', 'worktree')).isDirectory()).toBe(true);

    // A link in place of state/sync itself: refused, nothing written through it.
    const outside = join(a.root, '..', 'outside');
    mkdirSync(outside);
    rmSync(join(a.board, 'state', 'sync'), { recursive: true, force: true });
    symlinkSync(outside, join(a.board, 'state', 'sync'));
    const refused = a.run(['sync']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^baton: .*state\/sync is a symlink \(not followed/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a message from a machine whose clock is an hour behind is still delivered, once, and sorts by its id everywhere', () => {
    const { all } = machines('a', 'b');
    const [a, b] = all as [Machine, Machine];
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'on time']).code).toBe(0);
    expect(a.run(['sync']).code).toBe(0);
    expect(b.run(['sync']).code).toBe(0);
    expect(b.run(['poll', '--as', 'bob']).stdout).toContain('on time');
    // Machine a's clock runs an hour behind: its next message has an older id than the one bob already has.
    const behind = openBoard({ board: a.board, cwd: a.root, env: {}, clock: () => Date.now() - 3_600_000 });
    const late = sendMessage(behind, { from: 'alice', to: 'bob', body: 'from a slow clock' }).sent[0]!.id;
    expect(a.run(['sync']).code).toBe(0);
    expect(b.run(['sync']).code).toBe(0);
    const polled = b.run(['poll', '--as', 'bob']);
    expect(polled.stdout).toContain('from a slow clock');
    expect(polled.stdout).not.toContain('on time');
    expect(b.run(['poll', '--as', 'bob']).stdout).toBe('');
    const order = (m: Machine) =>
      JSON.parse(m.run(['inbox', '--as', 'bob', '--all', '--json']).stdout).messages.map(
        (x: { id: string }) => x.id,
      );
    expect(order(a)).toEqual(order(b));
    expect(order(b)[0]).toBe(late);
  });

  it('a remote agent on the served board of one synced machine reaches an agent on another, and the reply comes back', async () => {
    const { all } = machines('a', 'b');
    const [a, b] = all as [Machine, Machine];
    const token = 'sync-and-serve-token-0123456789abcdef';
    const served = await startServe(a.board, { env: { BATON_TOKEN: token } });
    try {
      const sandbox = testdir();
      const remote = (args: string[]) =>
        baton(args, { cwd: sandbox, env: { BATON_URL: served.url.replace(/\/$/, ''), BATON_TOKEN: token } });
      const sent = remote([
        'send',
        '--as',
        'cloud',
        '--to',
        'bob',
        '--body',
        'from a sandbox without a checkout',
      ]);
      expect(sent.code).toBe(0);
      expect(a.run(['sync']).code).toBe(0);
      expect(b.run(['sync']).code).toBe(0);
      expect(b.run(['poll', '--as', 'bob']).stdout).toContain('from a sandbox without a checkout');
      expect(b.run(['send', '--as', 'bob', '--to', 'cloud', '--body', 'got it, thanks']).code).toBe(0);
      expect(b.run(['sync']).code).toBe(0);
      expect(a.run(['sync']).code).toBe(0);
      const polled = remote(['poll', '--as', 'cloud']);
      expect(polled.stdout).toContain('got it, thanks');
      expect(remote(['poll', '--as', 'cloud']).stdout).toBe('');
      // A wrong token is refused, and nothing reaches the board.
      const wrong = baton(['send', '--as', 'cloud', '--to', 'bob', '--body', 'x'], {
        cwd: sandbox,
        env: { BATON_URL: served.url.replace(/\/$/, ''), BATON_TOKEN: 'wrong' },
      });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('refused the token (BATON_TOKEN)');
      expect(a.run(['sync']).stdout).toBe('sync: no local changes · up to date with origin/baton\n');
    } finally {
      await served.stop();
    }
  });

  it('waits for another sync of the same board, says so, and stops on Ctrl-C while it waits', async () => {
    const { all } = machines('a');
    const [a] = all as [Machine];
    expect(a.run(['sync']).code).toBe(0);
    // A live process holds the board's sync lock.
    const holder = spawnTracked('sleep', ['600'], { stdio: 'ignore' });
    const lock = join(a.board, 'state', 'sync', 'run.lock');
    mkdirSync(lock);
    writeFileSync(join(lock, 'owner'), String(holder.pid));
    const waiting = spawnTracked(process.execPath, [BIN, 'sync'], {
      cwd: a.root,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // It says it waits (and by then its signal handlers are in place); Ctrl-C ends the wait with 130.
    expect(await outputMatching(waiting, 'stderr', /\n/)).toBe(
      'baton: another baton sync of this board is running — waiting for it (Ctrl-C stops)\n',
    );
    expect(waiting.exitCode).toBeNull();
    const exited = exitOf(waiting);
    waiting.kill('SIGINT');
    expect(await exited).toEqual({ code: 130, signal: null });
    // Once the holder is gone, its lock is broken at once and the sync runs.
    holder.kill('SIGKILL');
    await exitOf(holder);
    expect(a.run(['sync']).stdout).toBe('sync: no local changes · up to date with origin/baton\n');
  });

  it('refuses a branch of the same name that is not a board’s, locally or on the remote, and touches neither', () => {
    const { origin, all } = machines('a', 'b');
    const [a, b] = all as [Machine, Machine];
    // The project has a branch that happens to be called baton.
    git(a.root, 'branch', 'baton');
    const tip = git(a.root, 'rev-parse', 'baton');
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']).code).toBe(0);
    const refused = a.run(['sync']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'baton: the branch baton (refs/heads/baton) is not a board\'s (it holds README.md) — name another branch for the board in config.json: {"sync": {"branch": "baton-board"}}; nothing was written\n',
    );
    expect(git(a.root, 'rev-parse', 'baton')).toBe(tip);
    // Pushed, it is refused on a machine that meets it on the remote too.
    git(a.root, 'push', '-q', 'origin', 'baton');
    const remote = b.run(['sync']);
    expect(remote.code).toBe(1);
    expect(remote.stderr).toContain(
      "the branch baton (refs/remotes/origin/baton) is not a board's (it holds README.md)",
    );
    expect(git(origin, 'rev-parse', 'baton')).toBe(tip);
    // Another name for the board's branch, and both sync.
    for (const m of [a, b])
      writeFileSync(join(m.board, 'config.json'), JSON.stringify({ sync: { branch: 'board' } }));
    expect(a.run(['sync']).stdout).toBe('sync: 1 local change(s) committed · pushed to origin/board\n');
    expect(b.run(['sync']).code).toBe(0);
    expect(b.run(['inbox', '--as', 'bob']).stdout).toContain('alice → bob');
    expect(git(origin, 'rev-parse', 'baton')).toBe(tip);
  });

  it('a link planted in place of a mailbox or the cards folder removes nothing from the other machines, and nothing is written through it', () => {
    const { origin, all } = machines('a', 'b');
    const [a, b] = all as [Machine, Machine];
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'first']).code).toBe(0);
    expect(a.run(['card', 'new', 'Kept', '--as', 'alice']).code).toBe(0);
    expect(a.run(['sync']).code).toBe(0);
    expect(b.run(['sync']).code).toBe(0);
    const tracked = () => git(origin, 'ls-tree', '-r', '--name-only', 'baton').split('\n').sort();
    const before = tracked();
    // On b, the mailbox and the cards folder become links to folders outside the board.
    const outside = testdir();
    for (const rel of ['messages/bob', 'cards']) {
      const away = join(outside, rel.replace('/', '-'));
      renameSync(join(b.board, rel), away);
      symlinkSync(away, join(b.board, rel));
    }
    const synced = b.run(['sync', '--json']);
    expect(synced.code).toBe(0);
    const result = JSON.parse(synced.stdout);
    expect(result.committed).toBe(0);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { path: join(b.board, 'cards'), reason: expect.stringContaining('is a symlink') },
        { path: join(b.board, 'messages', 'bob'), reason: expect.stringContaining('is a symlink') },
      ]),
    );
    expect(tracked()).toEqual(before);
    // A new message for bob arrives: reported, not written through the link; the sync still finishes.
    const outsideBefore = filesUnder(outside);
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'second']).code).toBe(0);
    expect(a.run(['sync']).code).toBe(0);
    const next = b.run(['sync', '--json']);
    expect(next.code).toBe(0);
    expect(JSON.parse(next.stdout).problems).toContainEqual({
      path: expect.stringMatching(/\/messages\/bob\/\d{4}-\d{2}-\d{2}\/m-[0-9A-Z]{26}\.md$/),
      reason: `is inside ${join(b.board, 'messages', 'bob')}, which is a symlink (not followed: baton follows no link inside the board) — the version from another machine was not written`,
    });
    expect(filesUnder(outside)).toEqual(outsideBefore);
    expect(a.run(['sync']).code).toBe(0);
    expect(tracked()).toEqual(expect.arrayContaining(before));
  });

  it('merge-file (what git runs): merges two cards into <ours>; refuses odd arguments, non-records and oversize files, writing nothing', () => {
    const dir = testdir();
    const head =
      '---\nid: c-01JDX4K9ZQ7W8R2N4V6B0000AA\ntitle: T\ncreated_by: you\ncreated_at: 2026-11-30T11:02:10.000Z\n---\n';
    const entry = (id: string, body: string) =>
      `\n### ${id} · note · you · 2026-11-30T12:00:00.000Z\n\n${body}\n`;
    const [e1, e2] = ['e-01JDX4K9ZQ7W8R2N4V6B0000AB', 'e-01JDX4K9ZQ7W8R2N4V6B0000AC'];
    const files = { base: head, ours: head + entry(e1, 'mine'), theirs: head + entry(e2, 'theirs') };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const args = (path: string) => ['sync', 'merge-file', 'base', 'ours', 'theirs', path];
    const card = 'cards/c-01JDX4K9ZQ7W8R2N4V6B0000AA-t.md';

    expect(baton(['sync', 'merge-file', 'base'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: usage: baton sync merge-file <base> <ours> <theirs> <path> (git runs this)\n',
    });
    expect(baton(args('board.json'), { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'baton: board.json is not a record baton merges\n',
    });
    writeFileSync(join(dir, 'theirs'), 'x'.repeat(4 * 1024 * 1024 + 1));
    expect(baton(args(card), { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: theirs is larger than a card may be\n',
    });
    expect(readFileSync(join(dir, 'ours'), 'utf8')).toBe(files.ours);

    writeFileSync(join(dir, 'theirs'), files.theirs);
    expect(baton(args(card), { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, 'ours'), 'utf8')).toBe(head + entry(e1, 'mine') + entry(e2, 'theirs'));
  });

  it('--watch syncs what changes on this machine and what arrives, until interrupted', async () => {
    const { all } = machines('a', 'b');
    const [a, b] = all as [Machine, Machine];
    const child = spawnTracked(process.execPath, [BIN, 'sync', '--watch', '--interval', '1'], {
      cwd: b.root,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await outputMatching(child, 'stdout', /sync: /);
    expect(a.run(['send', '--as', 'alice', '--to', 'bob', '--body', 'from a while b watches']).code).toBe(0);
    expect(a.run(['sync']).code).toBe(0);
    await waitFor('the message from a on b', () =>
      b.run(['inbox', '--as', 'bob']).stdout.includes('from a while b watches'),
    );
    expect(b.run(['send', '--as', 'bob', '--to', 'alice', '--body', 'b wrote this']).code).toBe(0);
    await waitFor('the message from b on a', () => {
      a.run(['sync']);
      return a.run(['inbox', '--as', 'alice']).stdout.includes('b wrote this');
    });
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  // The exit code shows it stopped on its own: past its 2 s grace period, a process is ended with 128 + the signal
  // and the single sync prints nothing.
  it('stops on SIGTERM or SIGINT while its git waits on a remote that does not answer — --watch with 0, a single sync with 128 + the signal', async () => {
    const runs = [
      { signal: 'SIGTERM', args: ['sync', '--watch'], code: 0, stderr: '' },
      { signal: 'SIGINT', args: ['sync', '--watch'], code: 0, stderr: '' },
      {
        signal: 'SIGTERM',
        args: ['sync'],
        code: 143,
        stderr: 'baton: baton sync was interrupted — nothing is lost; run `baton sync` again to finish\n',
      },
    ] as const;
    const { all } = machines(...runs.map((_, i) => `m${i}`));
    const hanging: number[] = [];
    try {
      await Promise.all(
        runs.map(async (run, i) => {
          const m = all[i] as Machine;
          // The remote's end of a fetch: it says it started, then never answers.
          const started = join(m.root, '..', `upload-pack-${i}.pid`);
          const script = join(m.root, '..', `hang-${i}.sh`);
          // Written whole, then renamed: the test never reads a half-written pid (an empty one reads as 0, and
          // `process.kill(0)` signals this test's own process group).
          writeFileSync(
            script,
            `#!/bin/sh\necho $$ > '${started}.tmp'\nmv '${started}.tmp' '${started}'\nexec sleep 600\n`,
            {
              mode: 0o755,
            },
          );
          git(m.root, 'config', 'remote.origin.uploadpack', script);
          const child = spawnTracked(process.execPath, [BIN, ...run.args], {
            cwd: m.root,
            env: cleanEnv(),
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let stderr = '';
          child.stderr?.on('data', (chunk) => {
            stderr += chunk;
          });
          const exited = exitOf(child);
          // The fetch has started: the sync is under way, its handlers long in place.
          await waitFor(`${run.args.join(' ')}: the fetch started`, () => existsSync(started));
          const pid = Number(readFileSync(started, 'utf8'));
          expect(Number.isInteger(pid) && pid > 1, `${run.args.join(' ')}: the remote's pid`).toBe(true);
          hanging.push(pid);
          child.kill(run.signal);
          expect((await exited).code, `${run.args.join(' ')} ${run.signal}`).toBe(run.code);
          expect(stderr).toBe(run.stderr);
        }),
      );
    } finally {
      for (const pid of hanging) {
        if (!(pid > 1)) continue;
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  });

  it('--watch notices its board was deleted, says so and exits 1, and makes none of it again', async () => {
    const { all } = machines('a');
    const [a] = all as [Machine];
    const child = spawnTracked(process.execPath, [BIN, 'sync', '--watch', '--interval', '1'], {
      cwd: a.root,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = exitOf(child);
    await outputMatching(child, 'stdout', /sync: /);
    rmSync(a.board, { recursive: true, force: true });
    expect(await exited).toEqual({ code: 1, signal: null });
    expect(stderr).toBe(
      `baton: the board ${a.board} is gone (deleted or moved) — baton sync stopped; run \`baton init\` there, or sync the board where it is now\n`,
    );
    expect(existsSync(a.board)).toBe(false);
  });
});
