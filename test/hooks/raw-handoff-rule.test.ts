// One rule for the raw drafts of every harness: a curated note of the session stands until the session has a new
// turn after it (a prompt, or mail or a request baton pushed); a raw draft is written only when the transcript
// holds something after the session's newest raw one, so the draft at the end holds the last reply; and Gemini
// CLI's PreCompress, fired before every model request, drafts and marks the index due only when the transcript
// shows the history was compressed.
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton } from '../helpers/testdir.js';
import { expectSilent, hook, project, SESSION } from './helpers.js';

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const jsonl = (...lines: unknown[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

// Claude Code's transcript lines.
const prompt = (text: string, time: string) => ({
  type: 'user',
  sessionId: SESSION,
  uuid: `u-${time}`,
  cwd: '/work/shop',
  timestamp: time,
  message: { role: 'user', content: text },
});
const reply = (text: string, time: string) => ({
  type: 'assistant',
  sessionId: SESSION,
  uuid: `a-${time}`,
  cwd: '/work/shop',
  timestamp: time,
  message: { id: `msg-${time}`, role: 'assistant', content: [{ type: 'text', text }] },
});

const SIX = `## Goal\nShip the login fix (curated).\n## Done\nx\n## State and open questions\nx\n## Decisions and rejected options\nx\n## Pitfalls and blockers\nx\n## Next steps and read-first list\nx\n`;

interface Note {
  provenance: string;
  text: string;
}

function notes(cwd: string): Note[] {
  const root = join(cwd, '.baton', 'notes');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(root, name), 'utf8');
      return { provenance: /^provenance: (\w+)$/m.exec(text)?.[1] ?? '', text };
    });
}

const log = (cwd: string) => readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8');

/** A Claude Code session with one turn done, and its transcript. */
function session() {
  const cwd = project();
  const transcript = join(cwd, 'session.jsonl');
  writeFileSync(
    transcript,
    jsonl(prompt('fix the login test', at(-60_000)), reply('first reply 1a', at(-50_000))),
  );
  hook('session-start', { transcript_path: transcript }, { cwd });
  return { cwd, transcript };
}

function curated(cwd: string): void {
  const written = baton(['handoff', 'write', '--session', SESSION, '--as', 'claude-3f2a9c'], {
    cwd,
    input: SIX,
  });
  expect(written.code, written.stderr).toBe(0);
}

describe('the raw draft of a session with a curated note', () => {
  it('no turn after the curated note: neither the compaction nor the end drafts', () => {
    const { cwd, transcript } = session();
    curated(cwd);
    // The agent's answer after writing it is the same turn.
    appendFileSync(transcript, jsonl(reply('handoff written', at(1000))));
    expectSilent(hook('pre-compact', { trigger: 'auto', transcript_path: transcript }, { cwd }));
    expectSilent(hook('session-end', { reason: 'other', transcript_path: transcript }, { cwd }));
    expect(notes(cwd).map((note) => note.provenance)).toEqual(['curated']);
    expect(log(cwd)).toMatch(
      /session-end \S+ no raw handoff: session already has note n-\w+: curated, no turn after it\n$/,
    );
  });

  it('a prompt after it: the end drafts, and the draft holds the last reply', () => {
    const { cwd, transcript } = session();
    curated(cwd);
    appendFileSync(
      transcript,
      jsonl(prompt('now the signup test', at(1000)), reply('last reply 9z', at(2000))),
    );
    expectSilent(hook('session-end', { reason: 'other', transcript_path: transcript }, { cwd }));
    const written = notes(cwd);
    expect(written.map((note) => note.provenance).sort()).toEqual(['curated', 'raw']);
    expect(written.find((note) => note.provenance === 'raw')!.text).toContain('last reply 9z');
  });

  it('mail baton pushed at a stop after it is a new turn too', () => {
    const { cwd, transcript } = session();
    curated(cwd);
    const mail =
      '<baton-mail to="claude-3f2a9c">\nbaton: 1 new message for claude-3f2a9c.\n\nm-1  bob → claude-3f2a9c\n  │ rebase please\n</baton-mail>\n';
    appendFileSync(
      transcript,
      jsonl(prompt(`Stop hook feedback:\n${mail}`, at(1000)), reply('rebased 4r', at(2000))),
    );
    expectSilent(hook('session-end', { reason: 'other', transcript_path: transcript }, { cwd }));
    const raw = notes(cwd).find((note) => note.provenance === 'raw');
    expect(raw?.text).toContain('rebased 4r');
    expect(raw?.text).not.toContain('baton-mail');
    expect(raw?.text).not.toContain('rebase please');
  });
});

describe('the raw draft at a session’s end', () => {
  it('a compaction draft, then a reply: the end drafts again and holds the last reply', () => {
    const { cwd, transcript } = session();
    expectSilent(hook('pre-compact', { trigger: 'auto', transcript_path: transcript }, { cwd }));
    appendFileSync(transcript, jsonl(prompt('go on', at(1000)), reply('the very last reply 7q', at(2000))));
    expectSilent(hook('session-end', { reason: 'other', transcript_path: transcript }, { cwd }));
    const written = notes(cwd);
    expect(written.map((note) => note.provenance)).toEqual(['raw', 'raw']);
    expect(written.some((note) => note.text.includes('the very last reply 7q'))).toBe(true);
  });
});

// Gemini CLI's transcript lines.
const GEMINI = 'cb4cf9a9-63d7-4eb4-a980-73c04d377e07';
const geminiStart = (cwd: string) =>
  jsonl(
    { sessionId: GEMINI, projectHash: 'abc', startTime: at(-60_000), lastUpdated: at(-60_000), kind: 'main' },
    {
      $set: {
        messages: [
          {
            id: 'ctx',
            timestamp: at(-60_000),
            type: 'user',
            content: [
              {
                text: `<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\n- **Workspace Directories:**\n  - ${cwd}\n</session_context>`,
              },
            ],
          },
        ],
      },
    },
    {
      id: 'p1',
      timestamp: at(-59_000),
      type: 'user',
      content: [
        {
          text: '<hook_context>&lt;baton-index board="x"&gt;\ncards\n&lt;/baton-index&gt;</hook_context>\n\nwrite the parser',
        },
      ],
    },
  );
const geminiReply = (id: string, text: string, time: string) =>
  jsonl(
    { id, timestamp: time, type: 'gemini', content: text, model: 'gemini-2.5-flash' },
    { $set: { lastUpdated: time } },
  );

describe('Gemini CLI: PreCompress before every model request', () => {
  it('attempts that compress nothing draft nothing and leave the index alone; the end drafts once, with the last reply', () => {
    const cwd = project();
    const transcript = join(cwd, 'gemini.jsonl');
    writeFileSync(transcript, geminiStart(cwd));
    const gemini = { cwd, harness: 'gemini' };
    const input = (extra: Record<string, unknown> = {}) => ({ transcript_path: transcript, ...extra });
    hook('SessionStart', { hook_event_name: 'SessionStart', source: 'startup', ...input() }, gemini);
    for (const [i, text] of ['one', 'two', 'last reply g3'].entries()) {
      expectSilent(
        hook('PreCompress', { hook_event_name: 'PreCompress', trigger: 'auto', ...input() }, gemini),
      );
      appendFileSync(transcript, geminiReply(`r${i}`, text, at(i * 1000)));
    }
    expect(notes(cwd)).toEqual([]);
    expect(existsSync(join(cwd, '.baton', 'state', 'index-due', SESSION))).toBe(false);
    expectSilent(hook('SessionEnd', { hook_event_name: 'SessionEnd', reason: 'exit', ...input() }, gemini));
    const written = notes(cwd);
    expect(written.map((note) => note.provenance)).toEqual(['raw']);
    expect(written[0]!.text).toContain('last reply g3');
    expect(written[0]!.text).toMatch(/^title: write the parser$/m);
    expect(written[0]!.text).not.toMatch(/hook_context|baton-index|&lt;/);
    expect(written[0]!.text).toContain(`folder ${cwd}`);
  });

  it('a chat restart after an attempt is a compression: one draft, the index due; /compress is one at once', () => {
    const cwd = project();
    const transcript = join(cwd, 'gemini.jsonl');
    writeFileSync(transcript, geminiStart(cwd) + geminiReply('r0', 'before', at(0)));
    const gemini = { cwd, harness: 'gemini' };
    const pre = (trigger: string) =>
      expectSilent(
        hook('PreCompress', { hook_event_name: 'PreCompress', trigger, transcript_path: transcript }, gemini),
      );
    hook(
      'SessionStart',
      { hook_event_name: 'SessionStart', source: 'startup', transcript_path: transcript },
      gemini,
    );
    pre('auto');
    appendFileSync(transcript, jsonl({ $set: { sessionId: GEMINI } }) + geminiReply('r1', 'after', at(1000)));
    pre('auto');
    expect(notes(cwd).map((note) => note.provenance)).toEqual(['raw']);
    expect(existsSync(join(cwd, '.baton', 'state', 'index-due', SESSION))).toBe(true);
    expect(log(cwd)).toMatch(/gemini pre-compact \S+ raw handoff n-\w+\n$/);
    appendFileSync(transcript, geminiReply('r2', 'more', at(2000)));
    pre('manual');
    expect(notes(cwd)).toHaveLength(2);
  });
});
