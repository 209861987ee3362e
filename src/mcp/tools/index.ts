// Every tool group the MCP server knows. A new capability adds its group file and one line here.
import type { ToolGroup } from '../contract.js';
import { cards } from './cards.js';
import { messaging } from './messaging.js';
import { notes } from './notes.js';
import { pack } from './pack.js';

export const TOOL_GROUPS: ToolGroup[] = [messaging, cards, notes, pack];
