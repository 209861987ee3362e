// Hot entry for `baton mcp` (see entry.ts): the stdio MCP server a harness starts with every session and waits for
// before its first model request, so its start-up is on the session's critical path. It is built as one
// self-contained CommonJS file with the MCP SDK and zod inside: no ESM loader resolving their hundreds of module
// files. (Over BATON_URL, `baton mcp` is the bridge in the full CLI.)
import './zod-jitless.js';
import { run } from '../commands/mcp.js';
import { runHot } from './entry.js';

void runHot(run, { streams: true });
