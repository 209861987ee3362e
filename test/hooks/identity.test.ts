// One identity rule for every front end (issue 23): the same BATON_AGENT and the same session give the same agent in
// the CLI (`baton send`, through its hot bundle), the hooks (the full hook and its quick check) and the MCP server —
// case-folded the same way (BATON_AGENT=Bob is bob everywhere), and a bad BATON_AGENT refused everywhere with the
// same words, nothing written for it.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nothingToDo } from '../../src/hooks/quiet.js';
import { baton, snapshot } from '../helpers/testdir.js';
import { boardIn, call, connect, textOf } from '../mcp/helpers.js';
import {
  AGENT,
  contextOf,
  answer as envelopeOf,
  expectSilent,
  hook,
  project,
  SESSION,
  send,
} from './helpers.js';

interface Row {
  name: string;
  /** BATON_AGENT (absent: not set). */
  env?: string;
  /** A name registered for the session (`baton register --as`); absent: it keeps its own name. */
  registered?: string;
  /** The agent every front end acts as… */
  agent?: string;
  /** …or the error every front end refuses with. */
  error?: string;
}

const BAD = (value: string, rule: string) =>
  `invalid agent name ${JSON.stringify(value)}: ${rule} (set by BATON_AGENT — fix or unset it)`;

const ROWS: Row[] = [
  { name: 'BATON_AGENT=Bob is bob', env: 'Bob', agent: 'bob' },
  {
    name: 'BATON_AGENT wins over the name registered for the session',
    env: 'bob',
    registered: 'builder',
    agent: 'bob',
  },
  { name: 'no BATON_AGENT: the name registered for the session', registered: 'builder', agent: 'builder' },
  { name: 'an empty BATON_AGENT counts as unset', env: '', registered: 'builder', agent: 'builder' },
  { name: 'a stable name with an "@", case-folded', env: 'Claude@Shop', agent: 'claude@shop' },
  { name: 'nothing set: the session’s own name', agent: AGENT },
  {
    name: 'a BATON_AGENT with a path in it',
    env: 'a/b',
    error: BAD('a/b', 'must not contain path separators'),
  },
  {
    name: 'a BATON_AGENT ending in "."',
    env: 'Bob.',
    error: BAD('Bob.', 'must not end with "." (Windows drops it)'),
  },
];

/** A board whose session SESSION has started (as claude-3f2a9c), with the name `row` registers for it. */
function setUp(row: Row): string {
  const cwd = project();
  hook('session-start', {}, { cwd });
  if (row.registered)
    expect(baton(['register', '--as', row.registered], { cwd, env: { BATON_SESSION: SESSION } }).code).toBe(
      0,
    );
  return cwd;
}

const envOf = (row: Row): Record<string, string> => (row.env === undefined ? {} : { BATON_AGENT: row.env });

/** Mail for everyone a row could resolve to, so a push shows whose mailbox was read. */
const NAMES = ['bob', 'builder', 'claude@shop', AGENT];
function mailForAll(cwd: string): void {
  for (const name of NAMES) send(cwd, name, `for ${name}`);
}

describe('one identity rule: the CLI (baton send, run in the session)', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const cwd = setUp(row);
      const before = snapshot(join(cwd, '.baton'));
      const sent = baton(['send', '--to', 'alice', '--body', 'hi'], {
        cwd,
        env: { ...envOf(row), BATON_SESSION: SESSION },
      });
      if (row.error) {
        expect(sent).toEqual({ code: 1, stdout: '', stderr: `baton: ${row.error}\n` });
        expect(snapshot(join(cwd, '.baton'))).toEqual(before);
        return;
      }
      expect(sent.code).toBe(0);
      const inbox = JSON.parse(baton(['inbox', '--as', 'alice', '--json'], { cwd }).stdout);
      expect(inbox.messages.map((m: { from: string }) => m.from)).toEqual([row.agent]);
    });
  }
});

describe('one identity rule: the hooks (the session registered and its mail pushed)', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const cwd = setUp(row);
      mailForAll(cwd);
      const env = envOf(row);
      const resumed = hook('session-start', { source: 'resume' }, { cwd, env });
      if (row.error) {
        expectSilent(resumed);
        const log = readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8')
          .trimEnd()
          .split('\n');
        expect(log.at(-1)).toMatch(new RegExp(`Z claude session-start ${SESSION} error: `));
        expect(log.at(-1)?.endsWith(`error: ${row.error}`)).toBe(true);
        // A new session under a bad BATON_AGENT: no record, no agent, no mail taken.
        const other = '99999999-7e4b-4c1d-9a55-0123456789ab';
        const before = snapshot(join(cwd, '.baton'));
        delete before['state/hooks.log'];
        expectSilent(hook('session-start', { session_id: other }, { cwd, env }));
        const after = snapshot(join(cwd, '.baton'));
        delete after['state/hooks.log'];
        expect(after).toEqual(before);
        return;
      }
      const context = contextOf(envelopeOf(resumed, 'session-start'));
      const record = JSON.parse(readFileSync(join(cwd, '.baton', 'sessions', `${SESSION}.json`), 'utf8'));
      expect(record.agent).toBe(row.agent);
      // The agent's mail, and the session's own name's (its alias): nobody else's.
      const pushed = [...context.matchAll(/<baton-mail to="([^"]+)">/g)].map((m) => m[1]);
      expect(pushed).toEqual(row.agent === AGENT ? [AGENT] : [row.agent, AGENT]);
      expect(existsSync(join(cwd, '.baton', 'agents', `${row.agent}.json`))).toBe(true);
    });
  }
});

describe('one identity rule: the hooks’ quick check (whose mail makes a prompt worth the full hook)', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const cwd = setUp(row);
      const stdin = JSON.stringify({
        session_id: SESSION,
        cwd,
        hook_event_name: 'UserPromptSubmit',
        prompt: 'go',
      });
      const check = { event: 'user-prompt-submit', harness: 'claude', stdin, cwd, home: homedir() } as const;
      const env = envOf(row);
      // Mail for someone else only: nothing to do.
      send(cwd, 'somebody-else', 'not yours');
      if (row.error) {
        expect(() => nothingToDo({ ...check, env })).toThrow(row.error);
        return;
      }
      expect(nothingToDo({ ...check, env })).toBe(true);
      send(cwd, row.agent as string, 'yours');
      expect(nothingToDo({ ...check, env })).toBe(false);
    });
  }
});

describe('one identity rule: the MCP server (stdio: BATON_AGENT, else the session that launched it)', () => {
  for (const row of ROWS) {
    it(row.name, async () => {
      const cwd = setUp(row);
      const before = snapshot(join(cwd, '.baton'));
      const client = await connect({
        board: boardIn(cwd, { ...envOf(row), BATON_SESSION: SESSION }),
        sessionIdentity: true,
      });
      const result = await call(client, 'dm_send', { to: 'alice', body: 'hi' });
      if (row.error) {
        expect({ isError: result.isError, text: textOf(result) }).toEqual({ isError: true, text: row.error });
        expect(snapshot(join(cwd, '.baton'))).toEqual(before);
        return;
      }
      expect(result.isError).toBeFalsy();
      const inbox = JSON.parse(baton(['inbox', '--as', 'alice', '--json'], { cwd }).stdout);
      expect(inbox.messages.map((m: { from: string }) => m.from)).toEqual([row.agent]);
    });
  }
});

describe('one identity rule: baton doctor says who a command run here acts as, and fails on a bad BATON_AGENT', () => {
  for (const row of ROWS.filter((r) => r.env !== undefined)) {
    it(row.name, () => {
      const cwd = setUp(row);
      const doctor = baton(['doctor'], { cwd, env: { ...envOf(row), BATON_SESSION: SESSION } });
      if (row.error) {
        expect(doctor.code).toBe(1);
        expect(doctor.stdout).toContain(`\nFAIL  agent: ${row.error}\n`);
        return;
      }
      const from = row.env ? 'BATON_AGENT' : 'the name registered for this session';
      expect(doctor.stdout).toContain(`\ninfo  agent: ${row.agent} (${from})\n`);
    });
  }
});
