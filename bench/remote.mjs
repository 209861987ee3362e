// Remote section of `npm run bench`: `baton send` over BATON_URL (to a `baton serve` on 127.0.0.1 with a token) against
// a local `baton send` on the same board, median of 11 runs each (each paired with `node -e 0`, see run.mjs). The
// ratio remote / local is informational: the issue asks for it printed, with no target.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const RUNS = 11;

function ms(value) {
  return `${value.toFixed(1)} ms`;
}

/** Starts `baton serve --port 0` on `board` and resolves with its port and a stop function. */
function startServe(ctx, board, token) {
  const env = { ...process.env, BATON_TOKEN: token };
  for (const key of Object.keys(env)) if (key.startsWith('BATON_') && key !== 'BATON_TOKEN') delete env[key];
  const child = spawn(process.execPath, [ctx.bin, 'serve', '--port', '0', '--board', board], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`baton serve printed no address within 15 s: ${stderr}`));
    }, 15_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const found = /listening on http:\/\/[^\s/]+:(\d+)\//.exec(stderr);
      if (!found) return;
      clearTimeout(timer);
      resolve({
        port: Number(found[1]),
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`baton serve exited (${code}) before listening: ${stderr}`));
    });
  });
}

export default async function remote(ctx) {
  const project = ctx.tmpdir();
  const board = join(project, '.baton');
  const baton = await import(pathToFileURL(join(ctx.dist, 'index.js')).href);
  baton.ensureBoard(baton.openBoard({ board, cwd: project, env: {}, home: project }));
  const token = randomBytes(32).toString('base64url');
  const server = await startServe(ctx, board, token);
  const empty = ctx.tmpdir();
  const args = ['send', '--as', 'alice', '--to', 'bob', '--body', 'bench message'];
  try {
    const local = ctx.timeCommand(args, {
      env: { BATON_DIR: board },
      cwd: project,
      runs: RUNS,
      paired: true,
    });
    const url = `http://127.0.0.1:${server.port}`;
    const over = ctx.timeCommand(args, {
      env: { BATON_URL: url, BATON_TOKEN: token, HOME: empty },
      cwd: empty,
      runs: RUNS,
      paired: true,
    });
    const row = (name, timing) => ({
      name,
      value: `${ms(timing.medianMs)} vs ${ms(timing.baselineMs)} (p95 ${timing.p95Ms.toFixed(0)}; min ratio ${timing.minRatio.toFixed(2)}×)`,
      ratio: timing.ratio,
      target: '',
      ok: null,
    });
    return [
      row('send, local (median of 11)', local),
      row('send over BATON_URL (median of 11)', over),
      {
        name: 'send over BATON_URL / local send',
        value: `${(over.medianMs / local.medianMs).toFixed(2)}× (${ms(over.medianMs)} / ${ms(local.medianMs)})`,
        target: '',
        ok: null,
      },
    ];
  } finally {
    await server.stop();
  }
}
