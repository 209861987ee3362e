// HTTP test helpers: raw requests (to forge Host, Origin and huge bodies) and MCP clients over Streamable HTTP.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach } from 'vitest';
import { waitFor } from '../helpers/wait.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** One request to 127.0.0.1:`port`. `bodyBytes` streams that many bytes of filler instead of `body`. */
export function rawRequest(
  port: number,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    bodyBytes?: number;
    /** Omit Content-Length and send the body chunked. */
    chunked?: boolean;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const size = options.bodyBytes ?? Buffer.byteLength(options.body ?? '');
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...options.headers,
    };
    if (!options.chunked && options.method !== 'GET') headers['Content-Length'] = String(size);
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/mcp', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    // Once the server has answered it may close the socket mid-upload; that write error is expected.
    req.on('error', (error) => reject(error));
    if (options.bodyBytes === undefined) {
      req.end(options.body ?? '');
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.on('response', () => {
      sent = size;
    });
    pump();
  });
}

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => {});
});

/** An MCP client on `url`, sending `headers` with every request. Closed after the test. */
export async function httpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'baton-http-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

export interface SlowClients {
  /** How many of the sockets have been closed (by either side). */
  closed(): number;
  /** Resolves once every socket has connected (or failed to) . */
  connected: Promise<void>;
  /** Resolves once every socket is closed. */
  allClosed: Promise<void>;
  /** What the server wrote to each socket before closing it. */
  received: string[];
}

/**
 * `count` raw connections from `localAddress` (any 127.x address reaches a loopback server), each sending `data`
 * and then nothing more: a client that never finishes its headers or its body. Destroyed after the test.
 */
export function slowClients(
  port: number,
  count: number,
  data: string,
  localAddress = '127.0.0.2',
): SlowClients {
  let closed = 0;
  const received = Array.from({ length: count }, () => '');
  const connects: Promise<void>[] = [];
  const closes: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      received[i] += chunk.toString();
    });
    connects.push(
      new Promise((resolve) => {
        socket.once('connect', () => {
          if (data) socket.write(data);
          resolve();
        });
        socket.once('close', () => resolve());
      }),
    );
    closes.push(
      new Promise((resolve) =>
        socket.once('close', () => {
          closed++;
          resolve();
        }),
      ),
    );
  }
  return {
    closed: () => closed,
    connected: Promise.all(connects).then(() => {}),
    allClosed: Promise.all(closes).then(() => {}),
    received,
  };
}

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

/** Resolves once `condition()` holds, checking every 10 ms. */
export async function until(condition: () => boolean): Promise<void> {
  await waitFor('a condition of the test', condition, { everyMs: 10 });
}
