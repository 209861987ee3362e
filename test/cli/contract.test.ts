// The command line contract, spawned as a user or an agent runs it: values that start with a dash, --json on
// every command (errors too), exit codes, BATON_DISABLE, flags before the command, suggestions, version.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, snapshot, testdir } from '../helpers/testdir.js';

const VERSION = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')).version;

function board() {
  const dir = testdir();
  const root = join(dir, '.baton');
  const env = { BATON_DIR: root };
  const run = (args: string[], input = '', extra: Record<string, string> = {}) =>
    baton(args, { cwd: dir, env: { ...env, ...extra }, input });
  return { dir, root, env, run };
}

function sent(stdout: string): string {
  return /sent (m-[0-9A-Z]{26})/.exec(stdout)![1]!;
}

describe('a value that starts with a dash', () => {
  it('send --body "- item one" sends it, as --body=… does', () => {
    const { run } = board();
    expect(run(['send', '--as', 'alice', '--to', 'bob', '--body', '- item one']).code).toBe(0);
    expect(run(['send', '--as', 'alice', '--to', 'bob', '--body=-- two']).code).toBe(0);
    const inbox = JSON.parse(run(['inbox', '--as', 'bob', '--json']).stdout);
    expect(inbox.messages.map((m: { body: string }) => m.body)).toEqual(['- item one\n', '-- two\n']);
  });

  it('card new "- dash title", card write --body "- a list item", and `--` before a title like a flag', () => {
    const { run } = board();
    const created = run(['card', 'new', '- dash title', '--json']);
    expect(created.code).toBe(0);
    const card = JSON.parse(created.stdout).card;
    expect(card.title).toBe('- dash title');
    expect(run(['card', 'write', card.id, '--body', '- a list item\n- another']).code).toBe(0);
    const read = JSON.parse(run(['card', 'read', card.id, '--json']).stdout);
    expect(read.entries.map((e: { body: string }) => e.body)).toEqual(['- a list item\n- another']);
    const odd = run(['card', 'new', '--json', '--', '--help', 'me']);
    expect(odd.code).toBe(0);
    expect(JSON.parse(odd.stdout).card.title).toBe('--help me');
  });

  it.each([
    [['inbox', '--as', 'bob', '--limit', '-1'], '--limit must be 0 or more, got -1'],
    [['poll', '--as', 'bob', '--max', '-3'], '--max must be 1 or more, got -3'],
    [['poll', '--as', 'bob', '--max', '0'], '--max must be 1 or more, got 0'],
    [['listen', '--as', 'bob', '--timeout', '-5'], '--timeout must be 0 or more, got -5'],
    [['inbox', '--as', 'bob', '--limit', 'ten'], '--limit must be a whole number, got "ten"'],
  ])('%j is a range error (exit 2), nothing written', (args, message) => {
    const { dir, run } = board();
    run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']);
    const before = snapshot(dir);
    expect(run(args)).toEqual({ code: 2, stdout: '', stderr: `baton: ${message}\n` });
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('--json means JSON on stdout for every command', () => {
  it('every command prints one JSON document on stdout', () => {
    const { run } = board();
    const parse = (args: string[], input = '') => {
      const result = run([...args, '--json'], input);
      expect({ args, code: result.code }).toEqual({ args, code: 0 });
      return JSON.parse(result.stdout);
    };
    parse(['init']);
    parse(['register', '--as', 'alice']);
    const id = parse(['send', '--as', 'alice', '--to', 'bob', '--body', 'hi']).sent[0].id;
    parse(['inbox', '--as', 'bob']);
    parse(['thread', id]);
    parse(['agents']);
    parse(['sessions']);
    parse(['redeliver', '--as', 'bob']);
    const card = parse(['card', 'new', 'Title']).card;
    parse(['card', 'write', card.id, '--body', 'entry']);
    parse(['card', 'list']);
    parse(['card', 'read', card.id]);
    parse(['card', 'open']);
    expect(parse(['search', 'entry']).hits.map((hit: { id: string }) => hit.id)).toEqual([card.id]);
    parse(['gc', '--dry-run']);
    parse(['doctor']);
    parse(['demo']);
    parse(['version']);
    parse(['send', '--help']);
    expect(parse(['poll', '--as', 'bob']).messages.map((m: { body: string }) => m.body)).toEqual(['hi\n']);
  });

  it('poll with nothing new prints an empty list, not zero bytes', () => {
    const { run } = board();
    run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']);
    run(['poll', '--as', 'bob']);
    const empty = run(['poll', '--as', 'bob', '--json']);
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({ agent: 'bob', messages: [], more: 0 });
    expect(run(['poll', '--as', 'bob'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('demo --json: the board, its agents, latest messages and cards', () => {
    const { dir } = board();
    const demo = baton(['demo', '--json'], { cwd: dir });
    expect(demo.code).toBe(0);
    const shown = JSON.parse(demo.stdout);
    expect(shown.board).toBe(join(dir, 'demo', '.baton'));
    expect(shown.agents.map((a: { name: string }) => a.name)).toEqual([
      'alice',
      'bob',
      'carol',
      'wei',
      'you',
    ]);
    expect(shown.cards.map((c: { title: string }) => c.title)).toEqual([
      'Product list slowed down (商品列表接口变慢)',
      'Orders migration: shipped_at',
      'Flaky login test',
    ]);
    expect(shown.messages.length).toBeGreaterThan(0);
  });

  it('an error prints one JSON object on stderr with a stable code, nothing on stdout, same exit code', () => {
    const { dir, root, run } = board();
    const cases: [string[], number, string, string][] = [
      [['inbox', '--as', 'bob'], 1, 'no_board', `no board at ${root}`],
      [['send', '--as', 'a', '--to', 'b', '--bogus'], 2, 'usage', 'unknown flag --bogus for `baton send`'],
      [['sedn'], 2, 'usage', 'unknown command "sedn" — did you mean send?'],
      [['send', '--as', 'a', '--to', 'b', '--body', 'x'.repeat(8001)], 1, 'too_large', 'body too long'],
      [['thread', 'nope'], 1, 'invalid_input', 'malformed message id "nope"'],
    ];
    for (const [args, code, errorCode, start] of cases) {
      const result = run([...args, '--json']);
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code, stdout: '' });
      expect(result.stderr.endsWith('\n') && result.stderr.indexOf('\n') === result.stderr.length - 1).toBe(
        true,
      );
      const { error } = JSON.parse(result.stderr);
      expect(Object.keys(error)).toEqual(['code', 'message']);
      expect(error.code).toBe(errorCode);
      expect(error.message.startsWith(start)).toBe(true);
    }
    const disabled = run(['agents', '--json'], '', { BATON_DISABLE: '1' });
    expect(disabled.code).toBe(3);
    expect(JSON.parse(disabled.stderr).error.code).toBe('disabled');
    expect(snapshot(dir)).toEqual({});
  });
});

describe('exit codes', () => {
  it.each([
    [
      ['send', '--as', 'alice', '--body', 'x'],
      'send needs --to <agent>[,<agent>…] — see `baton send --help`',
    ],
    [
      ['send', '--as', 'alice', '--to', ',', '--body', 'x'],
      'send needs --to <agent>[,<agent>…] — see `baton send --help`',
    ],
    [
      ['card', 'write', 'CARD', '--type', 'bug', '--body', 'x'],
      'unknown entry type "bug" — use one of note, finding, question, answer',
    ],
    [['card', 'write', '--body', 'x'], 'card write needs a card id — see `baton card list`'],
    [['card', 'read'], 'card read needs a card id — see `baton card list`'],
    [['card', 'del', '--yes'], 'card del needs a card id — see `baton card list`'],
    [['card', 'ask', 'CARD'], 'card ask needs a request: baton card ask CARD "<what the entry should say>"'],
    [
      ['card', 'lsit'],
      'unknown subcommand "lsit" for `baton card` — did you mean list? use one of new, list, read, write, ask, commit, del, clean, open',
    ],
    [['card'], 'card needs a subcommand — see `baton card --help`'],
    [['thread'], 'thread needs a message id — see `baton inbox` for ids'],
    [['register'], 'register needs --as <name>'],
    [['inbox', '--as', 'bob', '--limit'], '--limit needs a value — see `baton inbox --help`'],
  ])('usage mistake %j exits 2, nothing written', (args, message) => {
    const { root, run } = board();
    const card = JSON.parse(run(['card', 'new', 'Target', '--json']).stdout).card.id as string;
    const before = snapshot(root);
    const withCard = args.map((arg) => arg.replace('CARD', card));
    expect(run(withCard)).toEqual({
      code: 2,
      stdout: '',
      stderr: `baton: ${message.replace('CARD', card)}\n`,
    });
    expect(snapshot(root)).toEqual(before);
  });

  it('a failure exits 1', () => {
    const { run } = board();
    run(['init']);
    expect(run(['thread', 'm-0000']).code).toBe(1);
    expect(run(['card', 'read', 'c-0000']).code).toBe(1);
  });

  it('BATON_DISABLE: every command but poll and doctor exits 3 saying so; poll is silent; doctor reports it', () => {
    const { dir, run } = board();
    run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']);
    const card = JSON.parse(run(['card', 'new', 'T', '--json']).stdout).card.id as string;
    const before = snapshot(dir);
    const off = { BATON_DISABLE: '1' };
    const message =
      'baton: baton is disabled (BATON_DISABLE is set): nothing was read or written — unset BATON_DISABLE to use baton\n';
    const commands = [
      ['init'],
      ['send', '--as', 'a', '--to', 'b', '--body', 'x'],
      ['inbox', '--as', 'bob'],
      ['listen', '--as', 'bob', '--timeout', '1'],
      ['thread', 'm-01'],
      ['redeliver', '--as', 'bob'],
      ['register', '--as', 'a'],
      ['sessions'],
      ['agents'],
      ['gc'],
      ['demo'],
      ['card', 'new', 'x'],
      ['card', 'list'],
      ['card', 'read', card],
      ['card', 'write', card, '--body', 'x'],
      ['card', 'ask', card, 'x'],
      ['card', 'commit', '--session', 's'],
      ['card', 'del', card, '--yes'],
      ['card', 'clean', '--yes'],
      ['card', 'open'],
    ];
    for (const args of commands) {
      expect({ args, ...run(args, '', off) }).toEqual({ args, code: 3, stdout: '', stderr: message });
    }
    expect(run(['poll', '--as', 'bob'], '', off)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(run(['poll', '--as', 'bob', '--json'], '', off)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(run(['doctor'], '', off).stdout).toContain('info  BATON_DISABLE: set: baton is off\n');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('flags before the command, unknown commands, version', () => {
  it('--as, --board, --json and --global may come before the command, for hot and other commands alike', () => {
    const { dir, root } = board();
    const other = join(dir, 'other');
    const at = (args: string[]) => baton(args, { cwd: dir, env: { BATON_DIR: other } });
    const sentTo = at(['--board', root, '--as', 'alice', 'send', '--to', 'bob', '--body', 'hi']);
    expect(sentTo.code).toBe(0);
    expect(sentTo.stderr).toBe(
      `waiting — bob has no live session (never seen on this board)\n[board ${root}]\n`,
    );
    const id = sent(sentTo.stdout);
    const inbox = at(['--json', '--as=bob', '--board', root, 'inbox']);
    expect(JSON.parse(inbox.stdout).messages.map((m: { id: string }) => m.id)).toEqual([id]);
    expect(JSON.parse(at(['--board', root, '--json', 'thread', id]).stdout).messages).toHaveLength(1);
    expect(at(['--board', root, '--as', 'alice', 'card', 'new', 'Led', '--json']).code).toBe(0);
    expect(JSON.parse(at(['--board', root, 'card', 'list', '--json']).stdout).cards[0].createdBy).toBe(
      'alice',
    );
    const poll = at(['--board', root, '--as', 'bob', 'poll', '--json']);
    expect(JSON.parse(poll.stdout).messages.map((m: { id: string }) => m.id)).toEqual([id]);
    // `--` still ends the flags: the moved flags go before it.
    expect(at(['--board', root, 'card', 'new', '--json', '--', '--as']).code).toBe(0);
    expect(JSON.parse(at(['--board', root, 'card', 'list', '--json']).stdout).cards[0].title).toBe('--as');
    expect(snapshot(other)).toEqual({});
  });

  it('another flag before the command says where flags go', () => {
    const { dir, run } = board();
    expect(run(['--to', 'bob', 'send'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'baton: --to must come after the command: baton <command> [flags] (only --board, --global, --as and --json may come before it)\n',
    });
    expect(snapshot(dir)).toEqual({});
  });

  it('an unknown command suggests the nearest one', () => {
    const { run } = board();
    expect(run(['sedn', '--to', 'bob'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: unknown command "sedn" — did you mean send?\n',
    });
    expect(run(['inbx']).stderr).toBe('baton: unknown command "inbx" — did you mean inbox?\n');
    expect(run(['deploy'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: unknown command "deploy" — run `baton --help` for the list\n',
    });
  });

  it('baton version and --version print the version from package.json', () => {
    const { run } = board();
    expect(run(['version'])).toEqual({ code: 0, stdout: `baton ${VERSION}\n`, stderr: '' });
    expect(run(['--version'])).toEqual({ code: 0, stdout: `baton ${VERSION}\n`, stderr: '' });
    expect(JSON.parse(run(['version', '--json']).stdout)).toEqual({ version: VERSION });
  });
});

describe('card ask names who asks and who is asked', () => {
  function withSession() {
    const b = board();
    expect(b.run(['init']).code).toBe(0);
    expect(b.run(['register', '--as', 'claude-3f2a9c']).code).toBe(0);
    const card = JSON.parse(b.run(['card', 'new', 'Flake', '--json']).stdout).card.id as string;
    return { ...b, card };
  }

  it('the person asking is "you", even in a shell whose agent is the one asked; --as names someone else', () => {
    const { run, card } = withSession();
    const sessions = JSON.parse(run(['sessions', '--json']).stdout).sessions;
    const session = sessions[0].id as string;
    // BATON_AGENT is the asked agent's own name, as inside its session: it must not ask itself.
    const mine = run(['card', 'ask', card, 'write it up', '--session', session], '', {
      BATON_AGENT: 'claude-3f2a9c',
    });
    expect(mine.code).toBe(0);
    expect(mine.stdout.split('\n')[0]).toBe(
      `Your operator asks you (claude-3f2a9c) to write an entry for the baton card ${card} "Flake".`,
    );
    expect(mine.stderr.split('\n')[0]).toMatch(
      new RegExp(
        `^pending write: you ask claude-3f2a9c \\(session ${session}\\) for an entry on ${card} until `,
      ),
    );
    const alice = run(['card', 'ask', card, 'write it up', '--session', session, '--as', 'alice']);
    expect(alice.stdout.split('\n')[0]).toBe(
      `alice asks you (claude-3f2a9c) to write an entry for the baton card ${card} "Flake".`,
    );
    expect(alice.stderr).toContain(
      `pending write: alice asks claude-3f2a9c (session ${session}) for an entry`,
    );
    const fresh = run(['card', 'new', '--ask', 'open a card', '--session', session]);
    expect(fresh.stdout.split('\n')[0]).toBe(
      'Your operator asks you (claude-3f2a9c) to write a new baton card.',
    );
    expect(fresh.stderr).toContain(
      `pending write: you ask claude-3f2a9c (session ${session}) for a new card`,
    );
  });
});

describe('redeliver', () => {
  it('an agent with no messages on this board is an error, not "queued 0"', () => {
    const { root, run } = board();
    run(['send', '--as', 'alice', '--to', 'bob', '--body', 'x']);
    const before = snapshot(root);
    expect(run(['redeliver', '--as', 'ghost'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: ghost has no messages on ${root} — nothing to redeliver (see \`baton agents\` for who has mail)\n`,
    });
    expect(snapshot(root)).toEqual(before);
  });
});
