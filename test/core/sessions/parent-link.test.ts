// Parent links between processes: of sessions starting at once, exactly one claims a pending continuation (the rest
// of parent links, on both stores: test/core/contract/sessions.test.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { leaveContinuation } from '../../../src/core/sessions/parent-link.js';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { testdir } from '../../helpers/testdir.js';
import { fakeClock } from '../cards/helpers.js';
import { runWorkers } from './helpers.js';

describe('parent links', () => {
  it('of eight sessions starting at once, exactly one claims it', async () => {
    const cwd = join(testdir(), 'project');
    mkdirSync(cwd);
    const clock = fakeClock();
    const root = join(cwd, '.baton');
    const projectKey = projectKeyOf(cwd);
    leaveContinuation(openBoard({ board: root, cwd, env: {}, clock }), {
      version: 1,
      projectKey,
      parentSession: 'source-1',
      note: 'n-01JDX6AAAAAAAAAAAAAAAAAAAA',
      harness: 'claude',
      createdAt: new Date(clock()).toISOString(),
    });
    const body = `
      import { openBoard } from './src/core/board/open-board.ts';
      import { claimContinuation } from './src/core/sessions/parent-link.ts';
      const [, root, key] = process.argv.slice(2);
      const board = openBoard({ board: root, cwd: root, env: {} });
      process.stdout.write(claimContinuation(board, key)?.parentSession ?? '-');
    `;
    const claims = await runWorkers(body, 8, [root, projectKey]);
    expect(claims.sort()).toEqual(['-', '-', '-', '-', '-', '-', '-', 'source-1']);
  });
});
