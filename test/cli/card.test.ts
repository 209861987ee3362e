// `baton card` as a user runs it: exit codes, what is printed, and what is (not) on disk — in process (main() with a
// captured io), and through the built binary where only a process shows it (a first session end to end, 20 writers
// racing, the y/N prompt on a terminal). The card domain on every store: test/core/contract/cards.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectKeyOf } from '../../src/core/sessions/project.js';
import { snapshot } from '../core/cards/helpers.js';
import { cli } from '../helpers/cli.js';
import { BIN, baton, batonAsync, cleanEnv, testdir } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';

const fence = '```';
const ID = /c-[0-9A-Z]{26}/;
// How every command shows a time: UTC to the second, with a Z.
const TIME = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ';

function project() {
  const cwd = join(testdir(), 'project');
  mkdirSync(cwd, { recursive: true });
  const root = join(cwd, '.baton');
  // In process (main() with a captured io); `spawnRun` is the built binary, for what only a process shows.
  const run = (args: string[], input = '', env: Record<string, string> = {}) =>
    cli(args, { cwd, input, env });
  const spawnRun = (args: string[], input = '', env: Record<string, string> = {}) =>
    baton(args, { cwd, input, env });
  const newCard = async (title: string, as?: string) => {
    const result = await run(['card', 'new', title, '--json', ...(as ? ['--as', as] : [])]);
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout).card as { id: string; path: string; title: string };
  };
  return { cwd, root, run, spawnRun, newCard };
}

function readJson(stdout: string) {
  return JSON.parse(stdout) as {
    card: { id: string; entries: number };
    text: string;
    entries: { id: string; type: string; author: string; at: string; body: string }[];
    problem?: string;
  };
}

describe('baton card, as a user', () => {
  it('a person opens a card, two agents add a finding and a question, the person answers; the file reads well', () => {
    const { root, spawnRun: run } = project();
    const created = run(['card', 'new', 'Flaky', 'login', 'test']);
    expect(created.code).toBe(0);
    const id = ID.exec(created.stdout)![0];
    expect(created.stdout).toBe(
      `created ${id} "Flaky login test" (0 entries) ${root}/cards/${id}-flaky-login-test.md\n`,
    );
    expect(created.stderr).toBe(`[board ${root}]\n`);

    const finding = run([
      'card',
      'write',
      id,
      '--type',
      'finding',
      '--as',
      'claude-3f2a9c',
      '--body',
      'The test depends on wall-clock time; see `test/login.spec.ts:40`.',
    ]);
    expect(finding.code).toBe(0);
    expect(finding.stdout).toMatch(
      new RegExp(`^added e-[0-9A-Z]{26} \\(finding\\) to ${id} "Flaky login test" as claude-3f2a9c\\n$`),
    );
    const question = run(
      ['card', 'write', id.slice(0, 9), '--type', 'question', '--as', 'codex-77b1'],
      'Should we freeze time globally or per test?\n',
    );
    expect(question.code).toBe(0);
    const answer = run(
      ['card', 'write', id, '--type', 'answer'],
      'Per test: `vi.useFakeTimers()` in a beforeEach.\n',
    );
    expect(answer.code).toBe(0);
    expect(answer.stdout).toContain(' as you\n');

    const list = run(['card', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${id}  3 entries  ${TIME}  Flaky login test\\n$`));

    const read = run(['card', 'read', id]);
    expect(read.code).toBe(0);
    const file = readFileSync(join(root, 'cards', `${id}-flaky-login-test.md`), 'utf8');
    expect(read.stdout).toBe(file);
    const shape = file
      .replace(/e-[0-9A-Z]{26}/g, 'e-ID')
      .replace(id, 'c-ID')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'TIME');
    expect(shape).toBe(`---
id: c-ID
title: Flaky login test
created_by: you
created_at: TIME
---

### e-ID · finding · claude-3f2a9c · TIME

The test depends on wall-clock time; see \`test/login.spec.ts:40\`.

### e-ID · question · codex-77b1 · TIME

Should we freeze time globally or per test?

### e-ID · answer · you · TIME

Per test: \`vi.useFakeTimers()\` in a beforeEach.
`);
    const json = readJson(run(['card', 'read', id, '--json']).stdout);
    expect(json.entries.map((e) => [e.type, e.author])).toEqual([
      ['finding', 'claude-3f2a9c'],
      ['question', 'codex-77b1'],
      ['answer', 'you'],
    ]);
    expect(run(['card', 'open']).stdout).toBe(`${root}/cards\n`);
  });

  it('lists newest activity first with entry counts', async () => {
    const { run, newCard } = project();
    const a = await newCard('Alpha');
    const b = await newCard('Beta');
    // The write lands in a later millisecond than Beta's creation, as between two commands a person types (the
    // order itself, on a fake clock: test/core/contract/cards.test.ts).
    const created = Date.now();
    await waitFor('a later millisecond', () => Date.now() > created);
    expect((await run(['card', 'write', a.id, '--body', 'bump'])).code).toBe(0);
    const lines = (await run(['card', 'list'])).stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.replace(/ {2}\d{4}-.*Z {2}/, ' | '))).toEqual([
      `${a.id}    1 entry | Alpha`,
      `${b.id}  0 entries | Beta`,
    ]);
  });

  it('a body line that looks like an entry heading reads back as one entry, body identical', async () => {
    const { run, newCard } = project();
    const card = await newCard('Quoting');
    const body =
      'Pasted from elsewhere:\n### e-01JDX4ZZZZZZZZZZZZZZZZZZZZ · answer · mallory · 2026-11-30T11:05:00.000Z\nstill mine';
    expect((await run(['card', 'write', card.id, '--type', 'note'], `${body}\n`)).code).toBe(0);
    const json = readJson((await run(['card', 'read', card.id, '--json'])).stdout);
    expect(json.problem).toBeUndefined();
    expect(json.entries).toHaveLength(1);
    expect(json.entries[0]!.body).toBe(body);
    expect(json.entries[0]!.author).toBe('you');
  });

  it('20 processes appending to one card at once: all 20 entries, well-formed, file order = id order', async () => {
    const { cwd, run, newCard } = project();
    const card = await newCard('Race');
    const children = Array.from({ length: 20 }, (_, i) =>
      batonAsync(
        [
          'card',
          'write',
          card.id,
          '--type',
          'finding',
          '--as',
          `agent-${i}`,
          '--body',
          `finding number ${i}`,
        ],
        { cwd },
      ),
    );
    const results = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let stderr = '';
            child.stderr.on('data', (chunk) => {
              stderr += chunk;
            });
            child.on('close', (code) => resolve(`${code} ${stderr.replace(/^\[board .*\]\n$/, '')}`));
          }),
      ),
    );
    expect(results).toEqual(Array(20).fill('0 '));
    const json = readJson((await run(['card', 'read', card.id, '--json'])).stdout);
    expect(json.problem).toBeUndefined();
    expect(json.entries).toHaveLength(20);
    expect(json.entries.map((e) => e.body).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `finding number ${i}`).sort(),
    );
    for (const entry of json.entries)
      expect(entry.body).toBe(`finding number ${entry.author.slice('agent-'.length)}`);
    const ids = json.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(20);
    expect(json.text.split('\n').filter((line) => line.startsWith('### e-'))).toHaveLength(20);
    expect(readdirSync(join(cwd, '.baton', 'cards'))).toEqual([basename(card.path)]);
    expect(readFileSync(card.path)).toEqual(Buffer.from(json.text));
  });
});

describe('baton card, bad input: exact error, nothing written', () => {
  it('an unknown card id', async () => {
    const { root, run, newCard } = project();
    await newCard('Only');
    const before = snapshot(root);
    for (const args of [['read'], ['write', '--body', 'x'], ['del', '--yes']]) {
      const [sub, ...rest] = args as [string, ...string[]];
      const result = await run(['card', sub, 'c-0000000000', ...rest]);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `baton: no card c-0000000000 on ${root} — list cards with \`baton card list\`\n`,
      });
    }
    expect(snapshot(root)).toEqual(before);
  });

  it('an ambiguous id prefix lists the candidates', async () => {
    const { root, run, newCard } = project();
    const a = await newCard('One');
    const b = await newCard('Two');
    const before = snapshot(root);
    const result = await run(['card', 'write', 'c-', '--body', 'x']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'baton: malformed card id "c-" — card ids look like c-01JDX4K9ZQ… (see `baton card list`)\n',
    );
    let common = 2;
    while (a.id[common] === b.id[common]) common++;
    const prefix = a.id.slice(0, common);
    const ambiguous = await run(['card', 'write', prefix, '--body', 'x']);
    expect(ambiguous).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: card id ${prefix} is ambiguous: it matches 2 cards: ${a.id} (one), ${b.id} (two) — give more of the id\n`,
    });
    expect(snapshot(root)).toEqual(before);
  });

  it('an emoji-only title is accepted with the fallback slug "card"; the title is kept', async () => {
    const { root, run } = project();
    const result = await run(['card', 'new', '🔥🔥🔥', '--json']);
    expect(result.code).toBe(0);
    const { card } = JSON.parse(result.stdout);
    expect(card.path).toBe(join(root, 'cards', `${card.id}-card.md`));
    expect(readFileSync(card.path, 'utf8')).toContain('title: "🔥🔥🔥"\n');
  });

  it('a 10,000-character title: too long, and not even the board is created', async () => {
    const { cwd, run } = project();
    const result = await run(['card', 'new', 'x'.repeat(10_000)]);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: card title too long: 10000 characters (at most 200) — keep the title short and put the detail in an entry\n',
    });
    expect(snapshot(cwd)).toEqual({});
  });

  it('a blank title is a usage error', async () => {
    const { cwd, run } = project();
    expect(await run(['card', 'new', '  '])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: card new needs a title: baton card new "<title>" (or --ask "<intent>")\n',
    });
    expect(snapshot(cwd)).toEqual({});
  });

  it('a hand-malformed card: read verbatim works, write refuses, the file is unchanged byte for byte', async () => {
    const { root, run, newCard } = project();
    const card = await newCard('Broken');
    expect((await run(['card', 'write', card.id, '--body', 'first'])).code).toBe(0);
    const broken = readFileSync(card.path, 'utf8').replace('\n---\n\n###', '\n\n###');
    writeFileSync(card.path, broken);
    const before = snapshot(root);

    const read = await run(['card', 'read', card.id]);
    expect(read.code).toBe(0);
    expect(read.stdout).toBe(broken);
    const problem = 'front matter: front matter is not closed by ---';
    expect(read.stderr).toBe(
      `baton: card ${card.id} is malformed (${problem}) — shown as it is; writes to it are refused until ${card.path} is fixed\n`,
    );
    const write = await run(['card', 'write', card.id, '--body', 'second']);
    expect(write).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: card ${card.id} is malformed (${problem}) — nothing was written; fix ${card.path} by hand or start a new card\n`,
    });
    expect(readFileSync(card.path)).toEqual(Buffer.from(broken));
    expect(snapshot(root)).toEqual(before);

    const list = await run(['card', 'list']);
    expect(list.code).toBe(0);
    expect(list.stderr).toBe(`baton: skipped ${card.path}: ${problem}\n`);
  });

  it('an unknown type, an empty body', async () => {
    const { root, run, newCard } = project();
    const card = await newCard('Types');
    const before = snapshot(root);
    expect((await run(['card', 'write', card.id, '--type', 'bug', '--body', 'x'])).stderr).toBe(
      'baton: unknown entry type "bug" — use one of note, finding, question, answer\n',
    );
    expect((await run(['card', 'write', card.id], '\n\n')).stderr).toBe(
      'baton: empty entry body — pass --body <text> or pipe it on stdin\n',
    );
    expect(snapshot(root)).toEqual(before);
  });

  it('del and clean refuse without --yes when there is no terminal, naming --yes; with --yes they delete', async () => {
    const { root, run, spawnRun, newCard } = project();
    const a = await newCard('Keep me');
    const b = await newCard('Delete me');
    const before = snapshot(root);
    // Whether there is a terminal is the process's own: these two run as the binary.
    expect(spawnRun(['card', 'del', b.id])).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: refusing to delete card ${b.id} without confirmation — no terminal to confirm on; pass --yes\n`,
    });
    expect(spawnRun(['card', 'clean'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: refusing to delete 2 card(s) without confirmation — no terminal to confirm on; pass --yes\n',
    });
    expect(snapshot(root)).toEqual(before);
    const del = await run(['card', 'del', b.id, '--yes']);
    expect(del.code).toBe(0);
    expect(del.stdout).toBe(`deleted ${b.id} "Delete me" (0 entries) ${b.path}\n`);
    expect(
      JSON.parse((await run(['card', 'list', '--json'])).stdout).cards.map((c: { id: string }) => c.id),
    ).toEqual([a.id]);
    const stray = join(root, 'cards', 'c-00000000000000000000000000-hand-made.md');
    writeFileSync(stray, 'not a card');
    const clean = await run(['card', 'clean', '--yes']);
    expect(clean.code).toBe(0);
    expect(clean.stderr).toContain(
      `baton: skipped ${stray}: front matter: no front matter (the file must start with ---)\n`,
    );
    expect(readFileSync(stray, 'utf8')).toBe('not a card');
    rmSync(stray);
    expect((await run(['card', 'list'])).stdout).toBe(
      'no cards — create one with `baton card new "<title>"`\n',
    );
  });

  // `script` gives the command a terminal, so this is the prompt a person sees.
  it.skipIf(spawnSync('script', ['--version']).status !== 0)(
    'on a terminal, del asks [y/N]: "n" keeps the card, "y" deletes it',
    async () => {
      const { cwd, root, newCard } = project();
      const card = await newCard('Ask me');
      const onTty = (answer: string) =>
        spawnSync('script', ['-qec', `"${process.execPath}" "${BIN}" card del ${card.id}`, '/dev/null'], {
          cwd,
          env: cleanEnv(),
          input: `${answer}\n`,
          encoding: 'utf8',
        });
      const no = onTty('n');
      expect(no.status).toBe(1);
      expect(no.stdout).toContain(`delete card ${card.id} (${card.path})? [y/N] `);
      expect(no.stdout).toContain('not deleted');
      expect(readdirSync(join(root, 'cards'))).toEqual([basename(card.path)]);
      const yes = onTty('y');
      expect(yes.status).toBe(0);
      expect(yes.stdout).toContain(`deleted ${card.id} "Ask me"`);
      expect(readdirSync(join(root, 'cards'))).toEqual([]);
    },
  );

  it('reads never create a board', async () => {
    const { cwd, root, run } = project();
    for (const args of [['list'], ['read', 'c-01'], ['open']]) {
      expect(await run(['card', ...args])).toEqual({
        code: 1,
        stdout: '',
        stderr: `baton: no board at ${root} — run \`baton init\` there, or point to one with --board <path> or BATON_DIR\n`,
      });
    }
    expect(snapshot(cwd)).toEqual({});
  });
});

describe('baton card ask / commit (two-phase)', () => {
  async function withSession() {
    const p = project();
    expect((await p.run(['init'])).code).toBe(0);
    mkdirSync(join(p.root, 'sessions'), { recursive: true });
    const now = new Date().toISOString();
    const record = {
      id: 'sess-1',
      harness: 'claude',
      agent: 'claude-3f2a9c',
      cwd: p.cwd,
      projectKey: projectKeyOf(p.cwd),
      parentSession: '',
      startedAt: now,
      lastSeen: now,
      pid: process.pid,
    };
    writeFileSync(join(p.root, 'sessions', 'sess-1.json'), JSON.stringify(record));
    return p;
  }

  it('end to end: ask prints the prompt, a reply with prose around the block is committed', async () => {
    const { root, run, newCard } = await withSession();
    const card = await newCard('Flaky login test');
    const ask = await run(['card', 'ask', card.id, 'write', 'down', 'what', 'you', 'found']);
    expect(ask.code).toBe(0);
    expect(ask.stdout).toContain(
      `Your operator asks you (claude-3f2a9c) to write an entry for the baton card ${card.id} "Flaky login test".\n`,
    );
    expect(ask.stdout).toContain('Request: write down what you found\n');
    expect(ask.stdout).toContain('```board-entry\ntype: finding\n---\n<the entry, in Markdown>\n```\n');
    expect(ask.stderr).toMatch(
      new RegExp(
        `^pending write: you ask claude-3f2a9c \\(session sess-1\\) for an entry on ${card.id} until ${TIME}; its reply is written by the stop hook, or by \`baton card commit --session sess-1 < reply\`\\n`,
      ),
    );
    expect(JSON.parse(readFileSync(join(root, 'pending', 'sess-1.json'), 'utf8'))).toMatchObject({
      session: 'sess-1',
      target: { kind: 'card-entry', card: card.id },
      intent: 'write down what you found',
    });

    const reply = `I dug into it.\n\nHere is the entry:\n\n${fence}board-entry\ntype: finding\n---\nThe spec compares against \`Date.now()\`:\n\n${fence}ts\nexpect(token.exp).toBe(Date.now() + 3600);\n${fence}\n${fence}\n\nTell me if you want a fix too.\n`;
    const replyFile = join(root, '..', 'reply.md');
    writeFileSync(replyFile, reply);
    const commit = await run(['card', 'commit', '--session', 'sess-1'], readFileSync(replyFile, 'utf8'));
    expect(commit.code).toBe(0);
    expect(commit.stdout).toMatch(
      new RegExp(`^added e-[0-9A-Z]{26} \\(finding\\) to ${card.id} "Flaky login test" as claude-3f2a9c\\n$`),
    );
    const json = readJson((await run(['card', 'read', card.id, '--json'])).stdout);
    expect(json.entries).toHaveLength(1);
    expect(json.entries[0]!.body).toBe(
      `The spec compares against \`Date.now()\`:\n\n${fence}ts\nexpect(token.exp).toBe(Date.now() + 3600);\n${fence}`,
    );
    expect(snapshot(join(root, 'pending'))).toEqual({});
    expect(await run(['card', 'commit', '--session', 'sess-1'], reply)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: no pending write for session sess-1 — ask again with `baton card ask <id> "<intent>"`\n',
    });
  });

  it('card new --ask: the agent picks the title; the card is created with its entry', async () => {
    const { run } = await withSession();
    const ask = await run(['card', 'new', '--ask', 'open a card about the login flake']);
    expect(ask.code).toBe(0);
    expect(ask.stdout).toContain('title: <a short title for the card>\n');
    const reply = `${fence}board-entry\ntitle: Login flake: wall-clock time\ntype: question\n---\nFreeze time globally or per test?\n${fence}\n`;
    const commit = await run(['card', 'commit'], reply);
    expect(commit.code).toBe(0);
    expect(commit.stdout).toMatch(
      /^created c-[0-9A-Z]{26} "Login flake: wall-clock time" \(1 entry\) .*-login-flake-wall-clock-time\.md\n$/,
    );
    expect((await run(['card', 'list'])).stdout).toContain('1 entry');
  });

  const malformed: [string, string, string][] = [
    [
      'missing block',
      'It is the clock, I think.',
      'the reply has no ```board-entry block — reply with exactly one',
    ],
    [
      'two blocks',
      `${fence}board-entry\ntype: note\n---\na\n${fence}\n${fence}board-entry\ntype: note\n---\nb\n${fence}`,
      'the reply has 2 ```board-entry blocks — reply with exactly one',
    ],
    [
      'unknown type',
      `${fence}board-entry\ntype: bug\n---\nx\n${fence}`,
      'unknown type "bug" — use one of note, finding, question, answer',
    ],
    ['empty body', `${fence}board-entry\ntype: note\n---\n\n${fence}`, 'the entry body below --- is empty'],
    [
      'title on an existing card',
      `${fence}board-entry\ntitle: Other\ntype: note\n---\nx\n${fence}`,
      'title: is only for a new card — this entry goes to the existing card CARD; drop the title line',
    ],
  ];

  it.each(malformed)(
    'a reply with %s: warning, nothing written, the request stays open',
    async (_name, reply, warning) => {
      const { root, run, newCard } = await withSession();
      const card = await newCard('Target');
      expect((await run(['card', 'ask', card.id, 'add a note'])).code).toBe(0);
      const before = snapshot(root);
      const commit = await run(['card', 'commit', '--session', 'sess-1'], reply);
      expect(commit.code).toBe(1);
      expect(commit.stdout).toBe('');
      expect(commit.stderr).toMatch(
        new RegExp(
          `^baton: warning: reply not written — ${escapeRegExp(warning.replace('CARD', card.id))}\\. Nothing was written; the request stays open until ${TIME}: reply again with one \`\`\`board-entry block\\n$`,
        ),
      );
      expect(snapshot(root)).toEqual(before);
    },
  );

  it('an expired request is ignored and removed; commit says so and names the next step', async () => {
    const { root, run, newCard } = await withSession();
    writeFileSync(join(root, 'config.json'), '{"pending": {"ttl": "1ms"}}');
    const card = await newCard('Short-lived');
    expect((await run(['card', 'ask', card.id, 'quick'])).code).toBe(0);
    const reply = `${fence}board-entry\ntype: note\n---\nlate\n${fence}`;
    const commit = await run(['card', 'commit', '--session', 'sess-1'], reply);
    expect(commit.code).toBe(1);
    expect(commit.stderr).toMatch(
      new RegExp(
        `^baton: the pending write for session sess-1 expired at ${TIME} — ask again with \`baton card ask <id> "<intent>"\`\\n$`,
      ),
    );
    expect(snapshot(join(root, 'pending'))).toEqual({});
    expect(readJson((await run(['card', 'read', card.id, '--json'])).stdout).entries).toEqual([]);
  });

  it('card new takes a title or --ask, not both', async () => {
    const { root, run } = await withSession();
    const before = snapshot(root);
    expect(await run(['card', 'new', 'Title', '--ask', 'intent'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: card new takes either a title or --ask "<intent>" (the agent then picks the title)\n',
    });
    expect(snapshot(root)).toEqual(before);
  });

  it('ask with no live session names --session; nothing written', async () => {
    const { root, run, newCard } = project();
    const card = await newCard('Lonely');
    const before = snapshot(root);
    expect(await run(['card', 'ask', card.id, 'anything'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: no live agent session for this project on ${root} — start one (its hooks register it), or pass --session <id>\n`,
    });
    expect(snapshot(root)).toEqual(before);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
