// The fake model server's framing, per wire format, against what each format's clients expect: event order, the
// fields a client reads, and the normalised turn a test script sees.
import { afterEach, describe, expect, it } from 'vitest';
import { type ModelServer, type Reply, startModelServer } from './model-server.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script: (turn: import('./model-server.js').Turn) => Reply | undefined) {
  server = await startModelServer(script);
  return server;
}

async function post(url: string, body: unknown) {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** `event:`/`data:` frames of an SSE body (split on blank lines, CRLF or LF). */
function frames(text: string): { event?: string; data: string }[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return event === undefined ? { data } : { event, data };
    });
}

const call = { name: 'Bash', args: { command: 'echo hi' } };

describe('Anthropic Messages', () => {
  it('answers HEAD / with 200', async () => {
    const s = await start(() => ({ text: 'x' }));
    const response = await fetch(`${s.url}/`, { method: 'HEAD' });
    expect(response.status).toBe(200);
  });

  it('streams text then a tool_use block with input_json_delta, stop_reason tool_use', async () => {
    const s = await start(() => ({ text: 'let me look', toolCall: call }));
    const r = await post(`${s.url}/v1/messages?beta=true`, {
      model: 'claude-x',
      stream: true,
      system: [{ type: 'text', text: 'SYSTEM PROMPT' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hello there' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file: 'a' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'FILE BODY' }] },
        { role: 'system', content: 'MID SYSTEM' },
      ],
      tools: [{ name: 'Bash' }, { name: 'mcp__baton__dm_send' }],
    });
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/event-stream');
    const events = frames(r.text);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const data = events.map((e) => JSON.parse(e.data));
    for (const [i, e] of events.entries()) expect(data[i].type).toBe(e.event);
    expect(data[0].message).toMatchObject({ role: 'assistant', model: 'claude-x', content: [] });
    expect(data[2].delta).toEqual({ type: 'text_delta', text: 'let me look' });
    expect(data[4]).toMatchObject({ index: 1, content_block: { type: 'tool_use', name: 'Bash', input: {} } });
    expect(data[4].content_block.id).toMatch(/^toolu_/);
    expect(data[5].delta.type).toBe('input_json_delta');
    expect(JSON.parse(data[5].delta.partial_json)).toEqual(call.args);
    expect(data[7].delta.stop_reason).toBe('tool_use');

    const turn = s.turns()[0]!;
    expect(turn).toMatchObject({
      wire: 'anthropic',
      index: 0,
      model: 'claude-x',
      system: 'SYSTEM PROMPT',
      lastUserText: 'hello there',
      toolResults: ['FILE BODY'],
      tools: ['Bash', 'mcp__baton__dm_send'],
    });
    expect(turn.text).toBe('SYSTEM PROMPT\nhello there\nRead({"file":"a"})\nFILE BODY\nMID SYSTEM');
    expect(s.requests[0]!.url).toBe('/v1/messages?beta=true');
    expect(JSON.parse(s.requests[0]!.raw).model).toBe('claude-x');
  });

  it('ends a text-only reply with end_turn', async () => {
    const s = await start(() => ({ text: 'done' }));
    const r = await post(`${s.url}/v1/messages`, { model: 'm', stream: true, messages: [] });
    const last = frames(r.text).map((e) => JSON.parse(e.data));
    expect(last.at(-2).delta.stop_reason).toBe('end_turn');
    expect(last.filter((e) => e.type === 'content_block_start')).toHaveLength(1);
  });
});

describe('OpenAI Responses', () => {
  it('streams created, output items (message, function_call with namespace) and completed', async () => {
    const s = await start(() => ({
      text: 'calling',
      toolCalls: [{ name: 'dm_send', args: { to: 'bob' }, namespace: 'mcp__baton' }],
    }));
    const r = await post(`${s.url}/v1/responses`, {
      model: 'gpt-x',
      stream: true,
      instructions: 'BE HELPFUL',
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'DEV CONTEXT' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'do it' }] },
        { type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls"}', call_id: 'c1' },
        { type: 'function_call_output', call_id: 'c1', output: 'a.txt' },
      ],
      tools: [
        { type: 'function', name: 'exec_command' },
        { type: 'namespace', name: 'mcp__baton', tools: [{ type: 'function', name: 'dm_send' }] },
      ],
    });
    const events = frames(r.text);
    expect(events.map((e) => e.event)).toEqual([
      'response.created',
      'response.output_item.added',
      'response.output_item.done',
      'response.output_item.added',
      'response.output_item.done',
      'response.completed',
    ]);
    const data = events.map((e) => JSON.parse(e.data));
    expect(data[2].item).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'calling' }],
    });
    expect(data[4].item).toMatchObject({
      type: 'function_call',
      name: 'dm_send',
      namespace: 'mcp__baton',
      arguments: '{"to":"bob"}',
    });
    expect(data[4].item.call_id).toMatch(/^call_/);
    expect(data[5].response).toMatchObject({ status: 'completed', usage: { total_tokens: 15 } });
    expect(data[5].response.output).toHaveLength(2);
    expect(s.turns()[0]).toMatchObject({
      wire: 'responses',
      system: 'BE HELPFUL',
      lastUserText: 'do it',
      toolResults: ['a.txt'],
      tools: ['exec_command', 'mcp__baton', 'mcp__baton__dm_send'],
    });
    expect(s.turns()[0]!.text).toContain('DEV CONTEXT');
    expect(s.turns()[0]!.text).toContain('exec_command({"cmd":"ls"})');
  });

  it('sends a freeform tool call (Codex apply_patch) as custom_tool_call with its raw input', async () => {
    const s = await start(() => ({
      toolCall: { name: 'apply_patch', args: {}, input: '*** Begin Patch\n*** End Patch\n' },
    }));
    const r = await post(`${s.url}/v1/responses`, { model: 'm', stream: true, input: 'patch it' });
    const done = frames(r.text)
      .map((e) => JSON.parse(e.data))
      .filter((e) => e.type === 'response.output_item.done');
    expect(done).toHaveLength(1);
    expect(done[0].item).toMatchObject({
      type: 'custom_tool_call',
      name: 'apply_patch',
      input: '*** Begin Patch\n*** End Patch\n',
    });
    expect(done[0].item.call_id).toMatch(/^call_/);
    expect(done[0].item).not.toHaveProperty('arguments');
  });

  it('leaves namespace out of a plain function_call', async () => {
    const s = await start(() => ({ toolCall: { name: 'exec_command', args: { cmd: 'ls' } } }));
    const r = await post(`${s.url}/v1/responses`, { model: 'm', stream: true, input: 'hi' });
    const done = frames(r.text)
      .map((e) => JSON.parse(e.data))
      .find((e) => e.type === 'response.output_item.done');
    expect(done.item).not.toHaveProperty('namespace');
    expect(s.turns()[0]!.lastUserText).toBe('hi');
  });
});

describe('Gemini', () => {
  it('answers the router call (generateContent) with JSON the CLI parses', async () => {
    const s = await start(() => ({ text: 'never used' }));
    const r = await post(`${s.url}/v1beta/models/gemini-2.5-flash-lite:generateContent`, {
      contents: [{ role: 'user', parts: [{ text: 'route me' }] }],
    });
    const body = JSON.parse(r.text);
    const answer = JSON.parse(body.candidates[0].content.parts[0].text);
    expect(answer).toMatchObject({ model_choice: 'flash', next_speaker: 'user' });
    expect(s.turns()).toEqual([]);
  });

  it('streams text and functionCall parts as SSE data lines (alt=sse)', async () => {
    const s = await start(() => ({ text: 'ok', toolCall: { name: 'write_file', args: { file_path: 'a' } } }));
    const r = await post(`${s.url}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`, {
      systemInstruction: { parts: [{ text: 'SYS' }] },
      contents: [
        { role: 'user', parts: [{ text: 'first' }] },
        { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { p: 1 } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'X' } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'write_file' }, { name: 'mcp_baton_dm_send' }] }],
    });
    expect(r.type).toBe('text/event-stream');
    expect(r.text.endsWith('\r\n\r\n')).toBe(true);
    const chunks = frames(r.text).map((f) => JSON.parse(f.data));
    expect(chunks).toHaveLength(1);
    expect(chunks[0].candidates[0]).toMatchObject({
      finishReason: 'STOP',
      content: {
        role: 'model',
        parts: [{ text: 'ok' }, { functionCall: { name: 'write_file', args: { file_path: 'a' } } }],
      },
    });
    expect(s.turns()[0]).toMatchObject({
      wire: 'gemini',
      model: 'gemini-2.5-pro',
      system: 'SYS',
      lastUserText: 'first',
      toolResults: ['{"output":"X"}'],
      tools: ['write_file', 'mcp_baton_dm_send'],
    });
  });
});

describe('OpenAI chat completions', () => {
  for (const path of ['/v1/chat/completions', '/chat/completions']) {
    it(`streams text and tool_calls deltas then [DONE] (${path})`, async () => {
      const s = await start(() => ({ text: 'hey', toolCall: call }));
      const r = await post(`${s.url}${path}`, {
        model: 'm',
        stream: true,
        messages: [
          { role: 'system', content: 'SYS' },
          { role: 'user', content: [{ type: 'text', text: 'go' }] },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c', function: { name: 'bash', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c', content: 'RESULT' },
        ],
        tools: [{ type: 'function', function: { name: 'bash' } }],
      });
      const data = frames(r.text).map((f) => f.data);
      expect(data.at(-1)).toBe('[DONE]');
      const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
      expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
      expect(chunks[1].choices[0].delta).toEqual({ content: 'hey' });
      expect(chunks[2].choices[0].delta.tool_calls[0]).toMatchObject({
        index: 0,
        type: 'function',
        function: { name: 'Bash', arguments: '{"command":"echo hi"}' },
      });
      expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
      expect(s.turns()[0]).toMatchObject({
        wire: 'chat',
        system: 'SYS',
        lastUserText: 'go',
        toolResults: ['RESULT'],
        tools: ['bash'],
      });
    });
  }
});

describe('the script', () => {
  it('sees turns in order across wires; a script that throws answers with its message', async () => {
    const s = await start((turn) => {
      if (turn.index === 1) throw new Error('boom');
      return turn.index === 0 ? { text: 'first' } : undefined;
    });
    await post(`${s.url}/v1/messages`, {
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'a' }],
    });
    const second = await post(`${s.url}/v1/responses`, { model: 'm', stream: true, input: 'b' });
    await post(`${s.url}/v1/chat/completions`, { model: 'm', stream: true, messages: [] });
    expect(second.text).toContain("(the test's script threw: boom)");
    expect(s.turns().map((t) => t.index)).toEqual([0, 1, 2]);
    expect(s.requests.map((r) => r.reply?.text)).toEqual([
      'first',
      "(the test's script threw: boom)",
      '(no scripted reply)',
    ]);
    expect(s.allText()).toBe('a\nb');
  });

  it('rejects a body that is not JSON and an unknown route, answering no turn', async () => {
    const s = await start(() => ({ text: 'x' }));
    const bad = await fetch(`${s.url}/v1/messages`, { method: 'POST', body: '{nope' });
    expect(bad.status).toBe(400);
    const unknown = await post(`${s.url}/v2/other`, {});
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text).error.message).toBe('no route POST /v2/other');
    expect(s.turns()).toEqual([]);
    expect(s.requests).toHaveLength(2);
  });
});
