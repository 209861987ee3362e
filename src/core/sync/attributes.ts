// What git may read as attributes in sync's worktree: baton's own .gitattributes, exactly, and no other. An attributes
// file another machine pushed could name a filter or a driver configured on this machine (git-lfs's, anything in
// ~/.gitconfig) and have git run it on checkout. So a commit from elsewhere whose attribute files are not exactly
// baton's is reported, and what is checked out or merged instead is a copy of it with baton's own put back: one
// commit on top of theirs, made the same on every machine (its dates and identity fixed), so the copies merge away.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { BatonError } from '../errors.js';
import type { Problem } from '../store/safe-fs.js';
import { type Git, identity } from './git.js';

// How records written on two machines are merged (`baton sync` installs the driver for each merge it runs).
export const GITATTRIBUTES = `# Written by baton sync: how records written on two machines are merged.
cards/*.md merge=baton
agents/*.json merge=baton
sessions/*.json merge=baton
`;

/** The first line of baton's .gitattributes: what marks a branch as a board's (see requireBoardBranch). */
export const GITATTRIBUTES_MARK = GITATTRIBUTES.slice(0, GITATTRIBUTES.indexOf('\n'));

export const FOREIGN_ATTRIBUTES =
  'not baton’s .gitattributes (attributes from another machine could make git run a program here) — not checked out; baton’s own is kept';

// The empty tree of each object format: git knows it without storing it.
const EMPTY_TREE: Record<number, string> = {
  40: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
  64: '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321',
};

/**
 * `commit` (a full id) when its attribute files are baton's .gitattributes alone; otherwise a commit on top of it
 * whose tree has baton's .gitattributes and no other attribute file, each foreign one reported in `problems`.
 * `scratch`: a path for the temporary index that tree is made in.
 */
export async function trustedCommit(
  git: Git,
  cwd: string,
  commit: string,
  scratch: string,
  problems: Problem[],
): Promise<string> {
  const emptyTree = EMPTY_TREE[commit.length];
  if (!emptyTree || !/^[0-9a-f]+$/.test(commit)) throw new BatonError('io', `not a commit id: ${commit}`);
  const ours = blobId(GITATTRIBUTES, commit.length);
  // Every attribute file at any depth, in any case (a case-insensitive file system reads .GitAttributes too).
  const listed = await git.ok(cwd, [
    'diff-tree',
    '-r',
    '-z',
    '--raw',
    '--no-renames',
    '--no-commit-id',
    '--no-abbrev',
    emptyTree,
    commit,
    '--',
    ':(glob,icase)**/.gitattributes',
  ]);
  const fields = listed.split('\0');
  const foreign: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [, mode, , blob] = (fields[i] ?? '').replace(/^:/, '').split(' ');
    const path = fields[i + 1] ?? '';
    if (path !== '.gitattributes' || mode !== '100644' || blob !== ours) foreign.push(path);
  }
  if (foreign.length === 0) return commit;
  for (const path of foreign) problems.push({ path, reason: FOREIGN_ATTRIBUTES });

  const env = { GIT_INDEX_FILE: scratch };
  const clear = () => {
    rmSync(scratch, { force: true });
    rmSync(`${scratch}.lock`, { force: true });
  };
  clear();
  try {
    await git.ok(cwd, ['read-tree', commit], { env });
    const others = foreign.filter((path) => path !== '.gitattributes');
    if (others.length > 0) {
      await git.ok(cwd, ['update-index', '--force-remove', '-z', '--stdin'], {
        env,
        input: `${others.join('\0')}\0`,
      });
    }
    const blob = (await git.ok(cwd, ['hash-object', '-w', '--stdin'], { input: GITATTRIBUTES })).trim();
    await git.ok(cwd, ['update-index', '--add', '--cacheinfo', `100644,${blob},.gitattributes`], { env });
    const tree = (await git.ok(cwd, ['write-tree'], { env })).trim();
    const date = await committed(git, cwd, commit);
    return (
      await git.ok(
        cwd,
        ['commit-tree', tree, '-p', commit, '-m', 'baton sync: baton’s own .gitattributes put back'],
        {
          config: identity(),
          env: { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
        },
      )
    ).trim();
  } finally {
    clear();
  }
}

function blobId(text: string, idLength: number): string {
  const hash = createHash(idLength === 64 ? 'sha256' : 'sha1');
  return hash.update(`blob ${Buffer.byteLength(text)}\0${text}`).digest('hex');
}

// When `commit` was committed, as git writes it (`<seconds> <zone>`).
async function committed(git: Git, cwd: string, commit: string): Promise<string> {
  const header = await git.run(cwd, ['cat-file', 'commit', commit], { maxOutput: 64 * 1024 });
  const match = /^committer .*> (\d+) ([+-]\d{4})$/m.exec(header.stdout);
  return match ? `${match[1]} ${match[2]}` : '0 +0000';
}
