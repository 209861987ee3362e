// A 4 MiB result note in the page's API (port 0): GET /api/notes/<id> carries the first 200,000 characters (what the
// page's Markdown renderer parses) and the whole length; GET /api/notes/<id>/raw is the note file as stored, as plain
// text, inline or as a download; a note cut to its head says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Board, ensureBoard, openBoard } from '../../src/core/board/open-board.js';
import { RESULT_LIMITS, writeResult } from '../../src/core/notes/write-result.js';
import { silentLogger } from '../../src/http/logger.js';
import type { RunningHttpServer } from '../../src/http/server.js';
import { listenMcpHttp } from '../../src/mcp/http.js';
import { createMcpServer } from '../../src/mcp/server.js';
import type { NoteDetail } from '../../src/web/api-types.js';
import { MAX_INPUT } from '../../src/web/page/markdown-parse.js';
import { createWebApp, type WebApp } from '../../src/web/server.js';
import { testdir } from '../helpers/testdir.js';

const open: { server: RunningHttpServer; web: WebApp }[] = [];
afterEach(async () => {
  for (const { server, web } of open.splice(0)) {
    web.close();
    await server.close();
  }
});

// Two-unit characters (😀) on a line: a cut at 200,000 code units must not split one.
const LINE = '- cache miss in src/store/lru.ts 😀 — 缓存未命中\n';

function board(): Board {
  const dir = testdir();
  const made = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
  ensureBoard(made);
  return made;
}

async function serve(on: Board) {
  const web = createWebApp({ board: { board: on.root, env: {} }, log: () => {} });
  const server = await listenMcpHttp({
    port: 0,
    logger: silentLogger,
    routes: web.routes,
    mcpServer: (agent, agentSource) =>
      createMcpServer({ board: { board: on.root, env: {} }, agent, agentSource }),
  });
  open.push({ server, web });
  return (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);
}

describe('a long result note on the page', () => {
  it('the detail carries the start of the body and its length; /raw the whole file, inline or as a download', async () => {
    const on = board();
    // 30 characters first: the 200,000th is the first half of a 😀.
    const body = `# Cache audit: every LRU miss\n${LINE.repeat(Math.floor(RESULT_LIMITS.bodyBytes / Buffer.byteLength(LINE)) - 1)}`;
    expect(body.charCodeAt(MAX_INPUT - 1)).toBe(0xd83d);
    const { note, path } = writeResult(on, { body, title: 'Cache audit' });
    expect(note.truncated).toBeUndefined();
    const get = await serve(on);

    const detail = (await (await get(`/api/notes/${note.id}`)).json()) as NoteDetail;
    expect(detail.note.bodyChars).toBe(body.length);
    expect(detail.note.body).toBe(body.slice(0, MAX_INPUT - 1));
    expect(detail.note.truncated).toBeUndefined();

    const raw = await get(`/api/notes/${note.id}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.headers.get('content-disposition')).toBe(`inline; filename="${note.id}.md"`);
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await raw.text()).toBe(readFileSync(path, 'utf8'));
    const download = await get(`/api/notes/${note.id.slice(0, 12)}/raw?download=1`);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${note.id}.md"`);
    expect(await download.text()).toBe(readFileSync(path, 'utf8'));
  });

  it('a short note comes whole; a note cut to its head says so; an unknown id is a 404', async () => {
    const on = board();
    const short = writeResult(on, { body: 'Three misses, all in the LRU.\n' }).note;
    const cut = writeResult(on, {
      body: LINE.repeat(Math.ceil((5 * 1024 * 1024) / Buffer.byteLength(LINE))),
      transcriptPath: '/t/agent-b2.jsonl',
    }).note;
    const get = await serve(on);
    const detail = (await (await get(`/api/notes/${short.id}`)).json()) as NoteDetail;
    expect([detail.note.body, detail.note.bodyChars]).toEqual(['Three misses, all in the LRU.\n', 30]);
    const cutDetail = (await (await get(`/api/notes/${cut.id}`)).json()) as NoteDetail;
    expect(cutDetail.note.status).toBe('degraded');
    expect(cutDetail.note.truncated).toBe(
      `note ${cut.id} holds only the head of a longer result of ${cut.fullBytes?.toLocaleString('en-US')} bytes (truncated: true); the whole is in the transcript /t/agent-b2.jsonl`,
    );
    const missing = await get('/api/notes/n-01ZZZZZZZZZZZZZZZZZZZZZZZZ/raw');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('not_found');
  });
});
