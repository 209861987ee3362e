// A model server for tests, on 127.0.0.1 port 0: it speaks the OpenAI chat-completions and Anthropic Messages wire
// formats (chosen by the request's path), answers from a script, one step per request, and records every request.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One scripted answer: the model's text, a refusal (status and raw body), or no answer at all (a hang). */
export type Step = { text: string } | { status: number; body: string } | { hang: true };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as the server received it. */
  raw: string;
  body: Record<string, unknown>;
}

export interface LlmServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

/** Starts a server answering `steps` in order (the last step repeats); closed after the test. */
export async function startLlmServer(steps: Step[]): Promise<LlmServer> {
  const requests: RecordedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        raw,
        body,
      });
      const step = steps[Math.min(requests.length, steps.length) - 1]!;
      if ('hang' in step) {
        hanging.push(response);
        return;
      }
      if ('status' in step) {
        response.writeHead(step.status, { 'content-type': 'application/json' }).end(step.body);
        return;
      }
      const anthropic = (request.url ?? '').endsWith('/v1/messages');
      const answer = anthropic
        ? {
            id: 'msg_test',
            type: 'message',
            role: 'assistant',
            model: body.model,
            content: [{ type: 'text', text: step.text }],
            stop_reason: 'end_turn',
            usage: { input_tokens: 10, output_tokens: 10 },
          }
        : {
            id: 'chatcmpl-test',
            object: 'chat.completion',
            model: body.model,
            choices: [
              { index: 0, message: { role: 'assistant', content: step.text }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  open.push(
    () =>
      new Promise<void>((done) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests };
}

/** A good answer: the six sections and nothing else. */
export const GOOD_ANSWER = [
  '## Goal',
  'Create hello.py, hello.md and hello.js.',
  '',
  '## Done',
  '- Created `hello.py`, `hello.md`, `hello.js`.',
  '',
  '## State and open questions',
  'All three files exist; tests: not run.',
  '',
  '## Decisions and rejected options',
  'Plain scripts, no framework.',
  '',
  '## Pitfalls and blockers',
  'None seen.',
  '',
  '## Next steps and read-first list',
  '- Read `hello.py` first.',
].join('\n');

/** The good answer without its Pitfalls section. */
export const MISSING_PITFALLS = GOOD_ANSWER.replace('## Pitfalls and blockers\nNone seen.\n\n', '');
