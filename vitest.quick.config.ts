// `npm run test:quick`: the developer's inner loop, under a minute on an idle two-core machine. It leaves out what
// takes the longest and proves the most exhaustive properties, and says so when it starts; `npm test` (and CI) runs
// every file. README.md (Development) lists the same.
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** What the quick run leaves out, and why. */
export const LEFT_OUT: [pattern: string, why: string][] = [
  ['test/**/*kill*.test.ts', '1,000 SIGKILLs of writers; sends and syncs killed mid-write'],
  ['test/cli/hostile-board.test.ts', 'a link at every level of the layout, met by every command'],
  [
    'test/package/**',
    'installs a fresh checkout (npm ci + build), type-checks consumers, regenerates docs/api',
  ],
  ['test/cli/process.test.ts', 'signals, closed pipes, endless stdin'],
  ['test/cli/which-board.test.ts', 'racing first sends on a new board'],
  ['test/core/sessions/touched.test.ts', 'eight concurrent writers'],
  ['test/cli/contract.test.ts', 'every flag, exit code and --json error of every command'],
  ['test/cli/continue.test.ts', 'continue end to end, with stand-in harnesses'],
  ['test/cli/card.test.ts', 'the card CLI end to end (the core card tests stay)'],
  ['test/web/browser/**', 'the web UI in headless Chromium, every view (the API tests of test/web stay)'],
  ['test/sync/**', 'git between several clones: machines, projects, attributes, large records'],
  ['test/cli/sync.test.ts', 'baton sync end to end, --watch and signals included (the core sync tests stay)'],
  [
    'test/harnesses/*/hooks.test.ts',
    "each harness's hooks through the built binary (the shared hook tests stay)",
  ],
  ['test/hooks/identity.test.ts', 'who a hook is, found through real process trees'],
  ['test/remote/**', 'the CLI and MCP over BATON_URL against a served board'],
  // The heaviest of the rest (each spawns the built binary tens of times): with them the quick run took 241 s of CPU.
  ['test/hooks/gate.test.ts', 'the hook gate script before every hook, each event and race'],
  [
    'test/hooks/{two-phase,stable-name,bad-input,subagent-stop-codex}.test.ts',
    'more hook runs of the built binary',
  ],
  ['test/cli/{result,pack}.test.ts', 'result notes and pack end to end (the core result tests stay)'],
  [
    'test/mcp/serve.test.ts',
    'baton serve over HTTP, started and stopped per test (MCP in process and over stdio stay)',
  ],
  ['test/core/redaction/pathological.test.ts', '65 adversarial inputs of 1 MB (the bench runs them too)'],
  [
    'test/cli/{handoff,handoff-draft,init-harness}.test.ts',
    'handoffs and init end to end through the built binary (the core handoff and wiring tests stay)',
  ],
  [
    'test/{core/contract/results,hooks/session-and-mail,hooks/subagent-stop-large}.test.ts',
    'the result contract, session and mail through every hook, 4 MiB result notes: the built binary run dozens of times',
  ],
  [
    'test/harnesses/{pi/wiring-extension,opencode/wiring-plugin}.test.ts',
    "pi's extension and opencode's plugin run for real against a stand-in baton",
  ],
  // Measured on an idle two-core machine the rest still took 91 s: the heaviest 26 files go too (48 s with them out).
  [
    'test/cli/{index,delivery,search,gc,demo,who-else,sessions,touch,init-agent-names,doctor-harness}.test.ts',
    'index, delivery, search, gc, demo, who-else, sessions, touch, init and doctor end to end through the built binary',
  ],
  [
    'test/cli/{handoff-generate,result-large}.test.ts',
    'handoffs drafted by a model server, 4 MiB results through the CLI',
  ],
  [
    'test/hooks/{tools-and-end,raw-handoff-rule,subagent-stop,gate-race,compaction-index,session-end-detached,delivery-receipt}.test.ts',
    "hook runs of the built binary across a session's life (tools, raw drafts, sub-agents, compaction, gate races)",
  ],
  ['test/core/redaction/generated.test.ts', '578 generated secrets of every rule (gitleaks.test.ts stays)'],
  [
    'test/mcp/{http,large-result}.test.ts',
    'MCP over HTTP, 4 MiB results over MCP (in process and over stdio stay)',
  ],
  ['test/web/large-note.test.ts', 'a note of megabytes through the web API (the other API tests stay)'],
  [
    'test/harnesses/{antigravity,copilot,grok,qwen}/wiring.test.ts',
    'init for four harnesses through the built binary (the other wiring tests stay)',
  ],
];

// Said before the run, so a green quick run is never taken for the whole suite.
if (process.env.VITEST_WORKER_ID === undefined && process.env.VITEST_POOL_ID === undefined) {
  process.stderr.write(
    `test:quick leaves out (npm test runs them):\n${LEFT_OUT.map(([pattern, why]) => `  ${pattern} — ${why}\n`).join('')}`,
  );
}

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, 'test/e2e/**', ...LEFT_OUT.map(([pattern]) => pattern)],
    },
  }),
);
