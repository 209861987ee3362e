// MCP test helpers: an in-process client ↔ server pair on a per-test board, and result accessors.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { type BatonMcpOptions, createMcpServer } from '../../src/mcp/server.js';

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

/** Board options for a board at `<dir>/.baton` with a clean env (nothing from the developer's shell). */
export function boardIn(dir: string, env: Record<string, string> = {}) {
  return { cwd: dir, home: join(dir, 'home'), env: { BATON_DIR: join(dir, '.baton'), ...env } };
}

/** A connected client talking to a fresh in-process server. Closed after the test. */
export async function connect(options: BatonMcpOptions): Promise<Client> {
  const server = createMcpServer(options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'baton-test', version: '1.0.0' });
  await client.connect(clientSide);
  open.push(client);
  return client;
}

export async function call(client: Client, name: string, args?: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

// biome-ignore lint/suspicious/noExplicitAny: structured content is checked field by field in the tests
export function dataOf(result: CallToolResult): any {
  return result.structuredContent;
}

/** The text of a resource's first content item. */
export async function resourceText(client: Client, uri: string): Promise<string> {
  const first = (await client.readResource({ uri })).contents[0];
  return first && 'text' in first ? first.text : '';
}
