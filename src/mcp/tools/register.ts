// Puts groups on an McpServer: the one place where a handler's outcome becomes an MCP result or error.
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { type Board, isDisabled } from '../../core/board/open-board.js';
import { BatonError, isBatonError } from '../../core/errors.js';
import type { Logger } from '../../http/logger.js';
import { withShortBoardPath } from '../board-label.js';
import { type CallContextOptions, openCall } from '../call-context.js';
import type { ResourceDef, ToolDef, ToolGroup } from '../contract.js';
import { inProfile, type Profile } from '../profiles.js';
import { argumentSchema, listedSchema, parseArguments } from './arguments.js';

export interface RegisterOptions {
  context: CallContextOptions;
  profile: Profile;
  logger: Logger;
}

/** The answer of every tool while BATON_DISABLE is set: an error, so no agent takes it for a success. */
export const DISABLED_MESSAGE =
  'baton is disabled (BATON_DISABLE is set): nothing was read or written — unset BATON_DISABLE to use baton';

/**
 * Registers every group's tools of the profile and every resource. `tools/list` is answered from the tools' own
 * definitions: name, description, input schema and annotations only — no `$schema` or `execution` keys repeated
 * on every tool (the SDK's listing would add them), so the list stays within its budget.
 */
export function registerGroups(server: McpServer, groups: ToolGroup[], options: RegisterOptions): void {
  const listed: Tool[] = [];
  for (const group of groups) {
    for (const tool of group.tools) {
      if (!inProfile(tool.profiles, options.profile)) continue;
      listed.push(registerTool(server, tool, options));
    }
    for (const resource of group.resources ?? []) registerResource(server, resource, options);
  }
  if (listed.length > 0) server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
}

// Schemas are built once per tool, not per server: over HTTP every request builds a server.
const schemas = new WeakMap<ToolDef, ReturnType<typeof buildSchemas>>();

function buildSchemas(tool: ToolDef) {
  const args = argumentSchema(tool.input);
  const listing: Tool = {
    name: tool.name,
    description: tool.description,
    inputSchema: listedSchema(args),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  };
  return { args, listing };
}

// The SDK is handed a schema that takes any object: arguments reach `parseArguments` untouched, which phrases
// every problem the same way in every SDK version (some answer a schema failure with a JSON-RPC error).
const ANY_OBJECT = z.looseObject({});

function registerTool(server: McpServer, tool: ToolDef, options: RegisterOptions): Tool {
  const built = schemas.get(tool) ?? buildSchemas(tool);
  schemas.set(tool, built);
  server.registerTool(
    tool.name,
    { description: tool.description, inputSchema: ANY_OBJECT, annotations: tool.annotations },
    async (raw): Promise<CallToolResult> => {
      let board: Board | undefined;
      try {
        if (isDisabled(options.context.board.env ?? process.env))
          throw new BatonError('disabled', DISABLED_MESSAGE);
        const args = parseArguments(tool.name, built.args, raw);
        const call = openCall(options.context);
        board = call.board;
        const text = await tool.run(args, call);
        return { content: [{ type: 'text', text }] };
      } catch (error) {
        return toolError(tool.name, error, options.logger, board);
      }
    },
  );
  return built.listing;
}

/**
 * A failed call: the BatonError's message as an `isError` result; anything else is logged and summarised. Either
 * way the board's absolute path becomes its short path (core errors name the board by its root).
 */
export function toolError(tool: string, error: unknown, logger: Logger, board?: Board): CallToolResult {
  const shown = (text: string) => (board ? withShortBoardPath(text, board) : text);
  if (isBatonError(error)) return { isError: true, content: [{ type: 'text', text: shown(error.message) }] };
  logger.error(`${tool} failed`, error);
  const message = error instanceof Error ? error.message : String(error);
  return {
    isError: true,
    content: [
      { type: 'text', text: shown(`internal error in ${tool}: ${message} (details in the server's log)`) },
    ],
  };
}

export function registerResource(server: McpServer, resource: ResourceDef, options: RegisterOptions): void {
  const read = (uri: URL, variables: Record<string, string>) => {
    let board: Board | undefined;
    try {
      if (isDisabled(options.context.board.env ?? process.env))
        throw new BatonError('disabled', DISABLED_MESSAGE);
      const call = openCall(options.context);
      board = call.board;
      const text = resource.read({ board, boundAgent: call.boundAgent }, variables);
      return { contents: [{ uri: uri.href, mimeType: resource.mimeType, text }] };
    } catch (error) {
      throw resourceError(resource.name, error, options.logger, board);
    }
  };
  const metadata = { description: resource.description, mimeType: resource.mimeType };
  if (!resource.uri.includes('{')) {
    server.registerResource(resource.name, resource.uri, metadata, (uri) => read(uri, {}));
    return;
  }
  const template = new ResourceTemplate(resource.uri, { list: undefined });
  server.registerResource(resource.name, template, metadata, (uri, variables) =>
    read(uri, flatten(variables)),
  );
}

// Resources have no `isError`: a BatonError becomes a JSON-RPC error carrying its message.
function resourceError(name: string, error: unknown, logger: Logger, board?: Board): McpError {
  if (isBatonError(error)) {
    const code = error.code === 'not_found' ? -32002 : ErrorCode.InvalidParams;
    const message = board ? withShortBoardPath(error.message, board) : error.message;
    return new McpError(code, message, { code: error.code });
  }
  logger.error(`resource ${name} failed`, error);
  return new McpError(
    ErrorCode.InternalError,
    `internal error reading ${name} (details in the server's log)`,
  );
}

function flatten(variables: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([key, value]) => [key, Array.isArray(value) ? (value[0] ?? '') : value]),
  );
}
