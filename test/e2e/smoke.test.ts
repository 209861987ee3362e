// Each harness CLI starts headless and offline, reaches the scripted model server, and prints the scripted reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRun, type HarnessName, runHarness, workspace } from './harnesses.js';
import { type ModelServer, startModelServer } from './model-server.js';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());

const cases: { harness: HarnessName; wire: string; args?: string[] }[] = [
  { harness: 'claude', wire: 'anthropic' },
  { harness: 'codex', wire: 'responses' },
  { harness: 'gemini', wire: 'gemini' },
  { harness: 'opencode', wire: 'chat' },
  { harness: 'pi', wire: 'chat' },
];

describe.each(cases)('$harness', ({ harness, wire, args }) => {
  it('prints the scripted reply to its prompt', async () => {
    const reply = `scripted reply for ${harness} 7f3a`;
    server.script((turn) => ({
      text: turn.lastUserText.includes('say the word') ? reply : 'unexpected prompt',
    }));
    const ws = workspace(harness, server);
    const run = await runHarness(ws, 'say the word', { args: args ?? [] });
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.stdout, describeRun(run)).toContain(reply);
    const turns = run.requests.flatMap((r) => (r.turn ? [r.turn] : []));
    expect(turns.length).toBeGreaterThan(0);
    expect(turns.every((t) => t.wire === wire)).toBe(true);
    expect(turns.some((t) => t.lastUserText.includes('say the word'))).toBe(true);
  });
});
