// A hook's stdin is read by one decoder, local or served (src/cli/stdin-text.ts): strict UTF-8, a leading byte-order
// mark dropped. So a harness that sends one is understood, and a server that strips a hook's paths sees the same text
// as the hook that acts on it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stdinText } from '../../src/cli/stdin-text.js';
import { hook, project, SESSION } from './helpers.js';

describe('stdinText', () => {
  it('drops one leading byte-order mark, keeps the rest, refuses what is not UTF-8', () => {
    expect(stdinText(Buffer.from('\ufeff{"a":1}'))).toBe('{"a":1}');
    expect(stdinText(Buffer.from('\ufeff\ufeffx'))).toBe('\ufeffx');
    expect(stdinText(Buffer.from('a\ufeffb'))).toBe('a\ufeffb');
    expect(stdinText(Buffer.from([0x7b, 0xff, 0x7d]))).toBeUndefined();
    expect(stdinText(Buffer.from(''))).toBe('');
  });
});

describe('a hook whose JSON starts with a byte-order mark', () => {
  it('is read as the same JSON without it, on the quick path and the full one', () => {
    const cwd = project();
    const input = `\ufeff${JSON.stringify({ session_id: SESSION, cwd, hook_event_name: 'SessionStart', source: 'startup' })}`;
    const start = hook('session-start', {}, { cwd, raw: input });
    expect(start.code).toBe(0);
    const record = join(cwd, '.baton', 'sessions', `${SESSION}.json`);
    expect(existsSync(record)).toBe(true);
    expect(JSON.parse(readFileSync(record, 'utf8')).cwd).toBe(cwd);
    // The quick path (a stop with nothing to do) reads it too: silent, no "not JSON" in the log.
    const stop = hook(
      'stop',
      {},
      {
        cwd,
        raw: `\ufeff${JSON.stringify({ session_id: SESSION, cwd, hook_event_name: 'Stop', stop_hook_active: false })}`,
      },
    );
    expect(stop).toEqual({ code: 0, stdout: '', stderr: '' });
    const log = join(cwd, '.baton', 'state', 'hooks.log');
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').not.toContain('not JSON');
  });
});
