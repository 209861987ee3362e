import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGitInfo } from '../../../src/core/board/git.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { listMessages } from '../../../src/core/messages/read.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { testdir } from '../../helpers/testdir.js';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

describe('git rev', () => {
  it('is read from .git without spawning git, also from a subfolder and with packed refs', () => {
    const repo = testdir();
    git(repo, 'init', '-q', '-b', 'main');
    expect(readGitInfo(repo)).toEqual({ root: repo, rev: undefined });
    writeFileSync(join(repo, 'f'), 'x');
    git(repo, 'add', 'f');
    git(repo, 'commit', '-qm', 'c');
    const rev = git(repo, 'rev-parse', '--short=7', 'HEAD');
    const sub = join(repo, 'a', 'b');
    mkdirSync(sub, { recursive: true });
    expect(readGitInfo(sub)).toEqual({ root: repo, rev });
    git(repo, 'pack-refs', '--all');
    expect(readGitInfo(sub)?.rev).toBe(rev);
  });

  it("stamps the sender's rev on a message sent from a checkout", () => {
    const repo = testdir();
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'c');
    const board = openBoard({ cwd: repo, env: {}, home: '/nonexistent-home' });
    sendMessage(board, { from: 'a', to: ['b'], body: 'x' });
    expect(listMessages(board).messages[0]?.rev).toBe(git(repo, 'rev-parse', '--short=7', 'HEAD'));
  });

  it('outside a checkout there is no rev', () => {
    expect(readGitInfo('/')).toBeUndefined();
  });
});
