// `baton mcp` (stdio) lives as long as its session and parses a few dozen messages: zod's compiled fast path for
// object schemas (generated code, built on each schema's first parse) costs more at start-up than it ever saves
// here. Imported first by mcp.ts, before the MCP SDK builds its schemas (each reads the setting when it is made).
import { config } from 'zod/v4/core';

config({ jitless: true });
