// The test suite passes on a loaded two-core machine, beside a second copy of itself (README, Testing): no test
// asserts how long something took (speed is `npm run bench`), none sleeps a fixed time in place of waiting for what
// it waits for (test/helpers/wait.ts), every process a test starts is registered to be killed when the test ends
// (test/helpers/processes.ts), and no test sets itself a timeout shorter than the suite's hang guard. Read from every
// file under test/; the few exceptions are listed below, each with its reason, and an exception that no longer
// matches anything fails too.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';

const TEST = resolve(import.meta.dirname, '..');
const SELF = 'architecture/test-suite.test.ts';

type Rule = 'sleep' | 'elapsed bound' | 'untracked process' | 'short timeout';

interface Allowed {
  file: string;
  rule: Rule;
  /** A piece of the line allowed. */
  line: string;
  reason: string;
}

const ALLOWED: Allowed[] = [
  {
    file: 'helpers/wait.ts',
    rule: 'sleep',
    line: 'setTimeout(resolve, options.everyMs ?? 50)',
    reason: 'the poll interval of waitFor, the one way the suite waits for a condition',
  },
  ...['await new Promise((done) => setTimeout(done, 500));'].map((line) => ({
    file: 'helpers/browser.ts',
    rule: 'sleep' as const,
    line,
    reason:
      'a pause before trying again after a start that met dist/ half rebuilt by another worktree: a retry, not a wait',
  })),
  {
    file: 'e2e/opencode.test.ts',
    rule: 'sleep',
    line: 'setTimeout(done, 3000)',
    reason:
      'that a mail is pushed exactly once is a claim over time: several of the plugin’s 500 ms polls must pass, and a poll that pushes nothing leaves no trace to wait for',
  },
];

/** Every .ts file under test/, relative to it. */
function testFiles(dir = TEST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.ts') ? [relative(TEST, path)] : [];
  });
}

// `new Promise((r) => setTimeout(r, N))` and its kin: a pause of a fixed length.
const SLEEP = [
  /new Promise\w*\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\(\s*\1\s*,/,
  /from 'node:timers\/promises'/,
  /\.waitForTimeout\(/,
  /\bsleep\(\s*\d/,
];
const CLOCK = /Date\.now\(\)|performance\.now\(\)|process\.hrtime/;
// A process started without being handed to track() / spawnTracked (test/helpers/processes.ts).
const SPAWN = /(^|[^.\w])(spawn|fork|execFile)\(/;
// `}, 60_000);` closing an it(), or `it('…', { timeout: 60_000 }, …)`.
const TEST_TIMEOUT = [/^\s*\}, ([\d_]+)\);/, /\bit(?:\.\w+)?\(.*\{ timeout: ([\d_]+) \}/];

interface Finding {
  file: string;
  rule: Rule;
  line: string;
}

function findings(file: string, text: string, hangGuardMs: number): Finding[] {
  const found: Finding[] = [];
  const lines = text.split('\n');
  // Names that hold a clock reading (`const started = Date.now()`), so `expect(Date.now() - started)` and
  // `const ms = Date.now() - started; expect(ms)` are both seen.
  const timed = new Set<string>();
  for (const line of lines) {
    const assigned = /\b(?:const|let)\s+(\w+)\s*=\s*(.*)$/.exec(line);
    if (assigned && (CLOCK.test(assigned[2]!) || [...timed].some((name) => assigned[2]!.includes(name))))
      timed.add(assigned[1]!);
  }
  for (const [at, raw] of lines.entries()) {
    const line = raw.trim();
    const before = lines[at - 1] ?? '';
    if (line.startsWith('//') || line.startsWith('*')) continue;
    if (SLEEP.some((pattern) => pattern.test(line))) found.push({ file, rule: 'sleep', line });
    const bound = /expect\((.*)\)\.toBeLessThan(?:OrEqual)?\(/.exec(line);
    if (
      bound &&
      (CLOCK.test(bound[1]!) || [...timed].some((name) => new RegExp(`\\b${name}\\b`).test(bound[1]!)))
    )
      found.push({ file, rule: 'elapsed bound', line });
    if (
      SPAWN.test(line) &&
      !/\btrack\(|spawnTracked\(/.test(`${before} ${line}`) &&
      file !== 'helpers/processes.ts'
    )
      found.push({ file, rule: 'untracked process', line });
    for (const pattern of TEST_TIMEOUT) {
      const ms = Number(pattern.exec(line)?.[1]?.replace(/_/g, ''));
      // A test's timeout, in a test file (a timer's delay of a few ms closes a line the same way).
      if (file.endsWith('.test.ts') && ms >= 1000 && ms < hangGuardMs)
        found.push({ file, rule: 'short timeout', line });
    }
  }
  return found;
}

describe('the test suite', () => {
  const hangGuardMs = config.test?.testTimeout ?? 0;
  const all = testFiles()
    .filter((file) => file !== SELF)
    .flatMap((file) => findings(file, readFileSync(join(TEST, file), 'utf8'), hangGuardMs));
  const allowed = (f: Finding) =>
    ALLOWED.some((a) => a.file === f.file && a.rule === f.rule && f.line.includes(a.line));

  it('has a hang guard, not a speed target, for a test’s timeout', () => {
    expect(hangGuardMs).toBeGreaterThanOrEqual(120_000);
  });

  it('holds no fixed sleep standing in for an event, no bound on elapsed time, no process left untracked and no short timeout', () => {
    expect(all.filter((f) => !allowed(f))).toEqual([]);
  });

  it('lists no exception that no longer matches anything', () => {
    const unused = ALLOWED.filter(
      (a) => !all.some((f) => a.file === f.file && a.rule === f.rule && f.line.includes(a.line)),
    );
    expect(unused).toEqual([]);
  });

  it('sees each kind of regression it is there to catch', () => {
    const bad = [
      'await new Promise((r) => setTimeout(r, 700));',
      "import { setTimeout as wait } from 'node:timers/promises';",
      'const started = Date.now();',
      'expect(Date.now() - started).toBeLessThan(2000);',
      "const child = spawn(process.execPath, [BIN, 'sync', '--watch']);",
      '  }, 60_000);',
    ].join('\n');
    expect(findings('x.test.ts', bad, 180_000).map((f) => f.rule)).toEqual([
      'sleep',
      'sleep',
      'elapsed bound',
      'untracked process',
      'short timeout',
    ]);
    const fine = [
      "await waitFor('the draft', () => existsSync(path));",
      "const child = spawnTracked(process.execPath, [BIN, 'sync', '--watch']);",
      'expect(peakKb).toBeLessThan(200 * 1024);',
      '  }, 600_000);',
    ].join('\n');
    expect(findings('x.test.ts', fine, 180_000)).toEqual([]);
  });
});
