// Finding fenced blocks with a given info string (```board-entry, ```handoff) in an agent's reply.

export interface FencedBlock {
  /** The lines between the fences, joined with `\n`. */
  content: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** False when the reply ended before the closing fence. */
  closed: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;

/**
 * The fenced blocks whose info string is `info`, in order. Other fenced blocks are skipped whole, so an example
 * quoted inside one is not counted. Inside a block, a fence that opens with an info string (```ts) starts a
 * nested code block that the next bare fence closes — what agents mean when they put code in an entry, even
 * though CommonMark would end the outer block there. A longer outer fence (````) avoids the question entirely.
 */
export function findFencedBlocks(text: string, info: string): FencedBlock[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const blocks: FencedBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = FENCE.exec(lines[i]!);
    if (!open) {
      i++;
      continue;
    }
    const marker = open[1]!;
    const wanted = open[2] === info;
    const start = i;
    const content: string[] = [];
    let depth = 0;
    let closed = false;
    for (i++; i < lines.length; i++) {
      const line = lines[i]!;
      const fence = FENCE.exec(line);
      if (fence && fence[1]![0] === marker[0]) {
        const bare = fence[2] === '' && line.trim() === fence[1];
        if (wanted && !bare) depth++;
        else if (bare && depth > 0) depth--;
        else if (bare && fence[1]!.length >= marker.length) {
          closed = true;
          i++;
          break;
        }
      }
      content.push(line);
    }
    if (wanted) blocks.push({ content: content.join('\n'), line: start + 1, closed });
  }
  return blocks;
}
