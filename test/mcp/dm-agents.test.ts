// dm_agents lists what `baton agents` lists (core/agents/roster.ts): each harness's stable name in the project, before
// its first session too (mail can wait for it), and the aliases of its sessions once they ran (issue 23).
import { describe, expect, it } from 'vitest';
import { planAgentNames, writeAgentNames } from '../../src/core/board/agent-names.js';
import { ensureBoard, openBoard } from '../../src/core/board/open-board.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { testdir } from '../helpers/testdir.js';
import { boardIn, call, connect, textOf } from './helpers.js';

describe('dm_agents', () => {
  it('names the stable name of each harness here, with its harness, before any session', async () => {
    const dir = testdir();
    const board = openBoard(boardIn(dir));
    ensureBoard(board);
    writeAgentNames(board, planAgentNames(board, ['claude', 'codex'], { projectFolder: 'shop' }));
    sendMessage(board, { from: 'alice', to: ['codex@shop'], body: 'start with the flake' });
    const client = await connect({ board: boardIn(dir), agent: 'alice' });
    expect(textOf(await call(client, 'dm_agents')).split('\n')).toEqual([
      expect.stringMatching(/^alice — 0 unread, last seen \S+$/),
      'claude@shop — 0 unread, not registered, claude sessions here',
      'codex@shop — 1 unread, not registered, codex sessions here',
    ]);
  });
});
