// The page's JSON API in process (port 0): what each endpoint answers on a seeded board, and the person's changes.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAgent } from '../../src/core/agents/registry.js';
import { type Board, openBoard } from '../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../src/core/cards/index.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { acknowledge, claimId } from '../../src/core/messages/spool.js';
import { writeHandoff } from '../../src/core/notes/write.js';
import { writeResult } from '../../src/core/notes/write-result.js';
import { pathKeyOf, projectKeyOf } from '../../src/core/sessions/project.js';
import { endSession, recordSession } from '../../src/core/sessions/session.js';
import { touchPaths } from '../../src/core/sessions/touched.js';
import { silentLogger } from '../../src/http/logger.js';
import type { RunningHttpServer } from '../../src/http/server.js';
import { listenMcpHttp } from '../../src/mcp/http.js';
import { createMcpServer } from '../../src/mcp/server.js';
import type {
  AgentsJson,
  CardDetail,
  InboxJson,
  MailJson,
  NoteDetail,
  SearchJson,
  SessionsJson,
  ThreadJson,
  TimelineFindJson,
  TimelineJson,
  TimelineLinesJson,
} from '../../src/web/api-types.js';
import { createWebApp, type WebApp } from '../../src/web/server.js';
import { GOOD_ANSWER, startLlmServer } from '../helpers/llm-server.js';
import { testdir } from '../helpers/testdir.js';

const CLAUDE_TRANSCRIPT = join(
  import.meta.dirname,
  '../fixtures/transcripts/claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl',
);

const open: { server: RunningHttpServer; web: WebApp }[] = [];
afterEach(async () => {
  for (const { server, web } of open.splice(0)) {
    web.close();
    await server.close();
  }
});

const SECTIONS = (topic: string) => ({
  goal: `Goal of ${topic}.`,
  done: `Done for ${topic}: ran \`npm test\`.`,
  state: `State of ${topic}.`,
  decisions: `Decisions of ${topic}.`,
  pitfalls: `Pitfalls of ${topic}.`,
  next: `Next for ${topic}.`,
});

function seed(dir: string): Board {
  // Each write a second after the last, so the timeline's order never hangs on a millisecond tie.
  let now = Date.now() - 3_600_000;
  const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, clock: () => (now += 1000) });
  for (const name of ['alice', 'bob', 'carol']) registerAgent(board, name);
  recordSession(board, { id: 'sess-a-0001', agent: 'alice', harness: 'claude', cwd: dir });
  recordSession(board, {
    id: 'sess-b-0002',
    agent: 'bob',
    harness: 'claude',
    cwd: dir,
    transcriptPath: CLAUDE_TRANSCRIPT,
  });
  endSession(board, 'sess-b-0002');
  touchPaths(board, 'sess-a-0001', ['src/login.ts', 'README.md'], dir);
  recordSession(board, { id: 'sess-c-0003', agent: 'carol', harness: 'codex', cwd: dir });
  touchPaths(board, 'sess-c-0003', ['src/login.ts'], dir);
  const first = writeHandoff(board, {
    session: 'sess-b-0002',
    title: 'First generation',
    agent: 'bob',
    harness: 'claude',
    sections: SECTIONS('first'),
  });
  writeHandoff(board, {
    session: 'sess-a-0001',
    parentSession: first.note.session,
    title: 'Second generation',
    agent: 'alice',
    harness: 'claude',
    sections: SECTIONS('second'),
  });
  writeResult(board, {
    title: 'Delegated lookup',
    body: 'The sub-agent found the flaky assertion.',
    status: 'ok',
    conclusion: 'found it',
    parentSession: 'sess-a-0001',
    session: 'sess-sub-0004',
    agent: 'alice',
    harness: 'claude',
  });
  writeHandoff(board, {
    session: 'sess-x-0005',
    parentSession: 'elsewhere-9999',
    title: 'From an external parent',
    agent: 'carol',
    harness: 'codex',
    sections: SECTIONS('external'),
  });
  return board;
}

async function serve(board: Board, person?: string, env: Record<string, string> = {}) {
  const web = createWebApp({ board: { board: board.root, env }, person, log: () => {} });
  const server = await listenMcpHttp({
    port: 0,
    logger: silentLogger,
    routes: web.routes,
    mcpServer: (agent, agentSource) =>
      createMcpServer({ board: { board: board.root, env: {} }, agent, agentSource }),
  });
  open.push({ server, web });
  const base = `http://127.0.0.1:${server.port}`;
  const get = async <T>(path: string) => {
    const res = await fetch(base + path);
    return { status: res.status, body: (await res.json()) as T, headers: res.headers };
  };
  const send = async <T>(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Baton-Token': web.pageToken, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  return { base, web, get, send };
}

describe('reads', () => {
  it('answers the timeline as SPEC §6 families, summarised; an opened family as lines', async () => {
    const board = seed(testdir());
    const { get } = await serve(board);
    const { status, body } = await get<TimelineJson>('/api/timeline');
    expect(status).toBe(200);
    expect([body.total, body.familyCount, body.offset]).toEqual([4, 2, 0]);
    const [newest, older] = body.families;
    expect(newest!.kind).toBe('external');
    expect(newest!.external).toBe('elsewhere-9999');
    expect(newest!.key).toBe('x:elsewhere-9999');
    expect(newest!.newest!.title).toBe('From an external parent');
    expect(older!.note!.title).toBe('First generation');
    // The whole family counted, its newest note named, who wrote it (most notes first), what is live.
    expect(older).toMatchObject({
      key: older!.note!.id,
      notes: 3,
      inProgress: 1,
      errors: 0,
      agents: ['alice', 'bob'],
      harnesses: ['claude'],
    });
    expect(older!.newest!.title).toBe('Delegated lookup');
    expect(older!.latest).toBe(older!.newest!.createdAt);
    expect('body' in older!.note!).toBe(false);
    expect('source' in older!).toBe(false);

    const { body: opened } = await get<TimelineLinesJson>(
      `/api/timeline/lines?family=${older!.key}&family=${encodeURIComponent(newest!.key)}&family=n-nothing`,
    );
    expect(Object.keys(opened.lines).sort()).toEqual([older!.key, newest!.key].sort());
    expect(
      opened.lines[older!.key]!.map((l) => [
        l.note.title,
        l.kind,
        l.depth,
        l.branch,
        l.continuedBy,
        l.inProgress,
      ]),
    ).toEqual([
      ['First generation', 'main', 0, false, 1, false],
      ['Second generation', 'main', 0, false, 0, true],
      ['Delegated lookup', 'sub-agent', 1, false, 0, false],
    ]);
    expect(opened.lines[newest!.key]!.map((l) => [l.note.title, l.depth])).toEqual([
      ['From an external parent', 0],
    ]);
    // Where a note is: its family and that family's place.
    const second = opened.lines[older!.key]![1]!.note.id;
    expect((await get<TimelineFindJson>(`/api/timeline/find/${second}`)).body).toEqual({
      family: older!.key,
      index: 1,
    });
  });

  it('pages the families and bounds what it is asked, refusing nonsense with the exact error', async () => {
    const board = seed(testdir());
    const { get } = await serve(board);
    const page = (await get<TimelineJson>('/api/timeline?offset=1&limit=1')).body;
    expect([page.offset, page.familyCount, page.families.map((f) => f.note?.title)]).toEqual([
      1,
      2,
      ['First generation'],
    ]);
    expect((await get<TimelineJson>('/api/timeline?offset=5')).body.families).toEqual([]);
    expect(await get('/api/timeline?limit=-1')).toMatchObject({
      status: 400,
      body: { code: 'invalid_input', error: 'limit must be a whole number, not "-1"' },
    });
    expect(await get('/api/timeline/lines')).toMatchObject({
      status: 400,
      body: { code: 'invalid_input', error: 'name at least one family (family=<key>)' },
    });
    const many = Array.from({ length: 101 }, (_, i) => `family=n-${i}`).join('&');
    expect(await get(`/api/timeline/lines?${many}`)).toMatchObject({
      status: 400,
      body: { code: 'invalid_input', error: 'at most 100 families at a time' },
    });
    expect(await get('/api/timeline/find/n-nowhere')).toMatchObject({
      status: 404,
      body: { code: 'not_found', error: 'no note n-nowhere in the timeline' },
    });
  });

  it('a result no session delegated is a family of its own, kind main (the page shows it as a result, not a sub-agent)', async () => {
    const board = seed(testdir());
    const standalone = writeResult(board, {
      title: 'Standalone audit',
      body: 'Nobody delegated this.',
      currentSession: false,
    }).note;
    const { get } = await serve(board);
    const { body } = await get<TimelineJson>('/api/timeline');
    const family = body.families.find((f) => f.note?.id === standalone.id)!;
    expect([family.kind, family.note!.kind, family.notes]).toEqual(['main', 'result', 1]);
  });

  it('answers one note with its six sections, relatives, resume and supplement plan', async () => {
    const board = seed(testdir());
    const { get } = await serve(board);
    const timeline = (await get<TimelineJson>('/api/timeline')).body;
    const lines = (await get<TimelineLinesJson>(`/api/timeline/lines?family=${timeline.families[1]!.key}`))
      .body;
    const second = lines.lines[timeline.families[1]!.key]![1]!.note;
    const { body } = await get<NoteDetail>(`/api/notes/${second.id}`);
    expect(body.sections!.map((s) => [s.key, s.text])).toEqual([
      ['goal', 'Goal of second.'],
      ['done', 'Done for second: ran `npm test`.'],
      ['state', 'State of second.'],
      ['decisions', 'Decisions of second.'],
      ['pitfalls', 'Pitfalls of second.'],
      ['next', 'Next for second.'],
    ]);
    expect(body.parent!.title).toBe('First generation');
    expect(body.children).toEqual([
      expect.objectContaining({ title: 'Delegated lookup', kind: 'sub-agent' }),
    ]);
    expect(body.sessionLive).toBe(true);
    expect(body.supplement.mode).toBe('request');
    expect(body.resume).toEqual({
      command: `cd ${board.cwd} && claude --resume sess-a-0001`,
      cwd: board.cwd,
    });
    const first = (await get<NoteDetail>(`/api/notes/${body.parent!.id}`)).body;
    expect(first.supplement.mode).toBe('draft');
    const result = (await get<NoteDetail>(`/api/notes/${body.children[0]!.id}`)).body;
    expect(result.sections).toBeNull();
    expect(result.note.body).toContain('flaky assertion');
  });

  it('shows a hand-written note whose session is no session name', async () => {
    const board = seed(testdir());
    const { get } = await serve(board);
    const id = (await get<TimelineJson>('/api/timeline')).body.families[1]!.note!.id;
    const path = (await get<NoteDetail>(`/api/notes/${id}`)).body.note.path;
    writeFileSync(path, readFileSync(path, 'utf8').replace('session: sess-b-0002', 'session: "../../x y"'));
    const { status, body } = await get<NoteDetail>(`/api/notes/${id}`);
    expect(status).toBe(200);
    expect(body.note.session).toBe('../../x y');
    expect(body.supplement.mode).toBe('draft'); // from the transcript the note names
    expect(body.resume).toEqual({ reason: expect.stringContaining('cannot be resumed') });
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(/transcriptPath: .*/, 'transcriptPath: /nowhere/t.jsonl'),
    );
    const gone = (await get<NoteDetail>(`/api/notes/${id}`)).body;
    expect(gone.supplement).toEqual({
      mode: 'none',
      reason: 'unrecorded',
      why: 'session ../../x y is not recorded on this board (no live session to ask, no transcript to draft from): ask a live session with `baton handoff request` instead',
    });
  });

  it('shows a fan-out once and joins a reply to its thread', async () => {
    const board = seed(testdir());
    const fan = sendMessage(board, {
      from: 'alice',
      to: ['bob', 'carol'],
      subject: 'heads-up',
      body: 'hi both',
    });
    sendMessage(board, { from: 'carol', to: 'alice', replyTo: fan.sent[1]!.id, body: 'noted' });
    sendMessage(board, { from: 'bob', to: 'you', body: 'for the person' });
    const { get } = await serve(board);
    const mail = (await get<MailJson>('/api/mail')).body;
    expect(mail.threads).toHaveLength(2);
    const heads = mail.threads.find((t) => t.subject === 'heads-up')!;
    expect(heads.count).toBe(2);
    expect(heads.participants.sort()).toEqual(['alice', 'bob', 'carol']);
    const thread = (await get<ThreadJson>(`/api/threads/${fan.sent[1]!.id}`)).body;
    expect(thread.messages.map((m) => [m.from, m.to])).toEqual([
      ['alice', ['bob', 'carol']],
      ['carol', ['alice']],
    ]);
    sendMessage(board, { from: 'carol', to: ['you', 'alice'], body: 'to you both' });
    const inbox = (await get<{ messages: { body: string; to: string[] }[] }>('/api/inbox')).body;
    expect(inbox.messages.map((m) => [m.body.trim(), m.to])).toEqual([
      ['to you both', ['you', 'alice']],
      ['for the person', ['you']],
    ]);
  });

  it('lists sessions per project, live first, with who else is on each touched file', async () => {
    const board = seed(testdir());
    const { get } = await serve(board);
    const { projects } = (await get<SessionsJson>('/api/sessions')).body;
    expect(projects).toHaveLength(1);
    const sessions = projects[0]!.sessions;
    expect(sessions.map((s) => s.live)).toEqual([true, true, false]);
    const alice = sessions.find((s) => s.id === 'sess-a-0001')!;
    const login = alice.touched.find((t) => t.path === 'src/login.ts')!;
    expect(login.others).toEqual([{ session: 'sess-c-0003', agent: 'carol', harness: 'codex' }]);
    expect(alice.touched.find((t) => t.path === 'README.md')!.others).toEqual([]);
  });

  it('reads an older project key (a slug of the folder’s path) as today’s: one project of sessions and notes', async () => {
    const dir = testdir();
    const board = seed(dir);
    const today = projectKeyOf(dir, board);
    const older = pathKeyOf(dir, board.redact);
    expect(older).not.toBe(today);
    // carol's session as a version before this one recorded it, and the handoff it writes: notes/<older>/.
    const path = join(board.root, 'sessions', 'sess-c-0003.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), projectKey: older }));
    const note = writeHandoff(board, {
      session: 'sess-c-0003',
      title: 'Written under the older key',
      sections: SECTIONS('older'),
    }).note;
    expect(note.projectKey).toBe(older);
    const { get } = await serve(board);
    const { projects } = (await get<SessionsJson>('/api/sessions')).body;
    expect(projects.map((p) => [p.key, p.sessions.length])).toEqual([[today, 3]]);
    const alice = projects[0]!.sessions.find((s) => s.id === 'sess-a-0001')!;
    expect(alice.touched.find((t) => t.path === 'src/login.ts')!.others).toEqual([
      { session: 'sess-c-0003', agent: 'carol', harness: 'codex' },
    ]);
    for (const asked of [today, older]) {
      const { body } = await get<TimelineJson>(`/api/timeline?project=${asked}`);
      expect(body.project).toBe(today);
      expect(body.projects).toEqual([today]);
      expect(body.total).toBe(5);
    }
    expect(readFileSync(note.path, 'utf8')).toContain(`projectKey: ${older}`);
  });

  it('searches messages, cards and notes, each result linking to its view', async () => {
    const board = seed(testdir());
    const { card } = createCard(board, { title: 'Zebra card', by: 'you' });
    appendEntry(board, card.id, { type: 'finding', author: 'bob', body: 'a zebra in the entry' });
    const sent = sendMessage(board, { from: 'alice', to: 'bob', body: 'the ZEBRA crossing' });
    const { get } = await serve(board);
    const { body } = await get<SearchJson>('/api/search?q=zebra');
    expect(body.results.map((r) => [r.type, r.link]).sort()).toEqual(
      [
        ['card', `#/cards/${card.id}`],
        ['message', `#/mail/${sent.sent[0]!.id}`],
      ].sort(),
    );
    const bySnippet = Object.fromEntries(body.results.map((r) => [r.type, r.snippet]));
    expect(bySnippet).toEqual({ card: 'a zebra in the entry', message: 'the ZEBRA crossing' });
    const notes = (await get<SearchJson>('/api/search?q=pitfalls%20of%20second')).body;
    expect(notes.results.map((r) => r.type)).toEqual(['note']);
    const empty = await get<{ error: string }>('/api/search?q=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('search for something: /api/search?q=<text>');
  });

  it('search: type chips narrow it, ranges mark the words, a long query or an unknown type is refused', async () => {
    const board = seed(testdir());
    const { card } = createCard(board, { title: 'Okapi card', by: 'you' });
    const sent = sendMessage(board, { from: 'alice', to: ['bob', 'carol'], body: 'An okapi, seen twice.' });
    const { get } = await serve(board);
    const all = (await get<SearchJson>('/api/search?q=okapi')).body;
    expect(all.total).toBe(2);
    const message = all.results.find((r) => r.type === 'message')!;
    // A fan-out once, linked by its first copy.
    expect(message.id).toBe(sent.sent.map((copy) => copy.id).sort()[0]);
    expect(message.ranges.snippet.map(([a, b]) => message.snippet.slice(a, b))).toEqual(['okapi']);
    const cards = (await get<SearchJson>('/api/search?q=okapi&type=card')).body;
    expect(cards.results.map((r) => [r.type, r.id, r.ranges.title])).toEqual([['card', card.id, [[0, 5]]]]);
    const both = (await get<SearchJson>('/api/search?q=okapi&type=card&type=message')).body;
    expect(both.total).toBe(2);
    const bad = await get<{ error: string }>('/api/search?q=okapi&type=card,bogus');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('unknown type "bogus" — use note, result, card, message');
    const long = await get<{ error: string }>(`/api/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('a search is at most 200 characters');
    const project = await get<{ error: string }>('/api/search?q=okapi&project=..%2Fx');
    expect(project.status).toBe(400);
    expect(project.body.error).toBe('"../x" is not a project key');
  });

  it('search is kept current: a message sent after the first search is found by the next', async () => {
    const board = seed(testdir());
    const { get } = await serve(board);
    const ready = await get<{ documents: number }>('/api/search/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.documents).toBeGreaterThan(0);
    expect((await get<SearchJson>('/api/search?q=quokka')).body.total).toBe(0);
    sendMessage(board, { from: 'alice', to: 'bob', body: 'A quokka smiles.' });
    await expect
      .poll(async () => (await get<SearchJson>('/api/search?q=quokka')).body.total, { timeout: 10_000 })
      .toBe(1);
  });
});

describe('changes as the person', () => {
  it('adds a card entry as the person, and it is in the card file', async () => {
    const board = seed(testdir());
    const { card } = createCard(board, { title: 'Flaky login', by: 'alice' });
    const { send, get } = await serve(board);
    const added = await send<{ entry: { id: string; author: string } }>(
      'POST',
      `/api/cards/${card.id}/entries`,
      {
        type: 'answer',
        body: 'Freeze time per test.',
      },
    );
    expect(added.status).toBe(201);
    expect(added.body.entry.author).toBe('you');
    expect(readFileSync(card.path, 'utf8')).toContain('Freeze time per test.');
    const detail = (await get<CardDetail>(`/api/cards/${card.id}`)).body;
    expect(detail.card.counts.answer).toBe(1);
    expect(detail.entries.at(-1)!.id).toBe(added.body.entry.id);
  });

  it('acts as `serve --as <name>` when given', async () => {
    const board = seed(testdir());
    const { send } = await serve(board, 'operator');
    const sent = await send<{ sent: { id: string }[] }>('POST', '/api/messages', {
      to: ['alice'],
      body: 'hi',
    });
    expect(sent.status).toBe(201);
    const files = readdirSync(join(board.root, 'messages', 'alice'), { recursive: true }).map(String);
    const file = files.find((f) => f.endsWith(`${sent.body.sent[0]!.id}.md`))!;
    expect(readFileSync(join(board.root, 'messages', 'alice', file), 'utf8')).toContain('from: operator');
  });

  it('asks a live session for an entry (two-phase) and lists the open request on the card', async () => {
    const board = seed(testdir());
    const { card } = createCard(board, { title: 'Ask me', by: 'you' });
    const { send, get } = await serve(board);
    const asked = await send<{ session: string; prompt: string }>('POST', `/api/cards/${card.id}/ask`, {
      session: 'sess-a-0001',
      intent: 'summarise the login flake',
    });
    expect(asked.status).toBe(201);
    expect(asked.body.prompt).toContain('board-entry');
    expect(existsSync(join(board.root, 'pending', 'sess-a-0001.json'))).toBe(true);
    const detail = (await get<CardDetail>(`/api/cards/${card.id}`)).body;
    expect(detail.pending).toEqual([expect.objectContaining({ session: 'sess-a-0001', agent: 'alice' })]);
  });

  it('deletes a card', async () => {
    const board = seed(testdir());
    const { card } = createCard(board, { title: 'Doomed', by: 'you' });
    const { base, web } = await serve(board);
    const res = await fetch(`${base}/api/cards/${card.id}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', 'X-Baton-Token': web.pageToken },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(existsSync(card.path)).toBe(false);
  });

  it('continues a note: the same command and text as `baton continue --print`', async () => {
    const board = seed(testdir());
    const { get, send } = await serve(board);
    const first = (await get<TimelineJson>('/api/timeline')).body.families[1]!.note!;
    const { status, body } = await send<{ text: string; command: string; harness: string }>(
      'POST',
      `/api/notes/${first.id}/continue`,
      { harness: 'codex' },
    );
    expect(status).toBe(201);
    expect(body.harness).toBe('codex');
    expect(body.text).toContain('Goal of first.');
    expect(body.command).toContain('codex');
    expect(body.command).toContain('sess-b-0002');
  });

  it('requests a supplementary handoff from a live session, and drafts one from an ended session', async () => {
    const board = seed(testdir());
    const { get, send } = await serve(board);
    const families = (await get<TimelineJson>('/api/timeline')).body.families;
    const lines = (await get<TimelineLinesJson>(`/api/timeline/lines?family=${families[1]!.key}`)).body;
    const live = lines.lines[families[1]!.key]![1]!.note;
    const asked = await send<{ mode: string; session: string }>(
      'POST',
      `/api/notes/${live.id}/supplement`,
      {},
    );
    expect(asked.body).toEqual(expect.objectContaining({ mode: 'request', session: 'sess-a-0001' }));
    expect(JSON.parse(readFileSync(join(board.root, 'pending', 'sess-a-0001.json'), 'utf8')).target).toEqual({
      kind: 'handoff',
    });
    const ended = families[1]!.note!;
    const drafted = await send<{ mode: string; note: { id: string } }>(
      'POST',
      `/api/notes/${ended.id}/supplement`,
      {},
    );
    expect(drafted.status).toBe(201);
    expect(drafted.body.mode).toBe('draft');
    const note = (await get<NoteDetail>(`/api/notes/${drafted.body.note.id}`)).body;
    expect(note.note.provenance).toBe('raw');
  });

  it('with a model configured, the supplementary handoff of an ended session is written by the model, and says so', async () => {
    const llm = await startLlmServer([{ text: GOOD_ANSWER }]);
    const board = seed(testdir());
    const env = { BATON_LLM_URL: `${llm.origin}/v1`, BATON_LLM_MODEL: 'fixture-model' };
    const { get, send } = await serve(board, undefined, env);
    const ended = (await get<TimelineJson>('/api/timeline')).body.families[1]!.note!;
    const plan = (await get<NoteDetail>(`/api/notes/${ended.id}`)).body.supplement;
    expect(plan).toEqual({
      mode: 'draft',
      model: 'openai fixture-model',
      why: 'session sess-b-0002 has ended: openai fixture-model writes a handoff from its transcript',
    });
    const written = await send<{ mode: string; method: string; by: string; note: { id: string } }>(
      'POST',
      `/api/notes/${ended.id}/supplement`,
      {},
    );
    expect(written.status).toBe(201);
    expect(written.body).toEqual(
      expect.objectContaining({ mode: 'draft', method: 'generated', by: 'openai fixture-model' }),
    );
    expect(llm.requests).toHaveLength(1);
    const note = (await get<NoteDetail>(`/api/notes/${written.body.note.id}`)).body;
    expect(note.note.provenance).toBe('curated');
    expect(note.sections).toHaveLength(6);
  });
});

describe('the note detail, sessions and mail at size', () => {
  it("names an external parent as this board knows it: the parent session's note in another project, or nothing", async () => {
    const dir = testdir();
    const board = seed(dir);
    // Another project on the same board: the parent session ran there and left a note.
    const elsewhere = join(dir, 'other-project');
    let now = Date.now() - 7_200_000;
    const other = openBoard({ board: board.root, cwd: elsewhere, env: {}, clock: () => (now += 1000) });
    recordSession(other, { id: 'sess-o-0010', agent: 'dave', harness: 'codex', cwd: elsewhere });
    const parent = writeHandoff(other, {
      session: 'sess-o-0010',
      title: 'Root of the other project',
      agent: 'dave',
      harness: 'codex',
      sections: SECTIONS('other'),
    }).note;
    const child = writeHandoff(board, {
      session: 'sess-y-0011',
      parentSession: 'sess-o-0010',
      title: 'Continues the other project',
      agent: 'alice',
      harness: 'claude',
      sections: SECTIONS('child'),
    }).note;
    const { get } = await serve(board);
    const detail = (await get<NoteDetail>(`/api/notes/${child.id}`)).body;
    expect(detail.parent).toBeUndefined();
    expect(detail.externalParent).toEqual({
      session: 'sess-o-0010',
      recorded: true,
      agent: 'dave',
      harness: 'codex',
      projectKey: parent.projectKey,
      note: { id: parent.id, title: 'Root of the other project', projectKey: parent.projectKey },
    });
    expect(parent.projectKey).not.toBe(child.projectKey);
    // A parent session nobody recorded and no note names: said as such, nothing to open.
    const timeline = (await get<TimelineJson>('/api/timeline')).body;
    const external = timeline.families.find((f) => f.external === 'elsewhere-9999')!.newest!;
    const lone = (await get<NoteDetail>(`/api/notes/${external.id}`)).body;
    expect(lone.externalParent).toEqual({ session: 'elsewhere-9999', recorded: false });
    // A note in its family has its parent, and no external one.
    const family = timeline.families.find((f) => f.note?.title === 'First generation')!;
    const lines = (await get<TimelineLinesJson>(`/api/timeline/lines?family=${family.key}`)).body.lines;
    const second = (await get<NoteDetail>(`/api/notes/${lines[family.key]![1]!.note.id}`)).body;
    expect([second.parent?.title, second.externalParent]).toEqual(['First generation', undefined]);
  });

  it('says why no supplementary handoff can be had: an ended session without a transcript', async () => {
    const dir = testdir();
    const board = seed(dir);
    recordSession(board, { id: 'sess-e-0020', agent: 'bob', harness: 'claude', cwd: dir });
    endSession(board, 'sess-e-0020');
    const note = writeHandoff(board, {
      session: 'sess-e-0020',
      title: 'Ended, no transcript',
      agent: 'bob',
      harness: 'claude',
      sections: SECTIONS('ended'),
    }).note;
    const { get } = await serve(board);
    const { supplement } = (await get<NoteDetail>(`/api/notes/${note.id}`)).body;
    expect([supplement.mode, supplement.reason]).toEqual(['none', 'no-transcript']);
  });

  it('lists the notes each session left and the session it continues', async () => {
    const dir = testdir();
    const board = seed(dir);
    recordSession(board, { id: 'sess-d-0030', agent: 'dave', harness: 'codex', cwd: dir });
    const path = join(board.root, 'sessions', 'sess-d-0030.json');
    const record = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...record, parentSession: 'sess-a-0001' }));
    const { get } = await serve(board);
    const sessions = (await get<SessionsJson>('/api/sessions')).body.projects.flatMap((p) => p.sessions);
    const alice = sessions.find((s) => s.id === 'sess-a-0001')!;
    expect([alice.noteCount, alice.notes.map((n) => [n.title, n.kind])]).toEqual([
      1,
      [['Second generation', 'handoff']],
    ]);
    const dave = sessions.find((s) => s.id === 'sess-d-0030')!;
    expect([dave.noteCount, dave.parent]).toEqual([
      0,
      { id: 'sess-a-0001', agent: 'alice', harness: 'claude' },
    ]);
  });

  it('pages the mail past 200 threads in order, with the person’s unread threads marked', async () => {
    const board = seed(testdir());
    for (let i = 0; i < 430; i++) {
      sendMessage(board, {
        from: 'alice',
        to: i % 100 === 7 ? 'you' : 'bob',
        subject: `t${i}`,
        body: `m${i}`,
      });
    }
    const { get } = await serve(board);
    const pages: MailJson[] = [];
    let path = '/api/mail';
    for (;;) {
      const { status, body } = await get<MailJson>(path);
      expect(status).toBe(200);
      pages.push(body);
      if (!body.next) break;
      path = `/api/mail?after=${encodeURIComponent(body.next)}`;
    }
    expect(pages.map((p) => p.threads.length)).toEqual([200, 200, 30]);
    const all = pages.flatMap((p) => p.threads);
    expect(new Set(all.map((th) => th.id)).size).toBe(430);
    expect(all.map((th) => th.subject)).toEqual(Array.from({ length: 430 }, (_, i) => `t${429 - i}`));
    expect(pages.map((p) => [p.total, p.unread])).toEqual([
      [430, 5],
      [430, 5],
      [430, 5],
    ]);
    expect(all.filter((th) => th.unread).map((th) => [th.subject, th.unread])).toEqual(
      [407, 307, 207, 107, 7].map((i) => [`t${i}`, 1]),
    );
    // A read message no longer marks its thread.
    const seven = (await get<InboxJson>('/api/inbox')).body.messages.find((m) => m.subject === 't7')!;
    acknowledge(board, claimId(board, 'you', seven.id)!);
    const after = (await get<MailJson>(`/api/mail?limit=1000`)).body;
    expect([
      after.threads.length,
      after.unread,
      after.threads.find((th) => th.subject === 't7')!.unread,
    ]).toEqual([430, 4, undefined]);
    for (const [query, error] of [
      ['limit=0', 'limit must be a whole number from 1 to 1000'],
      ['limit=abc', 'limit must be a whole number from 1 to 1000'],
      ['after=nonsense', 'after must be a cursor the mail list gave'],
    ]) {
      const { status, body } = await get<{ error: string; code: string }>(`/api/mail?${query}`);
      expect([status, body]).toEqual([400, { error, code: 'invalid_input' }]);
    }
  });

  it('pages the inbox past 200, newest first, unread marked; the agents a recipient may be', async () => {
    const board = seed(testdir());
    for (let i = 0; i < 230; i++) sendMessage(board, { from: 'bob', to: 'you', body: `n${i}` });
    const oldest = (await (await serve(board)).get<InboxJson>('/api/inbox?limit=1000')).body.messages.at(-1)!;
    acknowledge(board, claimId(board, 'you', oldest.id)!);
    const { get } = await serve(board);
    const first = (await get<InboxJson>('/api/inbox')).body;
    expect([first.messages.length, first.unread, first.next]).toEqual([200, 229, first.messages[199]!.id]);
    const second = (await get<InboxJson>(`/api/inbox?before=${first.next}`)).body;
    expect([second.messages.length, second.next]).toEqual([30, undefined]);
    const bodies = [...first.messages, ...second.messages].map((m) => m.body.trim());
    expect(bodies).toEqual(Array.from({ length: 230 }, (_, i) => `n${229 - i}`));
    expect(second.messages.map((m) => m.unread ?? false)).toEqual([...Array(29).fill(true), false]);
    const bad = await get<{ error: string; code: string }>('/api/inbox?before=x');
    expect([bad.status, bad.body]).toEqual([
      400,
      { error: 'before must be a message id (m-…)', code: 'invalid_input' },
    ]);
    const agents = (await get<AgentsJson>('/api/agents')).body.agents;
    expect(agents.map((a) => [a.name, a.registered])).toEqual([
      ['alice', true],
      ['bob', true],
      ['carol', true],
      ['you', false],
    ]);
  });
});
