import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, filesUnder, testdir } from '../helpers/testdir.js';

describe('baton gc', () => {
  it('reports, then removes, a temp file left by a killed write', () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, '.baton') };
    baton(['send', '--as', 'a', '--to', 'b', '--body', 'x'], { cwd: dir, env });
    const temp = join(env.BATON_DIR, '.board.json.1.abc.baton-tmp');
    writeFileSync(temp, '{');
    utimesSync(temp, new Date(0), new Date(0));
    expect(baton(['gc', '--dry-run'], { cwd: dir, env }).stdout).toBe(
      `would remove ${temp} (temp file left by an interrupted write)\nwould remove 1 item(s)\n`,
    );
    const run = baton(['gc'], { cwd: dir, env });
    expect(run.stdout).toBe(`removed ${temp} (temp file left by an interrupted write)\nremoved 1 item(s)\n`);
    expect(run.stderr).toBe(`[board ${env.BATON_DIR}]\n`);
    expect(filesUnder(dir)).not.toContain('.baton/.board.json.1.abc.baton-tmp');
    expect(baton(['inbox', '--as', 'b'], { cwd: dir, env }).stdout).toContain('a → b');
  });

  it('with no board fails and creates nothing', () => {
    const dir = testdir();
    expect(baton(['gc'], { cwd: dir }).code).toBe(1);
    expect(filesUnder(dir)).toEqual([]);
  });
});
