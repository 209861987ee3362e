// Pure parsing of the command line: flags and their values, numbers, JSON mode, command suggestions, times.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { intFlag, parseCommandArgs } from '../../src/cli/args.js';
import { errorCode, readCapped, UsageError, wantsJson } from '../../src/cli/io.js';
import { nearestName } from '../../src/cli/suggest.js';
import { formatTime } from '../../src/core/display/time.js';
import { BatonError } from '../../src/core/errors.js';

const SEND = {
  to: { type: 'string', multiple: true },
  body: { type: 'string' },
  yes: { type: 'boolean' },
} as const;

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no error thrown');
}

describe('parseCommandArgs', () => {
  it.each([['- item one'], ['- a list item\n- another'], ['--not-a-flag'], ['-h'], ['--json'], ['-1'], ['']])(
    'a value flag takes the next argument as its value, whatever it starts with: %j',
    (value) => {
      expect(parseCommandArgs('send', ['--body', value, '--json'], SEND).flags).toEqual({
        body: value,
        json: true,
      });
    },
  );

  it('--flag=value works, with "=" and dashes inside the value', () => {
    expect(parseCommandArgs('send', ['--body=- a=b', '--to=bob'], SEND).flags).toEqual({
      body: '- a=b',
      to: ['bob'],
    });
  });

  it('a multiple flag collects every occurrence', () => {
    expect(parseCommandArgs('send', ['--to', 'a,b', '--to', '-c'], SEND).flags.to).toEqual(['a,b', '-c']);
  });

  it('an argument that starts with a dash but no letter is a positional ("- dash title", "-", "-5")', () => {
    expect(parseCommandArgs('card new', ['- dash title', '-', '-5'], {}, 3).positionals).toEqual([
      '- dash title',
      '-',
      '-5',
    ]);
  });

  it('`--` ends the flags: everything after it is positional', () => {
    const parsed = parseCommandArgs('card new', ['--json', '--', '--weird', '-h', '--'], {}, 5);
    expect(parsed).toEqual({ flags: { json: true }, positionals: ['--weird', '-h', '--'] });
  });

  it('-h is --help; booleans take no value', () => {
    expect(parseCommandArgs('send', ['-h'], SEND).flags).toEqual({ help: true });
    expect(usageError(() => parseCommandArgs('send', ['--json=yes'], SEND))).toBe(
      '--json takes no value — see `baton send --help`',
    );
  });

  it('unknown flags, a missing value at the end and extra positionals are usage errors naming the flag', () => {
    expect(usageError(() => parseCommandArgs('send', ['--bogus'], SEND))).toBe(
      'unknown flag --bogus for `baton send` — see `baton send --help`',
    );
    expect(usageError(() => parseCommandArgs('send', ['--bogus=1'], SEND))).toBe(
      'unknown flag --bogus for `baton send` — see `baton send --help`',
    );
    expect(usageError(() => parseCommandArgs('send', ['--constructor', 'x'], SEND))).toBe(
      'unknown flag --constructor for `baton send` — see `baton send --help`',
    );
    expect(usageError(() => parseCommandArgs('send', ['--toString=x'], SEND))).toBe(
      'unknown flag --toString for `baton send` — see `baton send --help`',
    );
    expect(usageError(() => parseCommandArgs('send', ['-x'], SEND))).toBe(
      'unknown flag -x for `baton send` — see `baton send --help`',
    );
    expect(usageError(() => parseCommandArgs('send', ['--to', 'bob', '--body'], SEND))).toBe(
      '--body needs a value — see `baton send --help`',
    );
    expect(usageError(() => parseCommandArgs('thread', ['m-1', 'm-2'], {}, 1))).toBe(
      'unexpected argument "m-2" for `baton thread` — see `baton thread --help`',
    );
  });
});

describe('intFlag', () => {
  it('a count is a whole number, 0 or more (or at least `min`)', () => {
    expect(intFlag('limit', undefined, 20)).toBe(20);
    expect(intFlag('limit', '0', 20)).toBe(0);
    expect(intFlag('max', '7', 5, 1)).toBe(7);
    expect(usageError(() => intFlag('limit', '-1', 20))).toBe('--limit must be 0 or more, got -1');
    expect(usageError(() => intFlag('max', '-3', 5, 1))).toBe('--max must be 1 or more, got -3');
    expect(usageError(() => intFlag('max', '0', 5, 1))).toBe('--max must be 1 or more, got 0');
    expect(usageError(() => intFlag('limit', '2.5', 20))).toBe('--limit must be a whole number, got "2.5"');
    expect(usageError(() => intFlag('limit', 'ten', 20))).toBe('--limit must be a whole number, got "ten"');
    expect(usageError(() => intFlag('limit', '99999999999999999999', 20))).toBe(
      '--limit is too large, got 99999999999999999999',
    );
  });
});

describe('error mode and codes', () => {
  it('JSON errors when --json comes before any `--`', () => {
    expect(wantsJson(['inbox', '--json'])).toBe(true);
    expect(wantsJson(['card', 'new', '--', '--json'])).toBe(false);
    expect(wantsJson(['inbox'])).toBe(false);
  });

  it('stable codes: usage, a BatonError code, or internal', () => {
    expect(errorCode(new UsageError('x'))).toBe('usage');
    expect(errorCode(new BatonError('not_found', 'x'))).toBe('not_found');
    expect(errorCode(new TypeError('x'))).toBe('internal');
  });
});

describe('nearestName', () => {
  const commands = ['send', 'inbox', 'listen', 'thread', 'poll', 'agents', 'card', 'version'];
  it.each([
    ['sedn', 'send'],
    ['snd', 'send'],
    ['inbx', 'inbox'],
    ['Poll', 'poll'],
    ['agent', 'agents'],
    ['verison', 'version'],
  ])('%s → %s', (typed, expected) => {
    expect(nearestName(typed, commands)).toBe(expected);
  });

  it('nothing when no command is near', () => {
    expect(nearestName('deploy', commands)).toBeUndefined();
    expect(nearestName('x', commands)).toBeUndefined();
  });
});

describe('formatTime', () => {
  it('UTC to the second with a Z, whatever zone the record wrote', () => {
    expect(formatTime('2026-11-30T11:03:25.677Z')).toBe('2026-11-30 11:03:25Z');
    expect(formatTime('2026-11-30T13:03:25+02:00')).toBe('2026-11-30 11:03:25Z');
  });

  it('text that is not a time is shown as it is, control characters visible', () => {
    expect(formatTime('soon\u001b[2J')).toBe('soon\\e[2J');
  });
});

describe('readCapped', () => {
  it('reads UTF-8 text up to the cap', async () => {
    expect(await readCapped(Readable.from([Buffer.from('héllo '), Buffer.from('wörld')]), 64)).toBe(
      'héllo wörld',
    );
  });

  it('refuses more than the cap as soon as it is seen, and stops reading', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(1024, 'y'));
      },
    });
    await expect(readCapped(endless, 4096)).rejects.toMatchObject({ code: 'too_large' });
    expect(pulled).toBeLessThan(64);
    expect(endless.destroyed).toBe(true);
  });

  it('refuses invalid UTF-8 instead of replacing it', async () => {
    await expect(readCapped(Readable.from([Buffer.from([0x61, 0xff, 0x62])]), 64)).rejects.toMatchObject({
      code: 'invalid_input',
      message:
        'stdin is not valid UTF-8 — nothing was written; convert the text to UTF-8 first (e.g. iconv -t UTF-8)',
    });
  });
});
