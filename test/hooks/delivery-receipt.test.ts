// A hook's mail push is a delivery the sender can see: once the harness has the output, the message's receipt names
// the session (`delivered to claude-3f2a9c (session 3f2a9c) 21:25:40Z` in `baton thread`); before, it waits.
import { describe, expect, it } from 'vitest';
import { baton } from '../helpers/testdir.js';
import { AGENT, answer, contextOf, hook, project } from './helpers.js';

const sentId = (stdout: string) => /sent (m-[0-9A-Z]{26})/.exec(stdout)?.[1] ?? '';

describe('hook mail push', () => {
  it('leaves a receipt naming the session once the push is printed; the sender sees it in thread and inbox --sent', () => {
    const cwd = project();
    const sent = baton(['send', '--as', 'alice', '--to', AGENT, '--body', 'the flake is fixed'], { cwd });
    const id = sentId(sent.stdout);
    expect(sent.stderr).toContain(`waiting — ${AGENT} has no live session (never seen on this board)\n`);
    const before = baton(['thread', id], { cwd }).stdout;
    expect(before).toContain(`\n  waiting — ${AGENT} has no live session (never seen on this board)\n`);
    const context = contextOf(answer(hook('session-start', { source: 'startup' }, { cwd }), 'session-start'));
    expect(context).toContain('the flake is fixed');
    const after = baton(['thread', id], { cwd }).stdout;
    expect(after).toMatch(
      new RegExp(`\\n  delivered to ${AGENT} \\(session 3f2a9c\\) \\d\\d:\\d\\d:\\d\\dZ\\n`),
    );
    const json = JSON.parse(baton(['inbox', '--sent', '--as', 'alice', '--json'], { cwd }).stdout);
    expect(json.messages[0].delivery).toMatchObject({
      state: 'delivered',
      agent: AGENT,
      session: '3f2a9c11-7e4b-4c1d-9a55-0123456789ab',
      harness: 'claude',
      via: 'hook',
    });
  });
});
