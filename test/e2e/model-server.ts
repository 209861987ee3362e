// One scriptable fake model server for the end-to-end tests: node:http on 127.0.0.1 (a free port), speaking each
// wire format the harness CLIs use — Anthropic Messages (Claude Code), OpenAI Responses (Codex), Gemini
// generateContent / streamGenerateContent (Gemini CLI) and OpenAI chat completions (opencode, pi). A test scripts it
// with one function from a normalised view of each request (a `Turn`) to a `Reply`; every request is recorded, raw
// body included, so a test can assert what the model received (e.g. the mail a hook injected).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Wire = 'anthropic' | 'responses' | 'gemini' | 'chat';

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
  /** Responses API only: the namespace of an MCP tool (Codex offers `mcp__<server>` namespaces). */
  namespace?: string;
  /** Responses API only: a freeform (`custom`) tool's raw input, e.g. Codex's apply_patch; `args` is then unused. */
  input?: string;
}

/** What the model answers: text, tool calls, or both (text first). */
export interface Reply {
  text?: string;
  toolCall?: ToolCall;
  toolCalls?: ToolCall[];
  /**
   * Gemini only: the prompt's size the answer reports (usageMetadata.promptTokenCount, default 10). Gemini CLI
   * compresses the history before its next request once this passes half the model's window.
   */
  promptTokens?: number;
}

/** A normalised view of one request for a reply. */
export interface Turn {
  wire: Wire;
  /** 0-based count of scripted requests so far (all wires together). */
  index: number;
  model: string;
  /** Every system/instruction and message part as text, in order, joined by newlines (tool calls as `name(args)`). */
  text: string;
  /** The system prompt / instructions alone. */
  system: string;
  /** The text of the last user message that is not only tool results ('' when none). */
  lastUserText: string;
  /** The tool results present in the request, in order. */
  toolResults: string[];
  /** The tool names offered (a Responses namespace as `<namespace>` and `<namespace>__<tool>` for each tool). */
  tools: string[];
  /** The parsed body. */
  body: Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body as received. */
  raw: string;
  /** The normalised turn, for requests answered by the script. */
  turn?: Turn;
  /** The reply sent, for requests answered by the script. */
  reply?: Reply;
}

export type Script = (turn: Turn) => Reply | undefined;

export interface ModelServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  requests: RecordedRequest[];
  /** The turns answered by the script, in order. */
  turns(): Turn[];
  /** Replaces the script. */
  script(fn: Script): void;
  /** Every text the model received, all requests together (for "did X reach the model" checks). */
  allText(): string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Text of an Anthropic/chat content value: a string, or an array of parts with `text` (and nested content). */
function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => {
      const p = asObject(part);
      if (typeof p.text === 'string') return p.text;
      if (p.content !== undefined) return partsText(p.content);
      return '';
    })
    .filter((text) => text !== '')
    .join('\n');
}

interface Normalised {
  model: string;
  system: string;
  lines: string[];
  lastUserText: string;
  toolResults: string[];
  tools: string[];
}

function normaliseAnthropic(body: Json): Normalised {
  const system = partsText(body.system);
  const lines = [system];
  const toolResults: string[] = [];
  let lastUserText = '';
  for (const message of asArray(body.messages)) {
    const m = asObject(message);
    const role = str(m.role);
    const texts: string[] = [];
    if (typeof m.content === 'string') texts.push(m.content);
    for (const block of asArray(m.content)) {
      const b = asObject(block);
      if (b.type === 'text') texts.push(str(b.text));
      else if (b.type === 'tool_use') lines.push(`${str(b.name)}(${JSON.stringify(b.input ?? {})})`);
      else if (b.type === 'tool_result') {
        const result = partsText(b.content);
        toolResults.push(result);
        lines.push(result);
      }
    }
    lines.push(...texts);
    if (role === 'user' && texts.join('').trim() !== '') lastUserText = texts.join('\n');
  }
  const tools = asArray(body.tools).map((tool) => str(asObject(tool).name));
  return { model: str(body.model), system, lines, lastUserText, toolResults, tools };
}

function normaliseResponses(body: Json): Normalised {
  const system = str(body.instructions);
  const lines = [system];
  const toolResults: string[] = [];
  let lastUserText = '';
  const input =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : asArray(body.input);
  for (const item of input) {
    const it = asObject(item);
    const type = str(it.type) || 'message';
    if (type === 'message') {
      const text = partsText(it.content);
      lines.push(text);
      if (it.role === 'user' && text.trim() !== '') lastUserText = text;
    } else if (type === 'function_call' || type === 'custom_tool_call') {
      const ns = str(it.namespace);
      lines.push(`${ns}${str(it.name)}(${str(it.arguments) || str(it.input)})`);
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const output =
        typeof it.output === 'string' ? it.output : partsText(asObject(it.output).content ?? it.output);
      toolResults.push(output);
      lines.push(output);
    } else if (type === 'agent_message') {
      // Codex multi-agent v2: a message between agents (a sub-agent's task, a final answer to its parent). The
      // payload arrives as `encrypted_content`, which a scripted model sent as plain text.
      const text = asArray(it.content)
        .map((part) => str(asObject(part).text) || str(asObject(part).encrypted_content))
        .join('');
      lines.push(text);
      if (text.trim() !== '') lastUserText = text;
    }
  }
  const tools: string[] = [];
  for (const tool of asArray(body.tools)) {
    const t = asObject(tool);
    const name = str(t.name);
    tools.push(name);
    const joiner = name.endsWith('__') ? '' : '__';
    for (const inner of asArray(t.tools)) tools.push(`${name}${joiner}${str(asObject(inner).name)}`);
  }
  return { model: str(body.model), system, lines, lastUserText, toolResults, tools };
}

function normaliseGemini(body: Json, model: string): Normalised {
  const system = partsText(asObject(body.systemInstruction ?? body.system_instruction).parts);
  const lines = [system];
  const toolResults: string[] = [];
  let lastUserText = '';
  for (const content of asArray(body.contents)) {
    const c = asObject(content);
    const texts: string[] = [];
    for (const part of asArray(c.parts)) {
      const p = asObject(part);
      if (typeof p.text === 'string') texts.push(p.text);
      else if (p.functionCall) {
        const call = asObject(p.functionCall);
        lines.push(`${str(call.name)}(${JSON.stringify(call.args ?? {})})`);
      } else if (p.functionResponse) {
        const result = JSON.stringify(asObject(p.functionResponse).response ?? {});
        toolResults.push(result);
        lines.push(result);
      }
    }
    lines.push(...texts);
    if (c.role === 'user' && texts.join('').trim() !== '') lastUserText = texts.join('\n');
  }
  const tools: string[] = [];
  for (const tool of asArray(body.tools)) {
    for (const declaration of asArray(asObject(tool).functionDeclarations)) {
      tools.push(str(asObject(declaration).name));
    }
  }
  return { model, system, lines, lastUserText, toolResults, tools };
}

function normaliseChat(body: Json): Normalised {
  const systems: string[] = [];
  const lines: string[] = [];
  const toolResults: string[] = [];
  let lastUserText = '';
  for (const message of asArray(body.messages)) {
    const m = asObject(message);
    const text = partsText(m.content);
    if (m.role === 'system' || m.role === 'developer') systems.push(text);
    if (m.role === 'tool') toolResults.push(text);
    lines.push(text);
    for (const call of asArray(m.tool_calls)) {
      const fn = asObject(asObject(call).function);
      lines.push(`${str(fn.name)}(${str(fn.arguments)})`);
    }
    if (m.role === 'user' && text.trim() !== '') lastUserText = text;
  }
  const tools = asArray(body.tools).map((tool) => str(asObject(asObject(tool).function).name));
  return { model: str(body.model), system: systems.join('\n'), lines, lastUserText, toolResults, tools };
}

function callsOf(reply: Reply): ToolCall[] {
  return [...(reply.toolCall ? [reply.toolCall] : []), ...(reply.toolCalls ?? [])];
}

const id = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** SSE events of an Anthropic Messages stream for `reply`. */
export function anthropicEvents(reply: Reply, model: string): Json[] {
  const events: Json[] = [
    {
      type: 'message_start',
      message: {
        id: id('msg'),
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ];
  let index = 0;
  if (reply.text !== undefined) {
    events.push(
      { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index, delta: { type: 'text_delta', text: reply.text } },
      { type: 'content_block_stop', index },
    );
    index++;
  }
  const calls = callsOf(reply);
  for (const call of calls) {
    events.push(
      {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: id('toolu'), name: call.name, input: {} },
      },
      {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.args) },
      },
      { type: 'content_block_stop', index },
    );
    index++;
  }
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: 5 },
    },
    { type: 'message_stop' },
  );
  return events;
}

/** The output items of an OpenAI Responses answer for `reply`. */
export function responsesOutput(reply: Reply): Json[] {
  const output: Json[] = [];
  if (reply.text !== undefined) {
    output.push({
      type: 'message',
      id: id('msg'),
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: reply.text, annotations: [] }],
    });
  }
  for (const call of callsOf(reply)) {
    if (call.input !== undefined) {
      output.push({
        type: 'custom_tool_call',
        id: id('ctc'),
        call_id: id('call'),
        name: call.name,
        input: call.input,
      });
      continue;
    }
    output.push({
      type: 'function_call',
      id: id('fc'),
      call_id: id('call'),
      name: call.name,
      arguments: JSON.stringify(call.args),
      status: 'completed',
      ...(call.namespace !== undefined ? { namespace: call.namespace } : {}),
    });
  }
  return output;
}

/** SSE events of an OpenAI Responses stream for `reply`. */
export function responsesEvents(reply: Reply, model: string): Json[] {
  const responseId = id('resp');
  const output = responsesOutput(reply);
  const base = { id: responseId, object: 'response', created_at: Math.floor(Date.now() / 1000), model };
  const events: Json[] = [
    { type: 'response.created', response: { ...base, status: 'in_progress', output: [] } },
  ];
  output.forEach((item, outputIndex) => {
    events.push({ type: 'response.output_item.added', output_index: outputIndex, item });
    events.push({ type: 'response.output_item.done', output_index: outputIndex, item });
  });
  events.push({
    type: 'response.completed',
    response: {
      ...base,
      status: 'completed',
      output,
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 15,
      },
    },
  });
  return events;
}

/** The `data:` chunks of a Gemini streamGenerateContent?alt=sse answer for `reply`. */
export function geminiChunks(reply: Reply): Json[] {
  const parts: Json[] = [];
  if (reply.text !== undefined) parts.push({ text: reply.text });
  for (const call of callsOf(reply)) parts.push({ functionCall: { name: call.name, args: call.args } });
  return [
    {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: reply.promptTokens ?? 10,
        candidatesTokenCount: 5,
        totalTokenCount: (reply.promptTokens ?? 10) + 5,
      },
    },
  ];
}

/** The `data:` chunks of an OpenAI chat completions stream for `reply` (before `[DONE]`). */
export function chatChunks(reply: Reply, model: string): Json[] {
  const chunkId = id('chatcmpl');
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Json, finish: string | null, extra: Json = {}) => ({
    id: chunkId,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  const chunks: Json[] = [chunk({ role: 'assistant', content: '' }, null)];
  if (reply.text !== undefined) chunks.push(chunk({ content: reply.text }, null));
  const calls = callsOf(reply);
  calls.forEach((call, index) => {
    chunks.push(
      chunk(
        {
          tool_calls: [
            {
              index,
              id: id('call'),
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.args) },
            },
          ],
        },
        null,
      ),
    );
  });
  chunks.push(
    chunk({}, calls.length > 0 ? 'tool_calls' : 'stop', {
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
  return chunks;
}

/** The text a non-streaming Gemini call (the CLI's model router, its next-speaker check) can parse as its JSON. */
const GEMINI_JSON_ANSWER = JSON.stringify({
  reasoning: 'scripted',
  model_choice: 'flash',
  next_speaker: 'user',
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sse(response: ServerResponse, frames: string[]): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'close',
  });
  for (const frame of frames) response.write(frame);
  response.end();
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** Starts the server with `script` (default: reply "ok" to everything). */
export async function startModelServer(initial: Script = () => ({ text: 'ok' })): Promise<ModelServer> {
  let script = initial;
  const requests: RecordedRequest[] = [];
  let turnCount = 0;

  const answer = (wire: Wire, normalised: Normalised, body: Json, record: RecordedRequest): Reply => {
    const turn: Turn = {
      wire,
      index: turnCount++,
      model: normalised.model,
      text: normalised.lines.filter((line) => line !== '').join('\n'),
      system: normalised.system,
      lastUserText: normalised.lastUserText,
      toolResults: normalised.toolResults,
      tools: normalised.tools,
      body,
    };
    record.turn = turn;
    let reply: Reply | undefined;
    try {
      reply = script(turn);
    } catch (error) {
      reply = { text: `(the test's script threw: ${(error as Error).message})` };
    }
    record.reply = reply ?? { text: '(no scripted reply)' };
    return record.reply;
  };

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const url = request.url ?? '/';
    const record: RecordedRequest = { method: request.method ?? '', url, headers: request.headers, raw };
    requests.push(record);
    const path = url.split('?')[0] ?? '';
    let body: Json = {};
    try {
      body = raw === '' ? {} : asObject(JSON.parse(raw));
    } catch {
      json(response, 400, { error: { message: 'body is not JSON' } });
      return;
    }

    if (request.method === 'HEAD' || (request.method === 'GET' && path === '/')) {
      response.writeHead(200);
      response.end();
      return;
    }
    if (request.method !== 'POST') {
      json(response, 404, { error: { message: `no route ${request.method} ${path}` } });
      return;
    }

    // Anthropic Messages.
    if (path === '/v1/messages/count_tokens') {
      json(response, 200, { input_tokens: 10 });
      return;
    }
    if (path === '/v1/messages') {
      const normalised = normaliseAnthropic(body);
      const reply = answer('anthropic', normalised, body, record);
      const events = anthropicEvents(reply, normalised.model);
      if (body.stream === true) {
        sse(
          response,
          events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`),
        );
      } else {
        const start = asObject(asObject(events[0]).message);
        const content: Json[] = [];
        if (reply.text !== undefined) content.push({ type: 'text', text: reply.text });
        for (const call of callsOf(reply)) {
          content.push({ type: 'tool_use', id: id('toolu'), name: call.name, input: call.args });
        }
        json(response, 200, {
          ...start,
          content,
          stop_reason: callsOf(reply).length > 0 ? 'tool_use' : 'end_turn',
          usage: { input_tokens: 10, output_tokens: 5 },
        });
      }
      return;
    }

    // OpenAI Responses.
    if (path === '/v1/responses' || path === '/responses') {
      const normalised = normaliseResponses(body);
      const reply = answer('responses', normalised, body, record);
      const events = responsesEvents(reply, normalised.model);
      if (body.stream === false) {
        json(response, 200, asObject(events.at(-1)).response);
      } else {
        sse(
          response,
          events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`),
        );
      }
      return;
    }

    // Gemini: /v1beta/models/<model>:<method>.
    const gemini = /\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/.exec(path);
    if (gemini) {
      const [, model = '', method] = gemini;
      if (method === 'countTokens') {
        json(response, 200, { totalTokens: 10 });
        return;
      }
      if (method === 'generateContent') {
        // A non-streaming call is the CLI's own bookkeeping (model routing, next-speaker check), never the agent's
        // turn: one JSON answer that satisfies each of those schemas.
        json(response, 200, {
          candidates: [
            {
              content: { role: 'model', parts: [{ text: GEMINI_JSON_ANSWER }] },
              finishReason: 'STOP',
              index: 0,
            },
          ],
          usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
        });
        return;
      }
      const reply = answer('gemini', normaliseGemini(body, model), body, record);
      sse(
        response,
        geminiChunks(reply).map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`),
      );
      return;
    }

    // OpenAI chat completions.
    if (path === '/v1/chat/completions' || path === '/chat/completions') {
      const normalised = normaliseChat(body);
      const reply = answer('chat', normalised, body, record);
      const chunks = chatChunks(reply, normalised.model);
      if (body.stream === false) {
        const calls = callsOf(reply);
        json(response, 200, {
          id: id('chatcmpl'),
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: normalised.model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: reply.text ?? null,
                ...(calls.length > 0
                  ? {
                      tool_calls: calls.map((call) => ({
                        id: id('call'),
                        type: 'function',
                        function: { name: call.name, arguments: JSON.stringify(call.args) },
                      })),
                    }
                  : {}),
              },
              finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        });
      } else {
        sse(response, [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), 'data: [DONE]\n\n']);
      }
      return;
    }

    json(response, 404, { error: { message: `no route POST ${path}` } });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    turns: () => requests.flatMap((record) => (record.turn ? [record.turn] : [])),
    script: (fn) => {
      script = fn;
    },
    allText: () => requests.flatMap((record) => (record.turn?.text ? [record.turn.text] : [])).join('\n'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
