// Browser test helpers: Chromium through playwright-core, `baton serve` on a free port, a page's console, errors and
// dialogs, screenshots under test-results/.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { track } from './processes.js';
import { cleanEnv, type RunResult } from './testdir.js';
import { waitFor } from './wait.js';

// Servers and browser contexts opened by a test are closed after it (before testdir removes its folders: vitest runs
// after-hooks last-registered first, and testdir.ts registered its own on import, before this one).
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

export const CHROMIUM = process.env.BATON_CHROMIUM ?? '/usr/bin/chromium';
const ROOT = resolve(import.meta.dirname, '../..');
export const RESULTS = join(ROOT, 'test-results');

// Others rebuild dist/ (rm, then write) while tests run, and the server finds the page's files when it starts: each
// test file (or worker) runs its own copy of bin/ and dist/, taken once and checked whole (every relative import
// resolves, the page is there). It sits inside the checkout so bare imports still resolve from its node_modules.
let build: string | undefined;
afterAll(removeBuild);

function removeBuild() {
  if (build) rmSync(build, { recursive: true, force: true });
  build = undefined;
}

/** bin/baton.js of this test file's copy of the build. */
export async function batonBin(): Promise<string> {
  if (build) return join(build, 'bin', 'baton.js');
  const dir = join(ROOT, '.cache', `browser-build-${process.pid}-${Date.now().toString(36)}`);
  for (let attempt = 1; ; attempt++) {
    rmSync(dir, { recursive: true, force: true });
    let problem: string | undefined;
    try {
      cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
      cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
      problem = buildProblem(join(dir, 'dist'));
    } catch (error) {
      problem = String(error);
    }
    if (problem === undefined) break;
    if (attempt >= 20) throw new Error(`dist/ stays incomplete (${problem}) — run \`npm run build\``);
    await new Promise((done) => setTimeout(done, 500));
  }
  build = dir;
  // Also when the worker ends: a worker that keeps this module for its next file registers no second afterAll.
  process.once('exit', removeBuild);
  return join(dir, 'bin', 'baton.js');
}

function buildProblem(dist: string): string | undefined {
  for (const file of ['cli.js', 'index.js', 'web/index.html', 'web/app.js', 'web/style.css']) {
    if (!existsSync(join(dist, file))) return `no dist/${file}`;
  }
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : entry.name.endsWith('.js')
          ? [join(dir, entry.name)]
          : [],
    );
  for (const file of walk(dist)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /(?:from\s*|import\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g,
    )) {
      if (!existsSync(join(dirname(file), match[1]!))) return `${file} imports ${match[1]}`;
    }
  }
  return undefined;
}

/** Launches headless Chromium; a missing browser is an error that says how to install it, never a skip. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM} — install it with \`apt-get install -y chromium\`, or point BATON_CHROMIUM at one`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface RunningServe {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  pid: number;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** SIGTERM, then waits for the process to exit (SIGKILL after 5 s). */
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** `--as <name>`. */
  as?: string;
  /** More flags (`--host 0.0.0.0 --token-file f`). */
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

// Others rebuild dist/ (rm, then write) while tests run: a start that fails on a missing dist file is tried again.
const MISSING_BUILD = /Cannot find module|ERR_MODULE_NOT_FOUND/;

/** Starts `baton serve --port 0 --board <board>` and waits for the address it prints on stderr. */
export async function startServe(board: string, options: ServeOptions = {}): Promise<RunningServe> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(board, options);
    } catch (error) {
      if (attempt >= 10 || !MISSING_BUILD.test(String(error))) throw error;
      await new Promise((done) => setTimeout(done, 500));
    }
  }
}

async function startOnce(board: string, options: ServeOptions): Promise<RunningServe> {
  const args = [await batonBin(), 'serve', '--port', '0', '--board', board, ...(options.args ?? [])];
  if (options.as) args.push('--as', options.as);
  const child = track(
    spawn(process.execPath, args, {
      cwd: options.cwd ?? board,
      env: cleanEnv(options.env),
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  return new Promise((done, fail) => {
    // A hang guard for a loaded machine, not a speed target.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`baton serve printed no address within 90 s; stderr:\n${stderr}`));
    }, 90_000);
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const found =
        /listening on http:\/\/[^\s/]+:(\d+)\//.exec(stderr) ??
        /web UI: http:\/\/[^\s/]+:(\d+)\//.exec(stderr);
      if (!found) return;
      clearTimeout(timer);
      const port = Number(found[1]);
      cleanups.push(() => stopChild(child));
      done({
        url: `http://127.0.0.1:${port}/`,
        port,
        pid: child.pid ?? 0,
        stderr: () => stderr,
        stop: () => stopChild(child),
      });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`baton serve exited (${signal ?? code}) before listening; stderr:\n${stderr}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface PageWatch {
  /** `type: text` of every console message (any level). */
  console: string[];
  /** Uncaught exceptions in the page. */
  errors: string[];
  /** `type: message` of every alert/confirm/prompt/beforeunload (each is dismissed). */
  dialogs: string[];
  /** Main-frame navigations after the first load. */
  navigations: string[];
}

// The page's requests still unanswered (its event stream left out: that one stays open for the page's life).
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame())
      for (const request of open) if (request.frame() !== frame) open.delete(request);
  });
}

/**
 * Waits until the page has drawn what it asked the server for: no request of its own unanswered, then two animation
 * frames, and still none (a render that asked for more is waited for too). A condition, not a quiet period.
 */
export async function settled(page: Page): Promise<void> {
  trackRequests(page);
  const open = inFlight.get(page)!;
  for (;;) {
    await waitFor('the page’s requests to be answered', () => open.size === 0);
    await page.evaluate(
      'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))',
    );
    if (open.size === 0) return;
  }
}

/** Records what `page` says on its console, throws and asks in dialogs from now on. */
export function watchPage(page: Page): PageWatch {
  trackRequests(page);
  const watch: PageWatch = { console: [], errors: [], dialogs: [], navigations: [] };
  page.on('console', (message) => watch.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => watch.errors.push(String(error)));
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) watch.navigations.push(frame.url());
  });
  return watch;
}

/** A full-page screenshot at `test-results/<name>.png`; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS, { recursive: true });
  const path = join(RESULTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The token the page sends with its writes (`<meta name="baton-token">`), read from the served HTML. */
export async function pageToken(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const token = /<meta\s+name="baton-token"\s+content="([^"]*)"/.exec(html)?.[1];
  if (!token) throw new Error(`no <meta name="baton-token"> in the page at ${url}:\n${html.slice(0, 400)}`);
  return token;
}

export interface OpenedPage {
  page: Page;
  watch: PageWatch;
}

/**
 * A page in a fresh browser context (its own storage: no theme or language carried over from another test), watched
 * from before its first load, at `url` once loaded. Closed after the test.
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  cleanups.push(() => context.close());
  // Shorter than a test's hang guard: a missing element fails with Playwright's own message (what it waited for).
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(url);
  return { page, watch };
}

/** Everything the page said or did that a clean page never does: console messages, uncaught errors, dialogs. */
export function noise(watch: PageWatch): string[] {
  return [
    ...watch.console,
    ...watch.errors.map((e) => `pageerror: ${e}`),
    ...watch.dialogs.map((d) => `dialog ${d}`),
  ];
}

/** The page's background colour: the first of the app root, body and html that paints one. */
export function pageBackground(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    for (const el of [document.querySelector('#app, #root, main'), document.body, document.documentElement]) {
      if (!el) continue;
      const colour = getComputedStyle(el).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'transparent';
  })()`);
}

/**
 * Runs `baton <args>` in the background (the test's event loop keeps serving the browser meanwhile) and resolves with
 * its result; a run that failed on a dist/ file missing mid-rebuild is run again.
 */
export async function runBaton(args: string[], cwd: string): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    const child = track(spawn(process.execPath, [await batonBin(), ...args], { cwd, env: cleanEnv() }));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((done) => child.once('close', done));
    if (code !== 0 && MISSING_BUILD.test(stderr) && attempt < 10) {
      await new Promise((done) => setTimeout(done, 500));
      continue;
    }
    return { code, stdout, stderr };
  }
}

/** The element's text as a person sees it (layout-aware: hidden parts left out, block breaks as new lines). */
export function shown(target: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright Locator; the rendered text is what is checked
  return target.innerText();
}

/** Opens the note detail's collapsed metadata (`<details data-testid="metadata">`), so a check reads its text too. */
export async function openMetadata(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    for (const box of document.querySelectorAll('details[data-testid="metadata"]')) box.open = true;
  })()`);
}
