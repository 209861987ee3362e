// What the web sections of `npm run bench` share: `baton serve` on a board, headless Chromium, a median, and an
// environment without the bench's own BATON_* settings.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.BATON_CHROMIUM ?? '/usr/bin/chromium';

/** The environment without BATON_* variables: the measured server sees only its flags. */
export function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('BATON_')));
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Starts `baton serve --port 0` on `root` (in `cwd`); resolves with its url, pid and a stop function. */
export function serveBoard(bin, root, cwd = root) {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--board', root], {
    cwd,
    env: cleanEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`baton serve printed no address: ${stderr}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const port = /listening on http:\/\/[^\s/]+:(\d+)\//.exec(stderr)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${port}/`,
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`baton serve exited ${code}: ${stderr}`)));
  });
}

/** Headless Chromium (Debian's, or BATON_CHROMIUM); a clear error when there is none. */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM} — install it with \`apt-get install -y chromium\` (or set BATON_CHROMIUM)`,
    );
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
