import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { ancestors, harnessOf, sessionAnchor } from '../../../src/core/sessions/process-tree.js';
import { bindSession, boundSession } from '../../../src/core/sessions/session.js';
import { startSession } from '../../../src/hooks/session.js';
import { testdir } from '../../helpers/testdir.js';

describe.runIf(process.platform === 'linux')('process tree', () => {
  it('lists this process’s ancestors, nearest first, with kernel start times', () => {
    const list = ancestors();
    expect(list[0]?.pid).toBe(process.ppid);
    expect(list.every((p) => /^\d+$/.test(p.start))).toBe(true);
  });

  // A stand-in harness: a node script at `rel` that runs a tool (the probe) as a grandchild, via a shell.
  function anchorUnder(rel: string, nodeArgs: string[] = []) {
    const dir = testdir();
    const probe = join(dir, 'probe.mjs');
    buildSync({
      stdin: {
        contents: `import { sessionAnchor, harnessOf } from ${JSON.stringify(resolve('src/core/sessions/process-tree.ts'))};
          const anchor = sessionAnchor();
          console.log(JSON.stringify({ pid: anchor.pid, harness: harnessOf(anchor) }));`,
        resolveDir: dir,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: probe,
    });
    const harness = join(dir, rel);
    mkdirSync(dirname(harness), { recursive: true });
    writeFileSync(
      harness,
      `const { execFileSync } = require('node:child_process');
       process.stdout.write(execFileSync('/bin/sh', ['-c', '"$0" "$1"', process.execPath, ${JSON.stringify(probe)}]));
       console.log(JSON.stringify({ self: process.pid }));`,
    );
    const [anchorLine, selfLine] = execFileSync(process.execPath, [...nodeArgs, harness], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    return { anchor: JSON.parse(anchorLine!), harnessPid: JSON.parse(selfLine!).self };
  }

  it('anchors a session to the nearest harness, naming a node harness by its script', () => {
    const { anchor, harnessPid } = anchorUnder('bin/gemini');
    expect(anchor).toEqual({ pid: harnessPid, harness: 'gemini' });
  });

  it('names a harness run straight from its npm package (node flags before the script)', () => {
    const { anchor, harnessPid } = anchorUnder('node_modules/@anthropic-ai/claude-code/cli.js', [
      '--no-warnings',
    ]);
    expect(anchor).toEqual({ pid: harnessPid, harness: 'claude' });
  });

  it('without a harness above, the anchor is the parent (a shell) and the harness is "shell"', () => {
    expect(harnessOf(sessionAnchor([{ pid: 7, start: '1', name: 'bash' }]))).toBe('shell');
    expect(
      sessionAnchor([
        { pid: 7, start: '1', name: 'bash' },
        { pid: 3, start: '1', name: 'codex' },
      ])?.pid,
    ).toBe(3);
  });
});

describe.runIf(process.platform === 'linux')(
  'a board opened for callers elsewhere (processTree: false)',
  () => {
    const open = (root: string, processTree: boolean) =>
      openBoard({ board: root, cwd: dirname(root), env: {}, home: '/nonexistent-home', processTree });

    it('finds no session through this process’s ancestors, binds none, records no pid — the same folder opened plainly does', () => {
      const dir = testdir();
      const root = join(dir, '.baton');
      ensureBoard(open(root, true));
      const served = open(root, false);
      expect(() => bindSession(served, 'alice')).toThrow(
        "no session to bind alice to here: this command runs in a server, not in your session — set BATON_SESSION=<your session id> (a harness's CLAUDE_CODE_SESSION_ID, CODEX_THREAD_ID, COPILOT_AGENT_SESSION_ID or QWEN_CODE_SESSION_ID also works), or pass --as alice to each command",
      );
      const plain = open(root, true);
      const bound = bindSession(plain, 'alice');
      expect(bound.pid).toBe(sessionAnchor()?.pid);
      expect(boundSession(plain)).toMatchObject({ session: bound.id, agent: 'alice' });
      // The pid index names this process's parent; the server's board does not look at it.
      expect(boundSession(served)).toBeUndefined();
      const start = startSession(served, 'claude', {
        session: 's-remote',
        cwd: dir,
        stopHookActive: false,
      });
      expect(start.pid).toBeUndefined();
    });
  },
);
