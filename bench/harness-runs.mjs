// Harness runs section of `npm run bench` (issue 24): what wiring baton adds to a real harness CLI's headless run.
// For each harness CLI installed by `node scripts/install-harnesses.mjs` (as `npm run test:e2e` does), the same
// one-tool-call prompt against the end-to-end tests' scripted model server on 127.0.0.1, run plain (no baton) and
// wired (`baton init --harness <h>` in the project), each in its own fresh workspace: one unmeasured run of each,
// then RUNS of each, plain and wired alternating (the order flipped each time, so both see the same machine load).
// The medians' difference is what wiring adds: goal ≤ 150 ms. A third workspace, wired the same way but with every
// hook a no-op (`cat >/dev/null`) and the MCP server one that lists no tools (both POSIX sh, no node), measures what the
// harness itself spends on running hooks and an MCP server at all, whoever wrote them: the floor under the goal
// (Claude Code, medians of 11: ~140 ms for the four hooks of a one-prompt run, ~135 ms for one MCP server — at exit it
// sends the server SIGINT and checks every 50 ms whether it is gone). Baton's own share is wired minus that floor. Then one more wired run where mail arrives mid-run
// (sent while the model answers the first request): it must reach the model before the run ends — the hook gate
// must never answer "nothing to do" over waiting mail.
//
// A harness not installed gets an informational row. BENCH_HARNESSES=claude,codex picks harnesses;
// BENCH_HARNESS_SECONDS (default 300) bounds the section: a harness whose projected runs no longer fit is skipped,
// saying so.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eHelpers } from './e2e-helpers.mjs';

const RUNS = 5;
const ADDED_TARGET_MS = 150;
// The quickest first (on a busy 2-core box: Codex ~1.5 s a run, Claude Code ~3, pi and Copilot ~5, Gemini CLI ~10,
// Qwen Code and opencode ~15), so the time budget covers as many as it can.
const HARNESSES = ['codex', 'claude', 'pi', 'copilot', 'gemini', 'qwen', 'opencode'];
/** Harnesses whose mail reaches the model at a stop hook (the others push it from a plugin or extension). */
const STOP_HOOKED = new Set(['claude', 'codex', 'gemini', 'copilot', 'qwen']);
const OUTPUT = 'bench-output-5d2e';
const MAIL = 'mid-run mail 9b4c: please rebase';

/** Each harness's shell tool running `command` (as test/e2e's profiles call it), and the flags it needs headless. */
const PROFILES = {
  claude: {
    shell: (command) => ({ name: 'Bash', args: { command, description: 'run it' } }),
    args: ['--allowedTools', 'Bash'],
  },
  codex: {
    shell: (command) => ({ name: 'exec_command', args: { cmd: command } }),
    args: ['--sandbox', 'danger-full-access'],
  },
  gemini: {
    shell: (command) => ({ name: 'run_shell_command', args: { command, description: 'run it' } }),
    args: [],
  },
  opencode: { shell: (command) => ({ name: 'bash', args: { command, description: 'run it' } }), args: [] },
  pi: { shell: (command) => ({ name: 'bash', args: { command } }), args: [] },
  copilot: { shell: (command) => ({ name: 'bash', args: { command, description: 'run it' } }), args: [] },
  qwen: {
    shell: (command) => ({ name: 'run_shell_command', args: { command, description: 'run it' } }),
    args: [],
  },
};

// Loaded into every node process of a traced run (NODE_OPTIONS): a line when it starts and one when it exits, so the
// row can say which baton processes a wired run started (the gate's quiet answers start none) and how long each lived.
const TRACER = `const fs = require('fs');
const file = process.env.BENCH_TRACE_FILE;
const line = (what) => { try { fs.appendFileSync(file, JSON.stringify({ pid: process.pid, what, at: performance.timeOrigin + performance.now(), argv: process.argv.slice(1) }) + '\\n'); } catch {} };
line('start');
process.on('exit', () => line('exit'));
`;

/** "hook session-start 310 ms, mcp (killed)": the baton processes of a traced run, in start order. */
function tracedProcesses(file) {
  if (!existsSync(file)) return 'none';
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text));
  const starts = lines.filter((l) => l.what === 'start' && l.argv.some((a) => a.endsWith('baton.js')));
  if (starts.length === 0) return 'none';
  return starts
    .map((start) => {
      const args = start.argv.slice(start.argv.findIndex((a) => a.endsWith('baton.js')) + 1);
      const label = args[0] === 'hook' ? `hook ${args[1]}` : args.join(' ');
      const exit = lines.find((l) => l.what === 'exit' && l.pid === start.pid);
      return `${label} ${exit ? `${(exit.at - start.at).toFixed(0)} ms` : '(killed)'}`;
    })
    .join(', ');
}

// The floor's hook: it drains its input and says nothing.
const NOOP_HOOK = '#!/bin/sh\ncat >/dev/null\nexit 0\n';
// The floor's MCP server: it answers the handshake (the client's id, number or string) with no tools, prompts or
// resources, and any other request with an empty result.
const EMPTY_MCP = `#!/bin/sh
while IFS= read -r line; do
  id=$(printf '%s\\n' "$line" | sed -E -n 's/.*"id":("[^"]*"|[0-9]+).*/\\1/p')
  [ -n "$id" ] || continue
  case $line in
    *'"method":"initialize"'*) result='{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"floor","version":"1"}}' ;;
    *'"method":"tools/list"'*) result='{"tools":[]}' ;;
    *) result='{}' ;;
  esac
  printf '{"jsonrpc":"2.0","id":%s,"result":%s}\\n' "$id" "$result"
done
`;

/**
 * The floor's wiring: in every file `baton init` wrote in the project, the hook gate and the MCP front become the
 * no-op hook and the empty server (the arguments after them are left and ignored). Returns how many files changed.
 */
function floorWiring(ctx, ws) {
  const noop = join(ws.root, 'noop-hook.sh');
  const empty = join(ws.root, 'empty-mcp.sh');
  writeFileSync(noop, NOOP_HOOK);
  writeFileSync(empty, EMPTY_MCP);
  const swaps = [
    [join(ctx.dist, 'hook-gate.sh'), noop],
    [join(ctx.dist, 'mcp-front.sh'), empty],
  ];
  let changed = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      if (entry === '.baton' || entry === '.git' || entry === 'node_modules') continue;
      const path = join(dir, entry);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile() && stat.size < 1024 * 1024) {
        const text = readFileSync(path, 'utf8');
        const swapped = swaps.reduce((out, [from, to]) => out.replaceAll(from, to), text);
        if (swapped !== text) {
          writeFileSync(path, swapped);
          changed++;
        }
      }
    }
  };
  walk(ws.project);
  return changed;
}

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('BATON_')) env[key] = value;
  return { ...env, ...extra };
}

export default async function harnessRuns(ctx) {
  const h = await e2eHelpers(ctx);
  const picked = process.env.BENCH_HARNESSES
    ? process.env.BENCH_HARNESSES.split(',').map((name) => name.trim())
    : HARNESSES;
  const budgetS = Number(process.env.BENCH_HARNESS_SECONDS || 300);
  const installed = picked.filter((name) => PROFILES[name] && existsSync(h.harnessBin(name)));
  const rows = [];
  for (const name of picked.filter((name) => !installed.includes(name))) {
    rows.push({
      name: `${name}: wired vs plain headless run`,
      value: PROFILES[name] ? 'not installed (node scripts/install-harnesses.mjs)' : 'unknown harness',
      target: `≤ ${ADDED_TARGET_MS} ms added`,
      ok: null,
    });
  }
  if (installed.length === 0) return rows;

  const server = await h.startModelServer();
  const started = performance.now();
  const made = [];
  try {
    for (const name of installed) {
      const profile = PROFILES[name];
      const agent = `bench-${name}`;
      // One shell call, then a closing answer; requests without tools (titles, routing) get a plain text.
      let onFirst;
      server.script((turn) => {
        if (turn.tools.length === 0) return { text: 'A title' };
        if (turn.toolResults.length === 0) {
          onFirst?.();
          onFirst = undefined;
          return { toolCall: profile.shell(`echo ${OUTPUT}`) };
        }
        return { text: 'done' };
      });
      const fresh = (wired, floor = false) => {
        const ws = h.workspace(name, server, { BATON_AGENT: agent });
        made.push(ws.root);
        if (wired) {
          const init = spawnSync(process.execPath, [ctx.bin, 'init', '--harness', name], {
            cwd: ws.project,
            env: cleanEnv({ HOME: ws.home, PWD: ws.project }),
            encoding: 'utf8',
          });
          if (init.status !== 0)
            throw new Error(`baton init --harness ${name} failed: ${init.stderr}${init.stdout}`);
          if (floor && floorWiring(ctx, ws) === 0) return undefined;
        }
        return ws;
      };
      const once = async (ws, env = {}) => {
        const run = await h.runHarness(ws, 'Run the command, then say done.', {
          args: profile.args,
          timeoutMs: 180_000,
          env,
        });
        const sawOutput = run.requests.some((r) => r.turn?.toolResults.some((t) => t.includes(OUTPUT)));
        if (run.code !== 0 || !sawOutput)
          throw new Error(`${name} run did not complete its tool call: ${h.describeRun(run).slice(0, 1500)}`);
        return run.seconds * 1000;
      };

      const budgetRow = (more) => ({
        name: `${name}: wired vs plain headless run`,
        value: `skipped: ${more} the section's ${budgetS} s (BENCH_HARNESS_SECONDS; BENCH_HARNESSES=${name} runs it alone)`,
        target: `≤ ${ADDED_TARGET_MS} ms added`,
        ok: null,
      });
      if ((performance.now() - started) / 1000 >= budgetS) {
        rows.push(budgetRow('past'));
        continue;
      }
      try {
        const plain = fresh(false);
        const wired = fresh(true);
        // Harnesses wired without hook commands or an MCP server command (plugins, extensions) have no floor run.
        const floor = fresh(true, true);
        const warm = performance.now();
        await once(plain);
        if (floor) await once(floor);
        // The unmeasured wired run is traced.
        const trace = join(wired.root, 'trace.jsonl');
        const tracer = join(wired.root, 'tracer.cjs');
        writeFileSync(tracer, TRACER);
        await once(wired, { NODE_OPTIONS: `--require ${tracer}`, BENCH_TRACE_FILE: trace });
        const traced = tracedProcesses(trace);
        const pairMs = performance.now() - warm;
        const elapsedS = (performance.now() - started) / 1000;
        const projectedS = (pairMs * (RUNS + 1) * (floor ? 1.5 : 1)) / 1000;
        if (elapsedS + projectedS > budgetS) {
          rows.push(budgetRow(`~${projectedS.toFixed(0)} s more would pass`));
          continue;
        }
        const plainMs = [];
        const wiredMs = [];
        const floorMs = [];
        const turns = [[plain, plainMs], [wired, wiredMs], ...(floor ? [[floor, floorMs]] : [])];
        for (let i = 0; i < RUNS; i++) {
          // The order reversed every other time, so each sees the same machine load.
          for (const [ws, list] of i % 2 === 0 ? turns : [...turns].reverse()) list.push(await once(ws));
        }
        const sessions = join(wired.project, '.baton', 'sessions');
        const recorded = existsSync(sessions)
          ? readdirSync(sessions).filter((file) => file.endsWith('.json')).length
          : 0;
        // Every wired run registers its session: none means the wiring did not run, and the comparison is void.
        if (recorded < RUNS + 1)
          throw new Error(
            `${name}: ${recorded} sessions recorded for ${RUNS + 1} wired runs (wiring not run?)`,
          );
        const added = median(wiredMs) - median(plainMs);
        const spread = (list) => `${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)}`;
        rows.push({
          name: `${name}: wired vs plain headless run, one tool call (median of ${RUNS})`,
          value: `${added >= 0 ? '+' : ''}${added.toFixed(0)} ms (wired ${median(wiredMs).toFixed(0)} ms [${spread(wiredMs)}], plain ${median(plainMs).toFixed(0)} ms [${spread(plainMs)}])`,
          target: `≤ ${ADDED_TARGET_MS} ms added`,
          ok: added <= ADDED_TARGET_MS,
        });
        if (floor) {
          const floorAdded = median(floorMs) - median(plainMs);
          rows.push({
            name: `${name}: the same wiring doing nothing (no-op hooks, an MCP server with no tools) vs plain: the harness's own cost`,
            value: `${floorAdded >= 0 ? '+' : ''}${floorAdded.toFixed(0)} ms (${median(floorMs).toFixed(0)} ms [${spread(floorMs)}])`,
            target: 'info',
            ok: null,
          });
          const share = median(wiredMs) - median(floorMs);
          rows.push({
            name: `${name}: baton's own share (wired vs that no-op wiring)`,
            value: `${share >= 0 ? '+' : ''}${share.toFixed(0)} ms`,
            target: 'info',
            ok: null,
          });
        }
        rows.push({
          name: `${name}: baton's node processes in one wired run (those given the harness's environment)`,
          value: traced,
          target: 'info',
          ok: null,
        });

        // Mail that arrives while the model answers the first request: after the session start and the prompt's
        // hooks, before the tool's and the stop's.
        onFirst = () => {
          const sent = spawnSync(
            process.execPath,
            [ctx.bin, 'send', '--to', agent, '--as', 'alice', '--body', MAIL],
            { cwd: wired.project, env: cleanEnv({ HOME: wired.home }), encoding: 'utf8' },
          );
          if (sent.status !== 0) throw new Error(`baton send failed: ${sent.stderr}`);
        };
        const run = await h.runHarness(wired, 'Run the command, then say done.', {
          args: profile.args,
          timeoutMs: 180_000,
        });
        const reached = run.requests.some((r) => r.raw.includes('9b4c'));
        rows.push({
          name: `${name}: mail sent mid-run reached the model before the run ended (wired)`,
          value: reached ? 'yes' : `no (${h.describeRun(run).split('\n')[0]})`,
          target: STOP_HOOKED.has(name) ? 'yes' : 'info (no stop hook)',
          ok: STOP_HOOKED.has(name) ? reached : null,
        });
      } catch (error) {
        rows.push({
          name: `${name}: wired vs plain headless run`,
          value: `failed: ${String(error?.message ?? error)
            .split('\n')[0]
            .slice(0, 300)}`,
          target: `≤ ${ADDED_TARGET_MS} ms added`,
          ok: false,
        });
        ctx.log(`harness-runs: ${name}: ${error?.stack ?? error}`);
      }
      ctx.log(`harness-runs: ${name} done at ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await server.close();
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
