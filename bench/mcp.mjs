// MCP section of `npm run bench`: tools/list size per profile (SPEC §7: ≤ 500 characters of JSON per tool on
// average), the handshake a harness waits for (through the MCP front and without), stdio round-trip of dm_inbox
// over a spawned `baton mcp`, and 20 concurrent HTTP clients against a spawned `baton serve` (0 errors, 0 lost
// messages).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir as osTmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const ROUND_TRIPS = 200;
const HANDSHAKES = 15;
const PROFILES = ['default', 'full', 'messaging', 'cards', 'notes'];
const TOOLS_LIST_BUDGET = 500;
const HTTP_CLIENTS = 20;
const CALLS_PER_CLIENT = 200;

function cleanEnv(extra) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('BATON_')) env[key] = value;
  return { ...env, ...extra };
}

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

async function stdioClient(ctx, dir, args = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ctx.bin, 'mcp', '--as', 'alice', ...args],
    cwd: dir,
    env: cleanEnv({ BATON_DIR: join(dir, '.baton') }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'baton-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

// The whole `tools` array as a client receives it, per profile: what every conversation pays up front.
async function toolsListSection(ctx, rows) {
  const dir = ctx.tmpdir();
  for (const profile of PROFILES) {
    const client = await stdioClient(ctx, dir, ['--tools', profile]);
    try {
      const { tools } = await client.listTools();
      const size = JSON.stringify(tools).length;
      const perTool = Math.round(size / tools.length);
      rows.push({
        name: `tools/list --tools ${profile}: JSON chars per tool`,
        value: `${perTool} (${tools.length} tools, ${size} chars)`,
        target: `≤ ${TOOLS_LIST_BUDGET}`,
        ok: perTool <= TOOLS_LIST_BUDGET,
      });
    } finally {
      await client.close();
    }
  }
}

/**
 * What a harness waits for before its first model request: from spawning the server to the tool list answered —
 * through the MCP front as `baton init` wires it (dist/mcp-front.sh: no node), and `baton mcp` itself. Median of
 * HANDSHAKES, each a fresh process, alternating; the ratio against `node -e 0`.
 */
async function handshakeSection(ctx, rows) {
  const dir = ctx.tmpdir();
  const front = join(ctx.dist, 'mcp-front.sh');
  const ways = {
    front: { command: '/bin/sh', args: [front, process.execPath, ctx.bin, 'mcp'] },
    node: { command: process.execPath, args: [ctx.bin, 'mcp'] },
  };
  const times = { front: [], node: [] };
  for (let i = 0; i < HANDSHAKES + 2; i++) {
    for (const way of i % 2 ? ['front', 'node'] : ['node', 'front']) {
      const started = performance.now();
      const transport = new StdioClientTransport({
        ...ways[way],
        cwd: dir,
        env: cleanEnv({ BATON_DIR: join(dir, '.baton') }),
        stderr: 'pipe',
      });
      const client = new Client({ name: 'baton-bench', version: '1.0.0' });
      await client.connect(transport);
      const { tools } = await client.listTools();
      const elapsed = performance.now() - started;
      if (tools.length === 0) throw new Error(`${way}: no tools listed`);
      await client.close();
      if (i >= 2) times[way].push(elapsed);
    }
  }
  for (const [way, name, target] of [
    ['front', 'MCP handshake through the front (as init wires it): spawn → tools listed', 0.3],
    ['node', 'MCP handshake of `baton mcp` itself: spawn → tools listed', undefined],
  ]) {
    const median = percentile(
      [...times[way]].sort((a, b) => a - b),
      0.5,
    );
    const ratio = median / ctx.baselineMs;
    rows.push({
      name: `${name} (median of ${HANDSHAKES})`,
      value: `${median.toFixed(1)} ms`,
      ratio,
      target: target === undefined ? 'info' : `≤ ${target}×`,
      ok: target === undefined ? null : ratio <= target,
    });
  }
}

async function stdioSection(ctx, rows) {
  const dir = ctx.tmpdir();
  const client = await stdioClient(ctx, dir);
  try {
    for (let i = 0; i < 20; i++)
      await client.callTool({ name: 'dm_send', arguments: { to: 'alice', body: `m${i}` } });
    const times = [];
    for (let i = 0; i < ROUND_TRIPS + 10; i++) {
      const started = performance.now();
      const result = await client.callTool({ name: 'dm_inbox', arguments: {} });
      if (result.isError) throw new Error(`dm_inbox failed: ${JSON.stringify(result.content)}`);
      if (i >= 10) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    rows.push({
      name: `stdio dm_inbox round-trip (20 msgs, ${ROUND_TRIPS} calls)`,
      value: `median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
      target: '',
      ok: null,
    });
  } finally {
    await client.close();
  }
}

async function startServe(ctx, dir) {
  const child = spawn(process.execPath, [ctx.bin, 'serve', '--port', '0'], {
    cwd: dir,
    env: cleanEnv({ BATON_DIR: join(dir, '.baton') }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const port = await new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on http:\/\/\S+:(\d+)\/mcp/.exec(stderr);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`baton serve exited ${code}: ${stderr}`)));
  });
  return { child, url: new URL(`http://127.0.0.1:${port}/mcp`) };
}

async function httpSection(ctx, rows) {
  const dir = ctx.tmpdir();
  const { child, url } = await startServe(ctx, dir);
  const names = Array.from({ length: HTTP_CLIENTS }, (_, i) => `agent${i}`);
  let errors = 0;
  let sent = 0;
  let calls = 0;
  const firstErrors = [];
  try {
    const clients = await Promise.all(
      names.map(async (name) => {
        const client = new Client({ name: `bench-${name}`, version: '1.0.0' });
        await client.connect(
          new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'X-Baton-Agent': name } } }),
        );
        return client;
      }),
    );
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, i) => {
        for (let n = 0; n < CALLS_PER_CLIENT; n++) {
          const send = n % 2 === 0;
          const args = send ? { to: names[(i + n) % HTTP_CLIENTS], body: `${i}/${n}` } : { limit: 5 };
          try {
            const result = await client.callTool({ name: send ? 'dm_send' : 'dm_inbox', arguments: args });
            calls++;
            if (result.isError) throw new Error(result.content?.[0]?.text);
            if (send) sent += (result.content?.[0]?.text ?? '').match(/^sent m-/gm)?.length ?? 0;
          } catch (error) {
            errors++;
            if (firstErrors.length < 3) firstErrors.push(String(error?.message ?? error));
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(clients.map((client) => client.close()));
    const onDisk = countMessages(join(dir, '.baton', 'messages'));
    const total = HTTP_CLIENTS * CALLS_PER_CLIENT;
    rows.push({
      name: `HTTP ${HTTP_CLIENTS} clients × ${CALLS_PER_CLIENT} calls: errors`,
      value: errors ? `${errors} (${firstErrors.join(' | ')})` : '0',
      target: '0',
      ok: errors === 0,
    });
    rows.push({
      name: 'HTTP lost messages (sent − on disk)',
      value: `${sent - onDisk} (${onDisk} on disk)`,
      target: '0',
      ok: sent === onDisk && sent === total / 2,
    });
    rows.push({
      name: 'HTTP throughput',
      value: `${Math.round(calls / seconds)} calls/s (${total} calls in ${seconds.toFixed(1)} s)`,
      target: '',
      ok: null,
    });
  } finally {
    child.kill('SIGTERM');
  }
}

function countMessages(root) {
  let count = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (/^m-[0-9A-Z]+\.md$/.test(entry.name)) count++;
    }
  };
  walk(root);
  return count;
}

/** The MCP rows for bench/run.mjs. ctx: { tmpdir(): string, bin: absolute path to bin/baton.js }. */
export default async function mcpBench(ctx) {
  const rows = [];
  await toolsListSection(ctx, rows);
  await handshakeSection(ctx, rows);
  await stdioSection(ctx, rows);
  await httpSection(ctx, rows);
  return rows;
}

// `node bench/mcp.mjs` runs this section alone against the repository's build.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const scratch = mkdtempSync(join(osTmpdir(), 'baton-bench-mcp-'));
  let made = 0;
  const bin = join(dirname(dirname(fileURLToPath(import.meta.url))), 'bin', 'baton.js');
  try {
    const started = performance.now();
    const rows = await mcpBench({ bin, tmpdir: () => mkdtempSync(join(scratch, `${++made}-`)) });
    for (const row of rows) process.stdout.write(`${row.name}: ${row.value} (target ${row.target || '-'})\n`);
    process.stdout.write(`took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
