// The conversation's tail: newest turns kept within the budget, a reply written in pieces joined, an overlong turn
// cut to its end; kept only when asked for.
import { describe, expect, it } from 'vitest';
import { ConversationTail } from '../../../src/core/transcripts/conversation.js';
import { readTranscript } from '../../../src/core/transcripts/read-transcript.js';
import { fixture } from './helpers.js';

describe('ConversationTail', () => {
  it('forgets the oldest turns first and counts them', () => {
    const tail = new ConversationTail(10);
    tail.add('user', 'aaaa');
    tail.add('assistant', 'bbbb');
    tail.add('user', 'cccc');
    expect(tail.turns).toEqual([
      { role: 'assistant', text: 'bbbb' },
      { role: 'user', text: 'cccc' },
    ]);
    expect(tail.dropped).toBe(1);
  });

  it('joins an appended piece to the last turn of its role; cuts one overlong turn to its end', () => {
    const tail = new ConversationTail(12);
    tail.add('assistant', 'one');
    tail.add('assistant', 'two', true);
    expect(tail.turns).toEqual([{ role: 'assistant', text: 'one\n\ntwo' }]);
    tail.add('user', '0123456789abcdef');
    expect(tail.turns).toEqual([{ role: 'user', text: '456789abcdef', cut: true }]);
  });

  it('readTranscript keeps it only with conversationChars', async () => {
    const path = fixture('claude', '4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl');
    expect((await readTranscript(path)).conversation).toBeUndefined();
    const digest = await readTranscript(path, { conversationChars: 100_000 });
    expect(digest.conversation?.turns[0]).toEqual({ role: 'user', text: 'create hello.py, md and js' });
    expect(digest.conversation?.turns.filter((turn) => turn.role === 'user')).toHaveLength(
      digest.prompts.count,
    );
  });
});
