// Mail pushed into a session at a turn boundary: at most five messages, labelled as data, marked delivered only
// once the harness has been handed them (the caller acknowledges after printing). A session reads two mailboxes:
// its agent's (`claude@shop`, shared by every session acting as it) and its own alias's (`claude-3f2a9c`).

import type { Board } from '../core/board/open-board.js';
import { formatPush } from '../core/display/messages.js';
import { type PollBatch, type PollOptions, pollMessages } from '../core/messages/delivery.js';

export const MAIL_PER_TURN = 5;

export interface MailPush {
  text: string;
  batch: Pick<PollBatch, 'messages' | 'acknowledge' | 'release'>;
}

/**
 * The next waiting messages of `agents` (the first's first, five in all), or undefined when none are waiting.
 * A name given twice is read once. `options` go to every poll (not `max`: five in all).
 */
export function takeMail(
  board: Board,
  agents: string[],
  options: Omit<PollOptions, 'max'> = {},
): MailPush | undefined {
  const batches: PollBatch[] = [];
  const texts: string[] = [];
  let room = MAIL_PER_TURN;
  for (const agent of new Set(agents)) {
    if (room === 0) break;
    const batch = pollMessages(board, agent, { ...options, max: room });
    if (batch.messages.length === 0) continue;
    room -= batch.messages.length;
    batches.push(batch);
    texts.push(formatPush(agent, batch.messages, batch.more).trimEnd());
  }
  if (batches.length === 0) return undefined;
  return {
    text: texts.join('\n\n'),
    batch: {
      messages: batches.flatMap((batch) => batch.messages),
      acknowledge: () => {
        for (const batch of batches) batch.acknowledge();
      },
      release: () => {
        for (const batch of batches) batch.release();
      },
    },
  };
}
