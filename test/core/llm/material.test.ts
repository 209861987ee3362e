// What the model reads: the mechanical facts first, then the conversation's newest turns within the budget, redacted.
import { describe, expect, it } from 'vitest';
import { prepareMaterial } from '../../../src/core/llm/material.js';
import { readTranscript } from '../../../src/core/transcripts/read-transcript.js';
import { fixture, project } from '../transcripts/helpers.js';

const CODEX = fixture('codex', 'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');

describe('prepareMaterial', () => {
  it('facts first, then the newest turns that fit the budget; older ones counted as left out', async () => {
    const { board } = project();
    const whole = await readTranscript(CODEX, { conversationChars: 1_000_000 });
    const all = whole.conversation!.turns;
    const last = all.at(-1)!;
    const digest = await readTranscript(CODEX, { conversationChars: last.text.length + 10 });
    const material = prepareMaterial(board, digest, { transcriptPath: CODEX });
    expect(material).toMatchObject({ turns: 1, droppedTurns: all.length - 1 });
    const text = material.text;
    expect(text.startsWith('# Facts extracted mechanically from the transcript')).toBe(true);
    const conversation = text.indexOf(
      `# The conversation: its newest 1 turn (${all.length - 1} older left out for length)`,
    );
    expect(conversation).toBeGreaterThan(
      text.indexOf('### Mechanical draft: Next steps and read-first list'),
    );
    expect(text.slice(conversation)).toContain(`[the agent]\n${last.text}`);
    expect(text.slice(conversation)).not.toContain('[the person]');
  });

  it('the whole conversation when it fits', async () => {
    const { board } = project();
    const digest = await readTranscript(CODEX, { conversationChars: 60_000 });
    const material = prepareMaterial(board, digest, { transcriptPath: CODEX });
    expect(material.droppedTurns).toBe(0);
    expect(material.text).toContain(`# The conversation: all ${material.turns} turns`);
    expect(material.text).toContain('[the person]\nshow tools');
  });
});
