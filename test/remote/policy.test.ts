// The remote policy judges the parsed command line and hands back the argv to run: for any argv whatsoever, what runs
// parses to exactly what was judged, and holds no flag naming a path on the server, no process start, no endless wait.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CommandLine, commandLineArgv, parseCommandLine } from '../../src/cli/command-line.js';
import { GRAMMAR, parseFor } from '../../src/cli/grammar.js';
import { judgeRemote, REMOTE_LISTEN_MAX_MS, REMOTE_RULES, readsStdin } from '../../src/cli/remote/policy.js';
import { REMOTE_MODULES } from '../../src/cli/remote/runnable.js';

const FORBIDDEN = ['board', 'global', 'file', 'transcript'];

const flagNames = [
  ...new Set(Object.values(GRAMMAR).flatMap((grammar) => Object.keys(grammar.flags))),
  ...['board', 'global', 'as', 'json', 'help'],
];
const words = [
  ...new Set(Object.keys(GRAMMAR).flatMap((name) => name.split(' '))),
  'version',
  '--',
  '-',
  '-h',
  '--help',
  '/etc/passwd',
  '/tmp/other-board',
  '1000',
  '0',
  '60001',
  '-1',
  'codex',
  'claude',
  'n-01ABC',
  ...flagNames.map((name) => `--${name}`),
  ...flagNames.map((name) => `--${name}=/etc/passwd`),
  '--board=',
  '--file=x',
  '--timeout=0',
  '--timeout=1000',
];
const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...words) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((text) => `--${text}`) },
);
const command = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...Object.keys(GRAMMAR)).map((name) => name.split(' ')) },
  { weight: 1, arbitrary: fc.array(token, { maxLength: 2 }) },
);
const randomArgv = fc
  .tuple(command, fc.array(token, { maxLength: 10 }))
  .map(([head, tail]) => [...head, ...tail]);
// Lines the grammar accepts: a command's own flags and the common ones (as `--name value` or `--name=value`, values
// that look like flags or `--`), positionals after an optional `--` — with now and then a stray word thrown in.
const grammarArgv = fc
  .constantFrom(...Object.keys(GRAMMAR))
  .chain((name) => {
    const spec: Record<string, { type: string }> = {
      ...GRAMMAR[name as keyof typeof GRAMMAR].flags,
      board: { type: 'string' },
      global: { type: 'boolean' },
      as: { type: 'string' },
      json: { type: 'boolean' },
    };
    const flag = fc
      .constantFrom(...Object.keys(spec))
      .chain(
        (flagName): fc.Arbitrary<string[]> =>
          spec[flagName]!.type === 'boolean'
            ? fc.constant([`--${flagName}`])
            : fc
                .tuple(token, fc.boolean())
                .map(([value, inline]) => (inline ? [`--${flagName}=${value}`] : [`--${flagName}`, value])),
      );
    return fc.tuple(
      fc.constant(name.split(' ')),
      fc.array(fc.oneof({ weight: 5, arbitrary: flag }, { weight: 1, arbitrary: token.map((t) => [t]) }), {
        maxLength: 6,
      }),
      fc.array(token, { maxLength: 2 }),
      fc.boolean(),
    );
  })
  .map(([head, flags, positionals, dashes]) => [
    ...head,
    ...flags.flat(),
    ...(dashes ? ['--'] : []),
    ...positionals,
  ]);
const argvs: fc.Arbitrary<string[]> = fc.oneof(randomArgv, grammarArgv);

describe('judgeRemote', () => {
  it('for any argv: what runs parses back to what was judged, by the command’s own parser, and is allowed', () => {
    let ran = 0;
    fc.assert(
      fc.property(argvs, (argv) => {
        const verdict = judgeRemote(argv);
        if (!('run' in verdict)) return;
        ran++;
        const judged = verdict.run;
        const again = parseCommandLine(verdict.argv) as CommandLine;
        expect(again).toEqual(judged);
        // What the command module itself parses (after its command and subcommand words) is the same.
        const rest = verdict.argv.slice(judged.sub === undefined ? 1 : 2);
        expect(parseFor(judged.name, rest)).toEqual({ flags: judged.flags, positionals: judged.positionals });
        for (const flag of FORBIDDEN) expect(judged.flags[flag]).toBeUndefined();
        expect(Object.keys(REMOTE_RULES)).toContain(judged.name);
        expect(Object.keys(REMOTE_MODULES)).toContain(verdict.argv[0]);
        expect(['handoff draft', 'handoff generate']).not.toContain(judged.name);
        if (judged.name === 'continue') {
          expect(judged.flags.print).toBe(true);
          // A headless continue starts a process: never over HTTP, --print or not.
          expect(judged.flags.exec).toBeUndefined();
        }
        if (judged.name === 'card del' || judged.name === 'card clean') expect(judged.flags.yes).toBe(true);
        if (judged.name === 'listen') {
          const ms = Number(judged.flags.timeout);
          expect(ms >= 1 && ms <= REMOTE_LISTEN_MAX_MS).toBe(true);
        }
      }),
      { numRuns: 20_000 },
    );
    // The generator reaches the commands that run, not only refusals.
    expect(ran).toBeGreaterThan(500);
  });

  it('written back, every parsed line parses to itself (values that look like flags, `=`, `--`, newlines)', () => {
    fc.assert(
      fc.property(argvs, (argv) => {
        let line: ReturnType<typeof parseCommandLine>;
        try {
          line = parseCommandLine(argv);
        } catch {
          return;
        }
        if ('other' in line) return;
        expect(parseCommandLine(commandLineArgv(line))).toEqual(line);
      }),
      { numRuns: 5_000 },
    );
  });

  // The reproductions of issue 21: each mis-read by the former argv scan, each refused by its parsed value.
  it.each([
    [
      ['result', 'write', '--title', '--', '--file', '/etc/passwd'],
      '--file names a file on your machine, which the server cannot read — pipe its content on stdin instead',
    ],
    [
      ['send', '--as', 'eve', '--to', 'bob', '--body', '--', '--board', '/other/folder'],
      '--board does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board',
    ],
    [
      ['inbox', '--all', '--as', '--', '--board', '/x'],
      '--board does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board',
    ],
    [
      ['continue', 'n-01ABC', '--as', '--print', '--harness', 'codex'],
      '`baton continue` over BATON_URL needs --print: the new session starts on your machine, not the server',
    ],
    [
      ['continue', 'n-01ABC', '--exec', '--harness', 'codex'],
      '--exec starts the harness headless, a process the server never starts — run it on your machine: `baton continue <note-id> --print` gives the command',
    ],
    [
      ['continue', 'n-01ABC', '--print', '--exec', '--json', '--', '--yolo'],
      '--exec starts the harness headless, a process the server never starts — run it on your machine: `baton continue <note-id> --print` gives the command',
    ],
    [
      ['listen', '--timeout', '1000', '--timeout', '0'],
      '`baton listen` over BATON_URL needs --timeout <ms> (1 to 60000): it answers with the first mail, or nothing when the time is up',
    ],
    [
      ['handoff', 'write', '--title=x', '--file=/etc/passwd'],
      '--file names a file on your machine, which the server cannot read — pipe its content on stdin instead',
    ],
    [
      ['handoff', 'generate', '--session', 's'],
      '`baton handoff generate` does not run over BATON_URL: it reads a transcript on your machine, which the server cannot read and does not take on stdin — write the handoff yourself with `baton handoff write` (the six sections on stdin; `baton handoff write --help` lists them)',
    ],
    [
      ['card', 'bogus'],
      'unknown subcommand "bogus" for `baton card` — use one of new, list, read, write, ask, commit, del, clean, open',
    ],
    [['sned'], 'unknown command "sned" — did you mean send?'],
    [
      ['--board', '/x', 'inbox'],
      '--board must come after the command: baton <command> [flags] (only --board, --global, --as and --json may come before it)',
    ],
  ])('refuses %j: %s', (argv, refused) => {
    expect(judgeRemote(argv)).toEqual({ refused, usage: true });
  });

  it('a usage mistake is the command’s own error; the version is answered', () => {
    expect(judgeRemote(['send', '--nope'])).toEqual({
      refused: 'unknown flag --nope for `baton send` — see `baton send --help`',
      usage: true,
    });
    expect(judgeRemote(['version', '--json'])).toEqual({ version: true, json: true });
  });

  it('runs the judged line written back: flags as --name=value, positionals after --', () => {
    const verdict = judgeRemote(['send', '--as', 'eve', '--to', 'bob', '--body', '--board', '--json']);
    expect(verdict).toMatchObject({
      argv: ['send', '--as=eve', '--to=bob', '--body=--board', '--json', '--'],
    });
    expect(judgeRemote(['card', 'new', '--', '--odd', 'title'])).toMatchObject({
      argv: ['card', 'new', '--', '--odd', 'title'],
    });
  });

  it('the client sends stdin only to the commands that read it', () => {
    const line = (argv: string[]) => parseCommandLine(argv) as CommandLine;
    expect(readsStdin(line(['send', '--to', 'b']))).toBe(true);
    expect(readsStdin(line(['send', '--to', 'b', '--body', 'x']))).toBe(false);
    expect(readsStdin(line(['hook', 'stop', '--harness', 'claude']))).toBe(true);
    expect(readsStdin(line(['card', 'write', 'c-1', '--body', '--']))).toBe(false);
    expect(readsStdin(line(['inbox']))).toBe(false);
  });

  it('every rule names a grammar entry and a module the route can load; every module has a rule', () => {
    const commands = new Set(Object.keys(REMOTE_RULES).map((name) => name.split(' ')[0]));
    expect([...commands].sort()).toEqual(Object.keys(REMOTE_MODULES).sort());
    for (const [name, rule] of Object.entries(REMOTE_RULES)) {
      const flags = Object.keys(GRAMMAR[name as keyof typeof GRAMMAR].flags);
      for (const flag of rule?.flags ?? []) expect(flags).toContain(flag);
    }
  });
});
