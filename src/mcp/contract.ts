// The contract a capability follows to appear in the MCP server: one group file declaring tools, resources and
// its lines in the `baton://board` index. Adding a capability = one group file + one line in tools/index.ts.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import type { Board } from '../core/board/open-board.js';
import type { Profile } from './profiles.js';

/** A tool's arguments, as a zod shape. */
export type Shape = Record<string, z.ZodType>;
type Out<S extends Shape> = z.output<z.ZodObject<S>>;

/** What a tool handler is given besides its arguments. */
export interface ToolCall {
  /** The server's board (`--board`, BATON_DIR, the cwd; tools take no board argument). Nothing has been created. */
  board: Board;
  /** The identity bound to the server (`--as`, BATON_AGENT, the launching session, or the HTTP header). */
  boundAgent(): string | undefined;
  /**
   * The acting agent: the bound identity, else `claimed` (validated). A `claimed` name that contradicts the
   * bound identity is refused (`conflict`, saying where the identity came from); with neither, `no_agent` says
   * how to get one.
   */
  actingAgent(claimed?: string): string;
  /** True over stdio: registering may bind the harness session that launched the server. */
  bindsSessions: boolean;
}

/**
 * A tool. Results are text only: no client uses structured output today, and an output schema would cost more
 * of every `tools/list` than the rest of the tool (SPEC §7 budget: ≤ 500 characters per tool on average).
 */
export interface ToolDef<I extends Shape = Shape> {
  name: string;
  /** One short line telling an agent when to use the tool. */
  description: string;
  /** Profiles that list this tool (every tool is also in `full`). */
  profiles: readonly Profile[];
  /** Arguments, validated strictly (unknown keys refused). Keep `.describe()` texts to a few words. */
  input: I;
  annotations?: ToolAnnotations;
  /** The answer as text for the model; throw BatonError for an `isError` result. */
  run(args: Out<I>, call: ToolCall): string | Promise<string>;
}

/** Declares a tool with its argument types inferred, erased for the group's list. */
export function defineTool<I extends Shape>(tool: ToolDef<I>): ToolDef {
  return tool as unknown as ToolDef;
}

/** What a resource reader is given. */
export interface ResourceCall {
  board: Board;
  boundAgent(): string | undefined;
}

export interface ResourceDef {
  name: string;
  /** A fixed URI (`baton://board`) or an RFC 6570 template (`baton://message/{id}`). */
  uri: string;
  description: string;
  mimeType: string;
  /** The resource's text; `variables` holds the template's values. Throw BatonError for missing things. */
  read(call: ResourceCall, variables: Record<string, string>): string;
}

/** One capability's share of the MCP surface. */
export interface ToolGroup {
  name: string;
  tools: ToolDef[];
  resources?: ResourceDef[];
  /** Markdown lines this group adds to the `baton://board` index (the board exists when called). */
  boardIndex?(board: Board, agent: string | undefined): string[];
}
