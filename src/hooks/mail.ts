// Mail pushed into a session at a turn boundary: at most five messages, labelled as data, marked delivered only
// once the harness has been handed them (the caller acknowledges after printing).

import type { Board } from '../core/board/open-board.js';
import { formatPush } from '../core/display/messages.js';
import { type PollBatch, pollMessages } from '../core/messages/delivery.js';

export const MAIL_PER_TURN = 5;

export interface MailPush {
  text: string;
  batch: PollBatch;
}

/** The agent's next waiting messages, or undefined when none are waiting. */
export function takeMail(board: Board, agent: string): MailPush | undefined {
  const batch = pollMessages(board, agent, { max: MAIL_PER_TURN });
  if (batch.messages.length === 0) return undefined;
  return { text: formatPush(agent, batch.messages, batch.more).trimEnd(), batch };
}
