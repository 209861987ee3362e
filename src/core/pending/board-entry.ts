// Parsing an agent's reply to a card request: exactly one ```board-entry block (title:, type:, ---, body).
import { ENTRY_TYPES, type EntryType, isEntryType, normalizeBody } from '../cards/card.js';
import { findFencedBlocks } from './fenced-blocks.js';

export const BOARD_ENTRY_BLOCK = 'board-entry';

export interface BoardEntry {
  /** Only when the reply creates a card. */
  title?: string;
  type: EntryType;
  body: string;
}

export type BoardEntryParse = { ok: true; entry: BoardEntry } | { ok: false; problem: string };

export interface BoardEntryOptions {
  /** True when the reply creates a card (a `title:` is required); false when it adds to `card`. */
  creating: boolean;
  /** The existing card's id, named in problems. */
  card?: string;
}

/** Parses a whole reply; prose around the block is fine. Never throws: every problem says what to fix. */
export function parseBoardEntryReply(reply: string, options: BoardEntryOptions): BoardEntryParse {
  const fail = (problem: string): BoardEntryParse => ({ ok: false, problem });
  const blocks = findFencedBlocks(reply, BOARD_ENTRY_BLOCK);
  if (blocks.length === 0) return fail('the reply has no ```board-entry block — reply with exactly one');
  if (blocks.length > 1) {
    return fail(`the reply has ${blocks.length} \`\`\`board-entry blocks — reply with exactly one`);
  }
  const block = blocks[0]!;
  if (!block.closed) return fail('the ```board-entry block is not closed — end it with ``` on its own line');

  const lines = block.content.split('\n');
  const separator = lines.findIndex((line) => line.trim() === '---');
  if (separator === -1) {
    return fail('the ```board-entry block has no --- line between its header (type:) and the body');
  }
  const header: Record<string, string> = {};
  for (const line of lines.slice(0, separator)) {
    if (line.trim() === '') continue;
    const match = /^\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$/.exec(line);
    const key = match?.[1]?.toLowerCase();
    if (!match || (key !== 'title' && key !== 'type')) {
      return fail(
        `unexpected header line ${JSON.stringify(line.trim())} — only title: and type: go above ---`,
      );
    }
    header[key] = unquote(match[2]!);
  }
  const type = header.type;
  if (!type) return fail(`the block has no type: line — use one of ${ENTRY_TYPES.join(', ')}`);
  if (!isEntryType(type)) {
    return fail(`unknown type ${JSON.stringify(type)} — use one of ${ENTRY_TYPES.join(', ')}`);
  }
  const title = header.title;
  if (options.creating && !title) return fail('the block has no title: line — a new card needs a title');
  if (!options.creating && title !== undefined) {
    const card = options.card ? ` ${options.card}` : '';
    return fail(
      `title: is only for a new card — this entry goes to the existing card${card}; drop the title line`,
    );
  }
  const body = normalizeBody(lines.slice(separator + 1).join('\n'));
  if (body === '') return fail('the entry body below --- is empty');
  return { ok: true, entry: title === undefined ? { type, body } : { title, type, body } };
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}
