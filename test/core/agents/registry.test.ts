// What only a disk has in the registry: a link or a FIFO where a record belongs (the rest: test/core/contract).
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAgents, registerAgent } from '../../../src/core/agents/registry.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { testdir } from '../../helpers/testdir.js';

describe('hand-edited registry records on disk', () => {
  it('a FIFO or a link in a record’s place is skipped and reported, never opened or followed', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    registerAgent(board, 'carol');
    const agentsDir = join(board.root, 'agents');
    symlinkSync('/etc/hostname', join(agentsDir, 'link.json'));
    spawnSync('mkfifo', [join(agentsDir, 'fifo.json')]);
    const { agents, problems } = listAgents(board);
    expect(agents.map((a) => a.name)).toEqual(['carol']);
    expect(Object.fromEntries(problems.map((p) => [p.path.slice(agentsDir.length + 1), p.reason]))).toEqual({
      'link.json': 'is a symlink (not followed: baton follows no link inside the board) (skipped)',
      'fifo.json': 'is not a regular file (skipped)',
    });
  });
});
