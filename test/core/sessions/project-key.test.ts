// The project key from what a repository's clones share: config.json's `project`, else the origin remote, else the
// folder's name and a hash of where its repository lives. Real git repositories; hostile .git files read safely.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCheckout, GIT_CONFIG_BYTES, readRemoteUrl, remoteUrlIn } from '../../../src/core/board/git.js';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { pathKeyOf, projectIdentityOf, projectKeyOf } from '../../../src/core/sessions/project.js';
import { SYMLINK_REASON } from '../../../src/core/store/safe-fs.js';
import { cleanEnv, testdir } from '../../helpers/testdir.js';

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** `git init` of `<dir>/<path>`, with an origin when given. */
function repo(dir: string, path: string, origin?: string): string {
  const root = join(dir, path);
  mkdirSync(root, { recursive: true });
  git(root, 'init', '--quiet', '--initial-branch=main');
  if (origin) git(root, 'remote', 'add', 'origin', origin);
  return root;
}

const HASHED = /^[a-z0-9-]+-[0-9a-f]{8}$/;

describe('projectKeyOf', () => {
  it('is the origin remote, the same for every way of writing it, at any path and from any subfolder', () => {
    const dir = testdir();
    const a = repo(dir, 'here/shop', 'git@github.com:acme/shop.git');
    const b = repo(dir, 'there/elsewhere', 'https://token:x@github.com/acme/shop');
    mkdirSync(join(a, 'src', 'deep'), { recursive: true });
    expect(projectKeyOf(a)).toBe('github-com-acme-shop');
    expect(projectKeyOf(b)).toBe('github-com-acme-shop');
    expect(projectKeyOf(join(a, 'src', 'deep'))).toBe('github-com-acme-shop');
    expect(projectIdentityOf(b)).toMatchObject({ from: 'origin', remote: 'github.com/acme/shop', root: b });
  });

  it('without a remote: the folder name and 8 hex digits of its place; two repositories named alike stay apart', () => {
    const dir = testdir();
    const one = repo(dir, 'a/shop');
    const two = repo(dir, 'b/shop');
    expect(projectKeyOf(one)).toMatch(/^shop-[0-9a-f]{8}$/);
    expect(projectKeyOf(two)).toMatch(/^shop-[0-9a-f]{8}$/);
    expect(projectKeyOf(one)).not.toBe(projectKeyOf(two));
    // Stable: the same folder gives the same key every time.
    expect(projectKeyOf(join(one, '.'))).toBe(projectKeyOf(one));
    // A remote that is not origin is not the project's identity.
    git(one, 'remote', 'add', 'upstream', 'git@github.com:acme/shop.git');
    expect(projectIdentityOf(one).from).toBe('folder');
    // Not a checkout at all: the folder itself.
    const plain = join(dir, 'Plain Folder');
    mkdirSync(plain);
    expect(projectKeyOf(plain)).toMatch(/^plain-folder-[0-9a-f]{8}$/);
  });

  it('a worktree (a .git file pointing at its git folder) is its repository’s project, with a remote or without', () => {
    const dir = testdir();
    const main = repo(dir, 'main');
    git(main, 'commit', '--quiet', '--allow-empty', '-m', 'first');
    git(main, 'worktree', 'add', '--quiet', join(dir, 'wt'), '-b', 'side');
    expect(findCheckout(join(dir, 'wt'))?.root).toBe(join(dir, 'wt'));
    expect(projectKeyOf(join(dir, 'wt'))).toBe(projectKeyOf(main));
    expect(projectKeyOf(main)).toMatch(/^main-[0-9a-f]{8}$/);
    git(main, 'remote', 'add', 'origin', 'ssh://git@example.org:2222/team/app.git');
    expect(projectKeyOf(join(dir, 'wt'))).toBe('example-org-team-app');
  });

  it('reads the url of [remote "origin"] as git does: quotes, comments, case of the section, other remotes', () => {
    const config = [
      '[core]',
      '\turl = /not/this',
      '[remote "Origin"]',
      '\turl = /not/this/either',
      '[REMOTE "origin"]',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
      '\tURL = "git@github.com:o/r.git" ; a comment',
      '\turl = /a/second/one',
      '[remote "upstream"]',
      '\turl = /upstream',
    ].join('\n');
    expect(remoteUrlIn(config, 'origin')).toBe('git@github.com:o/r.git');
    expect(remoteUrlIn(config, 'upstream')).toBe('/upstream');
    expect(remoteUrlIn('[remote "origin"]\n\turl = /x # note\n', 'origin')).toBe('/x');
    expect(remoteUrlIn('[remote "origin"]\n', 'origin')).toBeUndefined();
  });

  it('a hostile .git/config (huge, a link, a FIFO) is not read: the folder rule is used and the reason kept', () => {
    const dir = testdir();
    const huge = repo(dir, 'huge', 'git@github.com:o/huge.git');
    const config = join(huge, '.git', 'config');
    writeFileSync(config, `${readFileSync(config, 'utf8')}${`# ${'x'.repeat(1000)}\n`.repeat(300)}`);
    expect(readRemoteUrl(findCheckout(huge)!)).toEqual({
      ok: false,
      reason: `larger than ${GIT_CONFIG_BYTES} bytes`,
    });
    expect(projectIdentityOf(huge)).toMatchObject({
      from: 'folder',
      problem: `${config} larger than ${GIT_CONFIG_BYTES} bytes: origin not read`,
    });

    const linked = repo(dir, 'linked');
    const elsewhere = join(dir, 'elsewhere-config');
    writeFileSync(elsewhere, '[remote "origin"]\n\turl = git@github.com:o/linked.git\n');
    const linkedConfig = join(linked, '.git', 'config');
    spawnSync('rm', [linkedConfig]);
    symlinkSync(elsewhere, linkedConfig);
    expect(readRemoteUrl(findCheckout(linked)!)).toEqual({ ok: false, reason: SYMLINK_REASON });
    expect(projectKeyOf(linked)).toMatch(/^linked-[0-9a-f]{8}$/);

    const fifo = repo(dir, 'fifo');
    const fifoConfig = join(fifo, '.git', 'config');
    spawnSync('rm', [fifoConfig]);
    expect(spawnSync('mkfifo', [fifoConfig]).status).toBe(0);
    // Returns at once (never waits for a writer), refusing it.
    expect(readRemoteUrl(findCheckout(fifo)!)).toEqual({ ok: false, reason: 'is not a regular file' });
    expect(projectKeyOf(fifo)).toMatch(/^fifo-[0-9a-f]{8}$/);
  });

  it('a hostile .git file (huge, a FIFO) is not a checkout; a missing config is no remote', () => {
    const dir = testdir();
    const huge = join(dir, 'hugefile');
    mkdirSync(huge);
    writeFileSync(join(huge, '.git'), `gitdir: ${'x'.repeat(100_000)}\n`);
    expect(findCheckout(huge)).toBeUndefined();
    const fifo = join(dir, 'fifofile');
    mkdirSync(fifo);
    expect(spawnSync('mkfifo', [join(fifo, '.git')]).status).toBe(0);
    expect(findCheckout(fifo)).toBeUndefined();
    expect(projectKeyOf(fifo)).toMatch(HASHED);
    const bare = join(dir, 'noconfig');
    mkdirSync(join(bare, '.git'), { recursive: true });
    expect(readRemoteUrl(findCheckout(bare)!)).toEqual({ ok: true, url: undefined });
  });

  it('config.json `project` wins on a project board, is ignored on the global board, and must be a key', () => {
    const dir = testdir();
    const root = repo(dir, 'shop', 'git@github.com:acme/shop.git');
    const home = join(dir, 'home');
    const open = () => openBoard({ board: join(root, '.baton'), cwd: root, env: {}, home });
    ensureBoard(open());
    writeFileSync(join(root, '.baton', 'config.json'), '{"project": "shop"}\n');
    expect(open().exists).toBe(true);
    expect(projectIdentityOf(root, open())).toMatchObject({ key: 'shop', from: 'config' });
    for (const bad of ['"Shop"', '"shop/../x"', '""', '42', `"${'a'.repeat(81)}"`]) {
      writeFileSync(join(root, '.baton', 'config.json'), `{"project": ${bad}}\n`);
      const identity = projectIdentityOf(root, open());
      expect(identity.key).toBe('github-com-acme-shop');
      expect(identity.problem).toMatch(/config\.json: project .* — it is ignored$/);
    }
    // The global board holds several projects: one name for all of them would merge them.
    const global = openBoard({ cwd: root, env: {}, home, global: true });
    ensureBoard(global);
    writeFileSync(join(home, '.baton', 'config.json'), '{"project": "everything"}\n');
    expect(projectIdentityOf(root, global)).toMatchObject({
      key: 'github-com-acme-shop',
      problem: `${join(home, '.baton', 'config.json')}: project is ignored on the global board (it holds several projects)`,
    });
  });

  it('the older key is the slug of the checkout’s path, redacted first', () => {
    const dir = testdir();
    const root = repo(dir, 'shop', 'git@github.com:acme/shop.git');
    expect(pathKeyOf(join(root), (text) => ({ text, count: 0, kinds: [] }))).toBe(
      root
        .slice(1)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-'),
    );
  });
});
