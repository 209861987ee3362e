// The raw handoff drafts a real harness session leaves, end to end: how many a run of a few model requests leaves,
// that a curated note written by the agent is not buried under a raw one, that the index reaches the model once,
// that the draft written at the session's end holds its last reply, and that nothing baton injected (the index, the
// mail, in whatever wrapping the harness echoes it back) reaches a draft. Run against the real CLI wired by
// `baton init --harness <h>`; asserted on the notes on the board, the hook log and what the model server received.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batonJson, hookLog, init, send, sessions } from './board.js';
import {
  describeRun,
  type HarnessName,
  type HarnessRun,
  runHarness,
  type Workspace,
  workspace,
} from './harnesses.js';
import { type ModelServer, startModelServer, type ToolCall, type Turn } from './model-server.js';

export interface DraftProfile {
  harness: Exclude<HarnessName, 'opencode' | 'pi'>;
  agent: string;
  /** The harness's shell tool, running `command`. */
  shell(command: string): ToolCall;
  /** The harness's file-writing tool, writing `content` to `path` (as the model would name it). */
  write(path: string, content: string): ToolCall;
  /** The baton MCP server's write_handoff, as this harness offers it. */
  writeHandoff(args: Record<string, string>): ToolCall;
  /** The name under which the model is offered write_handoff. */
  writeHandoffOffered: string;
  args: string[];
  /** A shell command the harness itself refuses to run (its tool answers without running it). */
  refusedCommand?: string;
  /** The harness compresses its history once a reply reports this many prompt tokens (Gemini CLI). */
  compressesAt?: number;
}

export interface NoteFile {
  path: string;
  session: string;
  provenance: string;
  createdAt: string;
  title: string;
  text: string;
}

/** Every note on the board, oldest first. */
export function noteFiles(ws: Workspace): NoteFile[] {
  const root = join(ws.project, '.baton/notes');
  if (!existsSync(root)) return [];
  const out: NoteFile[] = [];
  for (const name of readdirSync(root, { recursive: true }).map(String)) {
    if (!name.endsWith('.md')) continue;
    const text = readFileSync(join(root, name), 'utf8');
    const field = (key: string) =>
      new RegExp(`^${key}: *(.*)$`, 'm').exec(text)?.[1]?.replace(/^"|"$/g, '') ?? '';
    out.push({
      path: join(root, name),
      session: field('session'),
      provenance: field('provenance'),
      createdAt: field('createdAt'),
      title: field('title'),
      text,
    });
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

const SIX = {
  goal: 'Keep the login test from flaking (curated e2e c7d).',
  done: 'Found the wall-clock read in the login test.',
  state: 'The fix is designed, not written.',
  decisions: 'Freeze time per test rather than globally.',
  pitfalls: 'none',
  next_steps: 'Write the fix and run the suite.',
};

export function describeDraftScenarios(profile: DraftProfile): void {
  const { harness, agent } = profile;
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  function wired(): Workspace {
    const ws = workspace(harness, server, { BATON_AGENT: agent });
    init(ws);
    return ws;
  }

  async function run(ws: Workspace, prompt: string, extra: string[] = []): Promise<HarnessRun> {
    const result = await runHarness(ws, prompt, { args: [...profile.args, ...extra] });
    expect(result.code, describeRun(result)).toBe(0);
    return result;
  }

  const turnsOf = (run: HarnessRun): Turn[] => run.requests.flatMap((r) => (r.turn ? [r.turn] : []));
  const count = (text: string, part: RegExp) => text.match(new RegExp(part.source, 'g'))?.length ?? 0;
  // What baton injects, in any wrapping a harness echoes it in (raw, HTML-escaped, inside Gemini's <hook_context>).
  const INJECTED = /baton-mail|baton-index|hook_context|&lt;|&gt;|asks you \(/;

  describe(`${harness}: raw handoff drafts`, () => {
    it('a run of three model requests leaves one raw draft, written at its end, holding the last reply; the index and the mail reach the model once and no draft', async () => {
      const ws = wired();
      batonJson(ws, ['card', 'new', 'Index card d41', '--as', 'alice']);
      send(ws, agent, 'alice', 'mail for the start: the code word is plover-2291');
      const refused = profile.refusedCommand ?? 'echo not-refused-e2e-5b1';
      const file = join(ws.project, 'src/drafted.ts');
      server.script((turn) => {
        const step = turn.toolResults.length;
        if (step === 0) return { toolCall: profile.shell(refused) };
        if (step === 1) return { toolCall: profile.write(file, 'export const drafted = 1;\n') };
        return { text: 'final reply e2e-9k2: the file is written, the removal was refused.' };
      });
      const result = await run(ws, 'draft-scenario: write src/drafted.ts');

      const turns = turnsOf(result);
      expect(turns.length, describeRun(result)).toBe(3);
      // The index and the mail reached the model, once: the last request (the whole history) holds each once.
      const last = turns.at(-1)!.text;
      expect(count(last, /baton-index board=/), describeRun(result)).toBe(1);
      expect(count(last, /plover-2291/)).toBe(1);

      const [session] = sessions(ws);
      const notes = noteFiles(ws).filter((note) => note.session === session!.id);
      expect(
        notes.map((note) => note.provenance),
        `${hookLog(ws)}\n${notes.map((n) => n.text).join('\n---\n')}`,
      ).toEqual(['raw']);
      const draft = notes[0]!;
      expect(draft.title).toBe('draft-scenario: write src/drafted.ts');
      expect(draft.text).toContain('final reply e2e-9k2');
      expect(draft.text, draft.text).not.toMatch(INJECTED);
      expect(draft.text).not.toContain('plover-2291');
      // The file is inside the session's folder, and listed so.
      expect(draft.text).toMatch(/`src\/drafted\.ts` — (written|created)/);
      expect(draft.text).not.toContain('Outside the session folder');
      const line = draft.text.split('\n').find((l) => l.includes(refused));
      expect(line, draft.text).toBeDefined();
      // A call the harness refused is not "ok".
      if (profile.refusedCommand) expect(line).toMatch(/— (failed|refused)/);
      else expect(line).toMatch(/— (ok|exit 0)$/);
      // One draft, at the end; none at a mere attempt to compress.
      expect(count(hookLog(ws), /raw handoff n-/), hookLog(ws)).toBe(1);
    });

    it('a curated write_handoff is the session’s newest note: no raw draft after it without a new turn', async () => {
      const ws = wired();
      let called = false;
      let waits = 0;
      server.script((turn) => {
        if (called) return { text: 'handoff written (e2e c7d)' };
        if (!turn.tools.includes(profile.writeHandoffOffered) && waits < 8) {
          waits++;
          return { toolCall: profile.shell('sleep 1') };
        }
        called = true;
        return { toolCall: profile.writeHandoff({ ...SIX, title: 'Curated e2e c7d' }) };
      });
      const result = await run(ws, 'curated-scenario: leave a handoff');

      const results = turnsOf(result).flatMap((turn) => turn.toolResults);
      expect(results.join('\n'), describeRun(result)).toMatch(/n-[0-9A-Z]+/);
      const [session] = sessions(ws);
      const notes = noteFiles(ws).filter((note) => note.session === session!.id);
      expect(
        notes.map((note) => `${note.provenance} ${note.title}`),
        hookLog(ws),
      ).toEqual(['curated Curated e2e c7d']);
      expect(hookLog(ws)).toMatch(/no raw handoff: .*curated/);
    });

    if (profile.compressesAt !== undefined) {
      const tokens = profile.compressesAt;
      it('a real compression makes one raw draft and marks the index due; the attempts before every request do not', async () => {
        const ws = wired();
        let calls = 0;
        server.script(() => {
          calls++;
          // The first answer reports a prompt past the threshold, and mail arrives: the stop pushes it, and the new
          // turn's first request compresses the history (it ends with the model's answer) before it goes out.
          if (calls === 1) {
            send(ws, agent, 'bob', 'mail mid-run e2e-m41: carry on');
            return { text: 'first answer e2e-f1r', promptTokens: tokens };
          }
          if (calls === 2) return { toolCall: profile.shell('echo after-compression-e2e') };
          return { text: 'final reply e2e-c0m: done after the compression.' };
        });
        const result = await run(ws, 'compress-scenario: work past the window');
        expect(turnsOf(result).length, describeRun(result)).toBe(3);
        const [session] = sessions(ws);
        const notes = noteFiles(ws).filter((note) => note.session === session!.id);
        const log = hookLog(ws);
        // Seen at the attempt after it (the compression happens once its PreCompress has returned).
        expect(log.match(/pre-compact \S+ raw handoff n-/g) ?? [], log).toHaveLength(1);
        expect(log.match(/session-end \S+ raw handoff n-/g) ?? [], log).toHaveLength(1);
        expect(notes.map((note) => note.provenance)).toEqual(['raw', 'raw']);
        expect(notes[0]!.text).toContain('first answer e2e-f1r');
        expect(notes[1]!.text).toContain('final reply e2e-c0m');
        for (const note of notes) expect(note.text).not.toMatch(INJECTED);
        // The index is due again for the session's next prompt.
        expect(existsSync(join(ws.project, '.baton/state/index-due', session!.id))).toBe(true);
      });
    }
  });
}
