// Transcript shapes the fixtures do not hold, written by hand from each harness's documented format: Gemini CLI's
// JSONL chat recording, pi sessions, Claude Code tool errors and sub-agent files, Codex's older outputs and events.
import { describe, expect, it } from 'vitest';
import { draft, jsonl, project } from './helpers.js';

const T = '2026-06-01T10:00:00.000Z';

describe('Gemini CLI sessions (.jsonl)', () => {
  it('reads prompts, rewritten messages once, tool calls by their final status, the summary as title', async () => {
    const { dir, board } = project();
    const shell = (id: string, command: string, output: string, status = 'success') => ({
      id,
      name: 'run_shell_command',
      args: { command },
      status,
      timestamp: T,
      result: [{ functionResponse: { id, name: 'run_shell_command', response: { output } } }],
    });
    const write = {
      id: 't1',
      name: 'write_file',
      args: { file_path: '/home/dev/app/src/health.ts', content: 'export {}' },
      status: 'success',
      timestamp: T,
      result: [
        { functionResponse: { id: 't1', name: 'write_file', response: { output: 'Successfully created' } } },
      ],
    };
    const path = jsonl(dir, 'session-2026-06-01T10-00-9f1c2d3e.jsonl', [
      {
        sessionId: '9f1c2d3e-0000-4000-8000-000000000001',
        projectHash: 'abc',
        startTime: T,
        lastUpdated: T,
        kind: 'main',
      },
      {
        id: 'u0',
        timestamp: T,
        type: 'user',
        content: [
          {
            text: "<session_context>\nThis is the Gemini CLI.\nI'm currently working in the directory: /home/dev/app\n</session_context>",
          },
        ],
      },
      { id: 'u1', timestamp: T, type: 'user', content: [{ text: 'Add a health endpoint and test it' }] },
      {
        id: 'g1',
        timestamp: T,
        type: 'gemini',
        content: "I'll add it.",
        toolCalls: [{ ...write, status: 'executing' }],
      },
      // The same message again, with its call done and its tokens: read once.
      {
        id: 'g1',
        timestamp: T,
        type: 'gemini',
        content: "I'll add it.",
        toolCalls: [write],
        tokens: { total: 5 },
      },
      {
        id: 'g2',
        timestamp: T,
        type: 'gemini',
        content: '',
        toolCalls: [
          shell(
            't2',
            'npm test',
            'Command: npm test\nDirectory: (root)\nOutput: \n Test Files  1 failed (1)\n      Tests  1 failed | 3 passed (4)\nError: (none)\nExit Code: 1\nSignal: (none)',
          ),
        ],
      },
      {
        id: 'g3',
        timestamp: T,
        type: 'gemini',
        content: '',
        toolCalls: [
          {
            id: 't3',
            name: 'replace',
            args: { file_path: '/home/dev/app/src/server.ts', old_string: 'a', new_string: 'b' },
            status: 'error',
            timestamp: T,
            result: [
              {
                functionResponse: {
                  id: 't3',
                  name: 'replace',
                  response: { error: 'Failed to edit, 0 occurrences found' },
                },
              },
            ],
          },
        ],
      },
      { $set: { summary: 'Health endpoint' } },
      { id: 'i1', timestamp: T, type: 'info', content: 'Switched model' },
      {
        id: 'g4',
        timestamp: '2026-06-01T10:05:00.000Z',
        type: 'gemini',
        content: [
          { text: 'The test fails: the route is not registered yet.\nShould I register it in server.ts?' },
        ],
      },
      { id: 'x1', timestamp: T, type: 'hologram', content: '' },
    ]);
    const { note, sections, digest } = await draft(board, path);
    expect(note).toMatchObject({
      title: 'Health endpoint',
      harness: 'gemini',
      agent: 'gemini',
      session: '9f1c2d3e-0000-4000-8000-000000000001',
      files: ['src/health.ts'],
    });
    expect(sections.goal).toBe('The first request in the session:\n\n> Add a health endpoint and test it');
    expect(sections.done).toContain('Files written or edited (1):\n- `src/health.ts` — written');
    expect(sections.done).toContain(
      'Commands run (1, 1 failed):\n- `npm test` — exit 1 · Tests 1 failed | 3 passed (4)',
    );
    expect(sections.pitfalls).toBe(
      [
        'Tool errors (2):',
        '- command `npm test` — exit 1: Test Files  1 failed (1)',
        '- replace `/home/dev/app/src/server.ts` — Failed to edit, 0 occurrences found',
      ].join('\n'),
    );
    expect(sections.state).toMatch(
      /^The last assistant message:\n\n> The test fails: the route is not registered yet\./,
    );
    expect(sections.next).toContain(
      'Open items at the end of the last assistant message:\n- Should I register it in server.ts?',
    );
    expect(digest.assistantMessages).toBe(2);
    expect(Object.fromEntries(digest.unknownTypes)).toEqual({ hologram: 1 });
  });
});

describe('pi sessions', () => {
  it('reads the header (folder, forked-from session), tool calls and results, the person’s own commands', async () => {
    const { dir, board } = project();
    const entry = (id: string, message: object) => ({
      type: 'message',
      id,
      parentId: null,
      timestamp: T,
      message,
    });
    const path = jsonl(dir, '2026-06-02T09-00-00-000Z_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl', [
      {
        type: 'session',
        version: 3,
        id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        timestamp: T,
        cwd: '/home/dev/lib',
        parentSession:
          '/home/dev/.pi/agent/sessions/--home-dev-lib--/2026-06-01T08-00-00-000Z_1b4e28ba-2fa1-11d2-883f-0016d3cca427.jsonl',
      },
      { type: 'model_change', id: 'm0', parentId: null, timestamp: T, provider: 'x', modelId: 'y' },
      entry('a1', { role: 'user', content: 'Rename parseArgs to parseFlags everywhere', timestamp: 1 }),
      entry('a2', {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Renaming.' },
          {
            type: 'toolCall',
            id: 'c1',
            name: 'edit',
            arguments: { path: 'src/args.ts', oldText: 'a', newText: 'b' },
          },
          { type: 'toolCall', id: 'c2', name: 'bash', arguments: { command: 'npm test' } },
        ],
        stopReason: 'toolUse',
      }),
      entry('a3', {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'edit',
        content: [{ type: 'text', text: 'Successfully replaced text in src/args.ts.' }],
        isError: false,
      }),
      entry('a4', {
        role: 'toolResult',
        toolCallId: 'c2',
        toolName: 'bash',
        content: [
          {
            type: 'text',
            text: 'FAIL src/args.test.ts\n\n Tests  1 failed | 9 passed (10)\n\nCommand exited with code 1',
          },
        ],
        isError: true,
      }),
      entry('a5', {
        role: 'bashExecution',
        command: 'git status',
        output: ' M src/args.ts',
        exitCode: 0,
        cancelled: false,
        truncated: false,
      }),
      { type: 'session_info', id: 's1', parentId: null, timestamp: T, name: 'Rename parseArgs' },
      entry('a6', {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: 'One test still imports parseArgs.\n\nNext steps:\n- update src/args.test.ts',
          },
        ],
        stopReason: 'stop',
      }),
    ]);
    const { note, sections } = await draft(board, path);
    expect(note).toMatchObject({
      title: 'Rename parseArgs',
      harness: 'pi',
      session: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      parentSession: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      files: ['src/args.ts'],
    });
    expect(sections.goal).toBe(
      'The first request in the session:\n\n> Rename parseArgs to parseFlags everywhere',
    );
    expect(sections.done).toContain(
      'Commands run (2, 1 failed):\n- `npm test` — exit 1 · Tests 1 failed | 9 passed (10)\n- `git status` — exit 0 (run by the person)',
    );
    expect(sections.pitfalls).toBe('Tool errors (1):\n- command `npm test` — exit 1: FAIL src/args.test.ts');
    expect(sections.next).toContain(
      'Open items at the end of the last assistant message:\n- update src/args.test.ts',
    );
  });
});

describe('Claude Code shapes beyond the fixtures', () => {
  const line = (type: string, message: object, extra: object = {}) => ({
    type,
    message,
    sessionId: 'c1a0de00-0000-4000-8000-000000000002',
    cwd: '/w/app',
    uuid: Math.random().toString(36),
    timestamp: T,
    ...extra,
  });
  const use = (id: string, name: string, input: object) =>
    line('assistant', {
      id: `msg-${id}`,
      role: 'assistant',
      content: [{ type: 'tool_use', id, name, input }],
    });
  const result = (id: string, content: string, isError: boolean, toolUseResult?: object) =>
    line(
      'user',
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
      { toolUseResult },
    );

  it('tool errors, exit codes, the todo list, an API error, slash commands and hook text', async () => {
    const { dir, board } = project();
    const path = jsonl(dir, 'c1a0de00-0000-4000-8000-000000000002.jsonl', [
      line('user', {
        role: 'user',
        content: '<command-name>/clear</command-name>\n<command-message>clear</command-message>',
      }),
      line('user', { role: 'user', content: '/compact' }),
      line('user', { role: 'user', content: 'Caveat: injected' }, { isMeta: true }),
      line('user', {
        role: 'user',
        content: [{ type: 'text', text: 'Fix the login bug\n<system-reminder>be careful</system-reminder>' }],
      }),
      use('t1', 'Bash', { command: 'npm test' }),
      result('t1', 'Exit code 1\n FAIL  test/login.test.ts\n      Tests  2 failed | 8 passed (10)', true),
      use('t2', 'Edit', { file_path: '/w/app/src/login.ts', old_string: 'x', new_string: 'y' }),
      result('t2', '<tool_use_error>String to replace not found in file.</tool_use_error>', true),
      use('t3', 'MultiEdit', { file_path: '/w/app/src/session.ts', edits: [] }),
      result('t3', 'Applied 2 edits', false),
      use('t4', 'TodoWrite', {
        todos: [
          { content: 'Reproduce the bug', status: 'completed', activeForm: 'x' },
          { content: 'Fix the clock in session.ts', status: 'in_progress', activeForm: 'x' },
          { content: 'Run the suite', status: 'pending', activeForm: 'x' },
        ],
      }),
      line(
        'assistant',
        { id: 'msg-err', role: 'assistant', content: [{ type: 'text', text: 'API Error: 529 overloaded' }] },
        { isApiErrorMessage: true },
      ),
      use('t5', 'Write', { file_path: '/w/app/notes.md', content: '' }),
      line('assistant', {
        id: 'msg-end',
        role: 'assistant',
        content: [{ type: 'text', text: 'Half done.' }],
      }),
    ]);
    const { note, sections, digest } = await draft(board, path);
    expect(sections.goal).toBe('The first request in the session:\n\n> Fix the login bug');
    // notes.md: its Write has no result (the transcript ends first); it is listed, as it may have changed.
    expect(note.files).toEqual(['src/session.ts', 'notes.md']);
    expect(sections.done).toContain('- `npm test` — exit 1 · Tests 2 failed | 8 passed (10)');
    expect(sections.pitfalls).toBe(
      [
        'Tool errors (3):',
        '- command `npm test` — exit 1: FAIL  test/login.test.ts',
        '- Edit `/w/app/src/login.ts` — String to replace not found in file.',
        '- api — API Error: 529 overloaded',
      ].join('\n'),
    );
    expect(sections.next).toContain(
      'Open items of the last plan the agent wrote:\n- [in_progress] Fix the clock in session.ts\n- [pending] Run the suite',
    );
    expect(sections.state).toContain('> Half done.');
    expect(digest.prompts.count).toBe(1);
  });

  it('a sub-agent’s own transcript (sidechain lines only) is filed under the agent, continuing its parent session', async () => {
    const { dir, board } = project();
    const side = { isSidechain: true, agentId: 'a485154' };
    const path = jsonl(dir, 'agent-a485154.jsonl', [
      line('user', { role: 'user', content: 'Review src/cli for missing commands' }, side),
      line(
        'assistant',
        { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'Three are missing.' }] },
        side,
      ),
    ]);
    const { note, sections } = await draft(board, path);
    expect(note.session).toBe('agent-a485154');
    expect(note.parentSession).toBe('c1a0de00-0000-4000-8000-000000000002');
    expect(sections.goal).toBe('The first request in the session:\n\n> Review src/cli for missing commands');
    expect(sections.state).toContain('> Three are missing.');
  });
});

describe('Codex shapes beyond the fixtures', () => {
  const item = (payload: object) => ({ timestamp: T, type: 'response_item', payload });
  const event = (payload: object) => ({ timestamp: T, type: 'event_msg', payload });

  it('shell calls with JSON outputs, a failed patch, events without calls, an aborted turn, a forked session', async () => {
    const { dir, board } = project();
    const path = jsonl(dir, 'rollout-2025-09-01T10-00-00-0199aaaa-0000-7000-8000-000000000003.jsonl', [
      {
        timestamp: T,
        type: 'session_meta',
        payload: {
          id: '0199aaaa-0000-7000-8000-000000000003',
          cwd: '/w/svc',
          cli_version: '0.40.0',
          forked_from_id: '0199aaaa-0000-7000-8000-000000000001',
        },
      },
      item({
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: '<user_instructions>\nbe terse\n</user_instructions>' }],
      }),
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Make the build pass' }] }),
      item({
        type: 'function_call',
        name: 'shell',
        call_id: 'c1',
        arguments: JSON.stringify({ command: ['bash', '-lc', 'cargo test'] }),
      }),
      item({
        type: 'function_call_output',
        call_id: 'c1',
        output: JSON.stringify({
          output: 'test result: FAILED. 3 passed; 1 failed; 0 ignored',
          metadata: { exit_code: 101 },
        }),
      }),
      item({
        type: 'function_call',
        name: 'shell',
        call_id: 'c2',
        arguments: JSON.stringify({
          command: [
            'apply_patch',
            '*** Begin Patch\n*** Update File: src/lib.rs\n@@\n-a\n+b\n*** End Patch\n',
          ],
        }),
      }),
      item({
        type: 'function_call_output',
        call_id: 'c2',
        output: 'Failed to apply patch: hunk 1 did not match',
      }),
      item({
        type: 'custom_tool_call',
        call_id: 'c3',
        name: 'apply_patch',
        input: '*** Begin Patch\n*** Add File: src/new.rs\n+x\n*** End Patch\n',
      }),
      event({
        type: 'patch_apply_end',
        call_id: 'c3',
        success: true,
        changes: { '/w/svc/src/new.rs': { type: 'add' } },
      }),
      event({
        type: 'exec_command_end',
        call_id: 'c9',
        command: ['bash', '-lc', 'cargo fmt'],
        exit_code: 0,
        aggregated_output: '',
      }),
      item({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'One test still fails. Keep going?' }],
      }),
      event({ type: 'turn_aborted', reason: 'interrupted' }),
      event({ type: 'brand_new_event' }),
    ]);
    const { note, sections, digest } = await draft(board, path);
    expect(note).toMatchObject({
      session: '0199aaaa-0000-7000-8000-000000000003',
      parentSession: '0199aaaa-0000-7000-8000-000000000001',
      files: ['src/new.rs'],
    });
    // No user_message events in this rollout: the response items are read, injected instructions left out.
    expect(sections.goal).toBe('The first request in the session:\n\n> Make the build pass');
    expect(sections.done).toContain(
      'Commands run (2, 1 failed):\n- `cargo test` — exit 101 · test result: FAILED. 3 passed; 1 failed; 0 ignored\n- `cargo fmt` — exit 0',
    );
    expect(sections.pitfalls).toBe(
      [
        'Tool errors (2):',
        '- command `cargo test` — exit 101: test result: FAILED. 3 passed; 1 failed; 0 ignored',
        '- apply_patch `src/lib.rs` — Failed to apply patch: hunk 1 did not match',
      ].join('\n'),
    );
    expect(sections.state).toContain('The session ended as its last turn was aborted (interrupted).');
    expect(sections.next).toContain('- One test still fails. Keep going?');
    expect(Object.fromEntries(digest.unknownTypes)).toEqual({ 'event_msg:brand_new_event': 1 });
  });

  // Codex 0.171.0 (as run by the e2e tests) reports a freeform apply_patch with an `Exit code: N` header and no
  // patch_apply_end event: a patch that applied wrote its files, one that did not is a tool error.
  it('apply_patch outputs with an Exit code header (Codex 0.171)', async () => {
    const { dir, board } = project();
    const patch = (id: string, file: string) =>
      item({
        type: 'custom_tool_call',
        call_id: id,
        name: 'apply_patch',
        input: `*** Begin Patch\n*** Add File: /w/svc/${file}\n+x\n*** End Patch\n`,
      });
    const output = (id: string, text: string) =>
      item({ type: 'custom_tool_call_output', call_id: id, output: text });
    const path = jsonl(dir, 'rollout-2026-12-02T08-39-17-01a235e8-787e-7403-9215-b0913ca672ca.jsonl', [
      {
        timestamp: T,
        type: 'session_meta',
        payload: { id: '01a235e8-787e-7403-9215-b0913ca672ca', cwd: '/w/svc', cli_version: '0.171.0' },
      },
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Add the two files' }] }),
      patch('p1', 'src/ok.rs'),
      output(
        'p1',
        'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA /w/svc/src/ok.rs\n',
      ),
      patch('p2', 'src/bad.rs'),
      output(
        'p2',
        'Exit code: 1\nWall time: 0 seconds\nOutput:\napply_patch verification failed: file exists',
      ),
    ]);
    const { note, sections } = await draft(board, path);
    expect(note.files).toEqual(['src/ok.rs']);
    expect(sections.pitfalls).toBe(
      [
        'Tool errors (1):',
        '- apply_patch `/w/svc/src/bad.rs` — apply_patch verification failed: file exists',
      ].join('\n'),
    );
  });
});
