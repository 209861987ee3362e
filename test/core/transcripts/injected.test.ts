// No block baton injects reaches a draft, in any wrapping a harness echoes it back in: the index, pushed mail and a
// pending write's request, made by their real writers, wrapped as each harness puts hook output into its transcript
// (Gemini CLI's <hook_context> with the text HTML-escaped, before or after the prompt and after a tool's output;
// Codex's <hook_prompt>; Claude Code's "Stop hook feedback:"; the bare follow-up prompt of Gemini CLI's AfterAgent
// and of pi's and opencode's plugins), alone and around a person's prompt.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { renderIndex } from '../../../src/core/board-index/render.js';
import { createCard } from '../../../src/core/cards/index.js';
import { formatPush } from '../../../src/core/display/messages.js';
import { listMessages } from '../../../src/core/messages/read.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { requestCardEntry, requestHandoff } from '../../../src/core/pending/request.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { isInjected, isPushedTurn, withoutInjected } from '../../../src/core/transcripts/injected.js';
import { realPrompt } from '../../../src/core/transcripts/text.js';
import { testdir } from '../../helpers/testdir.js';

const AGENT = 'gemini-e2e';

/** baton's blocks as its hooks make them, for a board with a card, a note-less project and mail waiting. */
function blocks(body = 'the code word is plover-2291 </baton-mail> <hook_context> &lt;x&gt; "q" \'a\' & b') {
  const dir = testdir();
  const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
  ensureBoard(board);
  writeSession(board, {
    id: 'sess-1',
    harness: 'gemini',
    agent: AGENT,
    cwd: dir,
    projectKey: 'home-me-shop',
    parentSession: '',
    startedAt: '2026-11-30T10:00:00.000Z',
    lastSeen: '2026-11-30T10:00:00.000Z',
  });
  const card = createCard(board, { title: 'Index card <d41> & "co"', by: 'alice' }).card;
  sendMessage(board, { from: 'alice', to: AGENT, body });
  const messages = listMessages(board, { agent: AGENT }).messages;
  const mail = formatPush(AGENT, messages, 2);
  const index = renderIndex(board, { agent: AGENT, session: 'sess-1' }).text;
  const handoff = requestHandoff(board, {
    session: 'sess-1',
    requestedBy: 'you',
    intent: 'what is left',
    announced: false,
  }).prompt;
  const entry = requestCardEntry(board, {
    session: 'sess-1',
    card: card.id,
    requestedBy: 'bob',
    intent: 'why the login test flakes',
    announced: false,
  }).prompt;
  const fresh = requestCardEntry(board, {
    session: 'sess-1',
    requestedBy: 'bob',
    intent: 'a card for it',
    announced: false,
  }).prompt;
  return { index, mail, handoff, entry, fresh };
}

// Gemini CLI escapes hook context so (HookOutput.getAdditionalContext): only < and >.
const htmlEscaped = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

const xmlEscaped = (text: string) => htmlEscaped(text.replace(/&/g, '&amp;')).replace(/"/g, '&quot;');

/** How each harness echoes a hook's context or block into a user message of its transcript. */
const WRAPPINGS: Record<string, (injected: string, prompt?: string) => string> = {
  'gemini SessionStart': (c, p) =>
    p
      ? `<hook_context>${htmlEscaped(c)}</hook_context>\n\n${p}`
      : `<hook_context>${htmlEscaped(c)}</hook_context>`,
  'gemini BeforeAgent': (c, p) => `${p ?? ''}\n<hook_context>${htmlEscaped(c)}</hook_context>`,
  'gemini AfterAgent block': (c) => c,
  // Codex escapes the reason as XML inside its tag.
  'codex Stop block': (c) => `<hook_prompt hook_run_id="stop:019a">${xmlEscaped(c)}</hook_prompt>`,
  'codex Stop block, unescaped': (c) => `<hook_prompt hook_run_id="stop:019a">${c}</hook_prompt>`,
  'claude Stop block': (c) => `Stop hook feedback:\n${c}`,
  'pi follow-up': (c) => c,
  'opencode follow-up': (c) => c,
  'any, escaped and bare': (c) => htmlEscaped(c),
};

// Only the wrappings that carry a prompt alongside the context.
const WITH_PROMPT = ['gemini SessionStart', 'gemini BeforeAgent'];

describe('baton’s injected text in a transcript', () => {
  const made = blocks();
  const joined = [made.index, made.handoff, made.mail].join('\n\n');
  const cases = { ...made, joined, 'entry then mail': `${made.entry}\n\n${made.mail}`, fresh: made.fresh };

  for (const [wrapping, wrap] of Object.entries(WRAPPINGS)) {
    for (const [kind, text] of Object.entries(cases)) {
      it(`${wrapping}: the ${kind} alone is no prompt and leaves nothing`, () => {
        const echoed = wrap(text);
        expect(realPrompt(echoed)).toBeUndefined();
        expect(isInjected(echoed)).toBe(true);
        expect(withoutInjected(echoed).trim()).toBe('');
      });
    }
  }

  for (const wrapping of WITH_PROMPT) {
    it(`${wrapping}: around a person’s prompt, the prompt alone is kept`, () => {
      const prompt = 'fix the flaky login test\nand tell bob';
      expect(realPrompt(WRAPPINGS[wrapping]!(joined, prompt))).toBe(prompt);
      expect(isInjected(WRAPPINGS[wrapping]!(joined, prompt))).toBe(false);
    });
  }

  it('mail and a pending request pushed at a stop are turns baton pushed; the index and a prompt are not', () => {
    for (const wrapping of [
      'gemini AfterAgent block',
      'codex Stop block',
      'claude Stop block',
      'pi follow-up',
    ]) {
      expect(isPushedTurn(WRAPPINGS[wrapping]!(made.mail)), wrapping).toBe(true);
      expect(isPushedTurn(WRAPPINGS[wrapping]!(`${made.handoff}\n\n${made.mail}`)), wrapping).toBe(true);
    }
    expect(isPushedTurn(made.index)).toBe(false);
    expect(isPushedTurn('please read the mail')).toBe(false);
  });

  it('text holding none of it comes back unchanged, byte for byte', () => {
    for (const text of [
      'plain prompt',
      '  spaced\n\n\nprompt  ',
      'a <baton> tag, hook_context in prose, "baton: done"',
      'bob asks you (politely) to look',
    ]) {
      expect(withoutInjected(text)).toBe(text);
    }
  });

  it('whatever a message body holds, the pushed mail leaves nothing behind in any wrapping', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (body) => {
        if (body.trim() === '') return;
        const { mail } = blocks(body);
        for (const wrap of Object.values(WRAPPINGS)) expect(realPrompt(wrap(mail))).toBeUndefined();
        for (const wrapping of WITH_PROMPT) {
          expect(realPrompt(WRAPPINGS[wrapping]!(mail, 'next step please'))).toBe('next step please');
        }
      }),
      { numRuns: 25 },
    );
  });
});
