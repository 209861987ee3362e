// MCP test helpers: an in-process client ↔ server pair on a per-test board, and result accessors.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { BODY_GUTTER } from '../../src/core/display/visible-text.js';
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

/** The ids and recipients a `dm_send` receipt lists (`sent m-… to bob`). */
export function sentOf(result: CallToolResult): { id: string; to: string }[] {
  return [...textOf(result).matchAll(/^sent (m-\S+) to (\S+)$/gm)].map(([, id, to]) => ({
    id: id as string,
    to: to as string,
  }));
}

/** The id of the first message a `dm_send` receipt lists. */
export function sentId(result: CallToolResult): string {
  const [first] = sentOf(result);
  if (!first) throw new Error(`no "sent" line in: ${textOf(result)}`);
  return first.id;
}

export interface ShownMessage {
  id: string;
  from: string;
  to: string;
  /** The header line after `to …`: time, subject, reply. */
  rest: string;
  /** The body as shown: the gutter taken off each line. */
  body: string;
}

/**
 * The messages a reader sees in `dm_inbox` / `baton://message/…` text: one per header line (`--- m-… · from …`),
 * the body being the gutter lines (`│ …`) under it. Any other line is not part of a message.
 */
export function shownMessages(text: string): ShownMessage[] {
  const messages: (Omit<ShownMessage, 'body'> & { lines: string[] })[] = [];
  for (const line of text.split('\n')) {
    const header = /^--- (m-\S+) · from (\S+) to (\S+) · (.*)$/.exec(line);
    if (header) {
      const [, id = '', from = '', to = '', rest = ''] = header;
      messages.push({ id, from, to, rest, lines: [] });
      continue;
    }
    if (line.startsWith(BODY_GUTTER)) messages.at(-1)?.lines.push(line.slice(BODY_GUTTER.length));
  }
  return messages.map(({ lines, ...message }) => ({ ...message, body: lines.join('\n') }));
}

/** The text of a resource's first content item. */
export async function resourceText(client: Client, uri: string): Promise<string> {
  const first = (await client.readResource({ uri })).contents[0];
  return first && 'text' in first ? first.text : '';
}
