// Reading a Qwen Code 0.24.4 session (projects/<project>/chats/<id>.jsonl, captured from a headless run:
// test/fixtures/transcripts/SOURCES.md) into a digest — and telling it from Claude Code's, whose records look alike.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../../../src/core/transcripts/read-transcript.js';
import { testdir } from '../../helpers/testdir.js';

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/transcripts/qwen/chat-0.24.4.jsonl');
const CLAUDE = resolve(
  import.meta.dirname,
  '../../fixtures/transcripts/claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl',
);

describe('Qwen Code transcripts', () => {
  it('reads the captured session: prompt, shell exit code, written and edited file, last reply', async () => {
    const digest = await readTranscript(FIXTURE);
    expect(digest.harness).toBe('qwen');
    expect(digest.sessionId).toBe('8fe53a43-a414-4d16-a372-841eb5d76bb4');
    expect(digest.version).toBe('qwen 0.24.4');
    expect(digest.cwd).toBe('/tmp/h/qw3/project');
    expect(digest.prompts.first).toBe('create src/shared.ts and bump it');
    expect(digest.commands).toEqual([
      expect.objectContaining({ command: 'echo fixture-run && exit 3', outcome: { kind: 'exit', code: 3 } }),
    ]);
    expect([...digest.files.values()]).toEqual([
      { path: '/tmp/h/qw3/project/src/shared.ts', actions: ['written', 'edited'] },
    ]);
    expect(digest.lastAssistant).toBe('Done: src/shared.ts now exports shared = 2.');
    expect(digest.unknownLines).toBe(0);
  });

  it('Claude Code’s transcripts are still Claude Code’s', async () => {
    expect((await readTranscript(CLAUDE)).harness).toBe('claude');
  });

  it('a title, a failed write, a thought that is not the reply', async () => {
    const dir = testdir();
    const base = { sessionId: 's-1', cwd: '/p', version: '0.24.4', timestamp: '2026-12-02T09:00:00.000Z' };
    const rec = (uuid: string, type: string, extra: object) =>
      JSON.stringify({ uuid, parentUuid: null, ...base, type, ...extra });
    const path = join(dir, 's-1.jsonl');
    writeFileSync(
      path,
      `${[
        rec('u1', 'user', {
          provenance: 'real_user',
          message: { role: 'user', parts: [{ text: 'fix the build' }] },
        }),
        rec('a1', 'assistant', {
          message: {
            role: 'model',
            parts: [
              { text: 'thinking hard', thought: true },
              { text: 'Writing it.' },
              {
                functionCall: { id: 'c1', name: 'write_file', args: { file_path: '/p/x.ts', content: 'x' } },
              },
            ],
          },
        }),
        rec('t1', 'tool_result', {
          message: {
            role: 'user',
            parts: [
              {
                functionResponse: { id: 'c1', name: 'write_file', response: { error: 'Permission denied' } },
              },
            ],
          },
          toolCallResult: { callId: 'c1', status: 'error' },
        }),
        rec('s1', 'system', { subtype: 'custom_title', systemPayload: { customTitle: 'Build fix' } }),
      ].join('\n')}\n`,
    );
    const digest = await readTranscript(path);
    expect(digest.harness).toBe('qwen');
    expect(digest.title).toBe('Build fix');
    expect(digest.lastAssistant).toBe('Writing it.');
    expect(digest.errors).toEqual([{ tool: 'write_file', message: 'Permission denied', subject: '/p/x.ts' }]);
    expect(digest.files.size).toBe(0);
  });
});
