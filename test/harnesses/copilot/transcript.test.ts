// Reading a GitHub Copilot CLI 1.0.102 session (events.jsonl, captured from a headless run: test/fixtures/transcripts/
// SOURCES.md) into a digest: recognised among every harness's transcripts, its prompt, commands with exit codes,
// the files its tools changed and its last reply — and what sub-agents and failures add.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../../../src/core/transcripts/read-transcript.js';
import { testdir } from '../../helpers/testdir.js';

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/transcripts/copilot/events-1.0.102.jsonl');

describe('GitHub Copilot CLI transcripts', () => {
  it('reads the captured session: prompt, shell exit code, created and edited file, last reply', async () => {
    const digest = await readTranscript(FIXTURE);
    expect(digest.harness).toBe('copilot');
    expect(digest.sessionId).toBe('be6a1a3e-7c6f-4b7d-8844-c2c8bbf2755e');
    expect(digest.version).toBe('copilot 1.0.102');
    expect(digest.cwd).toBe('/tmp/h/cp3/project');
    expect(digest.prompts.first).toBe('create src/shared.ts and bump it');
    expect(digest.commands).toEqual([
      expect.objectContaining({ command: 'echo fixture-run && exit 3', outcome: { kind: 'exit', code: 3 } }),
    ]);
    expect(digest.failedCommands).toBe(1);
    expect([...digest.files.values()]).toEqual([
      { path: '/tmp/h/cp3/project/src/shared.ts', actions: ['created', 'edited'] },
    ]);
    expect(digest.lastAssistant).toBe('Done: src/shared.ts now exports shared = 2.');
    expect(Object.fromEntries(digest.tools)).toEqual({ bash: 1, create: 1, edit: 1 });
    // Every line is one the reader knows (hook records, usage, turn marks, the shutdown summary).
    expect(digest.unknownLines).toBe(0);
    expect(digest.startedAt).toBe('2026-12-02T08:38:59.358Z');
  });

  it('a failed tool call is an error; a sub-agent’s own lines are not the session’s reply; a stop’s block is a turn', async () => {
    const dir = testdir();
    const lines = readFileSync(FIXTURE, 'utf8').trimEnd().split('\n').slice(0, 3);
    const event = (type: string, data: object, extra: object = {}, at = '09:00') =>
      JSON.stringify({
        type,
        data,
        id: `e-${type}`,
        timestamp: `2026-12-02T${at}:00.000Z`,
        parentId: null,
        ...extra,
      });
    lines.push(
      event('assistant.message', {
        messageId: 'm1',
        content: 'Editing it.',
        toolRequests: [
          { toolCallId: 'c1', name: 'edit', arguments: { path: '/p/a.ts', old_str: 'a', new_str: 'b' } },
        ],
      }),
      event('tool.execution_complete', {
        toolCallId: 'c1',
        success: false,
        error: { message: 'No match found for old_str', code: 'failure' },
      }),
      event('subagent.started', {
        toolCallId: 'c2',
        agentName: 'explore',
        agentDisplayName: 'Explore',
        agentDescription: 'Find the login code',
      }),
      event(
        'assistant.message',
        { messageId: 'm2', content: 'sub-agent words', toolRequests: [] },
        { agentId: 'a-1' },
      ),
      event(
        'user.message',
        { content: '<baton-mail to="copilot-x">\nbob → copilot-x: rebase\n</baton-mail>' },
        {},
        '09:05',
      ),
      event('session.error', { errorType: 'model_call', message: 'upstream said no' }, {}, '09:06'),
    );
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const digest = await readTranscript(path);
    expect(digest.errors).toEqual([
      { tool: 'edit', message: 'No match found for old_str', subject: '/p/a.ts' },
      { tool: 'copilot', message: 'upstream said no', subject: undefined },
    ]);
    expect(digest.files.size).toBe(0);
    expect(digest.subagents).toEqual(['Find the login code']);
    expect(digest.lastAssistant).toBe('Editing it.');
    // The pushed mail started a turn; it is no prompt a person typed.
    expect(digest.lastTurnAt).toBe('2026-12-02T09:05:00.000Z');
    expect(digest.prompts.first).toBeUndefined();
  });
});
