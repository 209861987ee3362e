// Runners for the real harness CLIs: each run gets a fresh HOME and project folder, the provider configuration that
// points the CLI at the scripted model server (test/e2e/model-server.ts), and runs headless with a timeout. The CLIs
// are installed by scripts/install-harnesses.mjs at the versions in harness-versions.json.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { stringify as toToml } from 'smol-toml';
import { afterEach } from 'vitest';
import { spawnTracked } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait.js';
import pins from './harness-versions.json' with { type: 'json' };
import type { ModelServer, RecordedRequest } from './model-server.js';

export type HarnessName = keyof typeof pins;

const REPO = resolve(import.meta.dirname, '../..');
export const BATON_BIN = join(REPO, 'bin/baton.js');
const CACHE = resolve(process.env.BATON_HARNESS_CACHE || join(REPO, '.cache/harnesses'));

/** Where scripts/install-harnesses.mjs put `name`'s binary (the same folder naming). */
export function harnessBin(name: HarnessName): string {
  const pin = pins[name];
  const folder = `${pin.package.replace(/^@/, '').replace('/', '+')}@${pin.version}`;
  return join(CACHE, folder, 'node_modules/.bin', pin.bin);
}

/** The model name each provider configuration declares. */
export const MODEL = {
  claude: 'claude-sonnet-4-5',
  codex: 'scripted-model',
  gemini: 'gemini-2.5-flash',
  opencode: 'scripted-model',
  pi: 'scripted-model',
  copilot: 'scripted-model',
  qwen: 'scripted-model',
} as const;

export interface Workspace {
  harness: HarnessName;
  /** The temp folder holding home/ and project/ (removed after the test). */
  root: string;
  home: string;
  project: string;
  /** The harness's own config folder (Codex: CODEX_HOME; Claude/Gemini: the project's .claude / .gemini). */
  configDir: string;
  server: ModelServer;
  /** Extra environment for every run in this workspace (e.g. BATON_AGENT). */
  env: Record<string, string>;
}

export interface HarnessRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** The model server's requests made during this run. */
  requests: RecordedRequest[];
  /** stdout parsed as JSON when it is JSON (Claude and Gemini with --output-format json), else undefined. */
  json?: Record<string, unknown>;
  seconds: number;
}

const made: string[] = [];
afterEach(() => {
  if (process.env.BATON_E2E_KEEP) return;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Codex's config.toml: the scripted provider, plus whatever `extra` adds (e.g. `mcp_servers`). */
export function codexConfig(ws: Workspace, extra: Record<string, unknown> = {}): void {
  const config = {
    model: MODEL.codex,
    model_provider: 'scripted',
    model_providers: {
      scripted: {
        name: 'scripted',
        base_url: `${ws.server.url}/v1`,
        env_key: 'SCRIPTED_API_KEY',
        wire_api: 'responses',
        request_max_retries: 0,
        stream_max_retries: 0,
      },
    },
    ...extra,
  };
  mkdirSync(ws.configDir, { recursive: true });
  writeFileSync(join(ws.configDir, 'config.toml'), toToml(config));
}

/**
 * opencode installs its plugin SDK (npm) into each config folder it loads plugins from, on its first start there:
 * tens of seconds per fresh folder. The installer put that install in `<opencode>/seed`; a folder gets its
 * package.json and lock copied and its node_modules linked, and opencode finds it installed.
 */
function seedOpencode(folder: string): void {
  const seed = join(dirname(dirname(dirname(harnessBin('opencode')))), 'seed');
  if (!existsSync(join(seed, 'node_modules'))) return;
  mkdirSync(folder, { recursive: true });
  for (const file of ['package.json', 'package-lock.json'])
    copyFileSync(join(seed, file), join(folder, file));
  symlinkSync(join(seed, 'node_modules'), join(folder, 'node_modules'));
}

/**
 * A fresh HOME and project folder for `harness`, with the provider configuration pointing at `server`. The project
 * is not below HOME, so walking up from it never meets ~/.baton.
 */
export function workspace(
  harness: HarnessName,
  server: ModelServer,
  env: Record<string, string> = {},
): Workspace {
  const root = mkdtempSync(join(tmpdir(), `baton-e2e-${harness}-`));
  made.push(root);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(project);
  const configDir = {
    claude: join(project, '.claude'),
    codex: join(home, '.codex'),
    gemini: join(project, '.gemini'),
    opencode: join(project, '.opencode'),
    pi: join(home, '.pi/agent'),
    copilot: join(project, '.github'),
    qwen: join(project, '.qwen'),
  }[harness];
  const ws: Workspace = { harness, root, home, project, configDir, server, env };
  switch (harness) {
    case 'claude':
      // Onboarding done, so nothing waits for a person.
      writeJson(join(home, '.claude.json'), { hasCompletedOnboarding: true, numStartups: 1 });
      break;
    case 'codex':
      // The project is trusted, so its .codex/ (hooks.json, config.toml) loads.
      codexConfig(ws, { projects: { [project]: { trust_level: 'trusted' } } });
      break;
    case 'gemini':
      writeJson(join(home, '.gemini/settings.json'), {
        security: { auth: { selectedType: 'gemini-api-key' } },
        general: { disableAutoUpdate: true, disableUpdateNag: true },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
      });
      break;
    case 'opencode':
      seedOpencode(join(project, '.opencode'));
      seedOpencode(join(home, '.config/opencode'));
      writeJson(join(project, 'opencode.json'), {
        $schema: 'https://opencode.ai/config.json',
        model: `scripted/${MODEL.opencode}`,
        autoupdate: false,
        share: 'disabled',
        permission: { edit: 'allow', bash: 'allow', webfetch: 'deny' },
        provider: {
          scripted: {
            npm: '@ai-sdk/openai-compatible',
            name: 'scripted',
            options: { baseURL: `${server.url}/v1`, apiKey: 'scripted' },
            models: { [MODEL.opencode]: { name: MODEL.opencode, tool_call: true } },
          },
        },
      });
      break;
    case 'pi':
      writeJson(join(home, '.pi/agent/models.json'), {
        providers: {
          scripted: {
            baseUrl: `${server.url}/v1`,
            api: 'openai-completions',
            apiKey: 'scripted',
            models: [
              {
                id: MODEL.pi,
                name: MODEL.pi,
                reasoning: false,
                input: ['text'],
                contextWindow: 128000,
                maxTokens: 4096,
              },
            ],
          },
        },
      });
      break;
    case 'copilot':
      // Everything else comes from the environment (BYOK provider, offline).
      break;
    case 'qwen':
      writeJson(join(home, '.qwen/settings.json'), {
        general: { enableAutoUpdate: false },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        // Its background memory extraction is one more model request after every run: off, so a scenario's
        // requests are the agent's own.
        memory: { enableManagedAutoMemory: false },
      });
      break;
  }
  return ws;
}

/** Variables of the developer's own harness sessions or model accounts that must not reach a test's CLI. */
const FOREIGN =
  /^(BATON_|ANTHROPIC_|CLAUDE|OPENAI_|CODEX_|GEMINI_|GOOGLE_|OPENCODE|PI_|COPILOT_|GH_TOKEN$|GITHUB_TOKEN$|QWEN_|XDG_|NODE_OPTIONS$|VITEST|npm_)/;

/** The environment of a run: the machine's (less FOREIGN), a fresh HOME, the provider's variables, then `extra`. */
export function harnessEnv(ws: Workspace, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !FOREIGN.test(key)) env[key] = value;
  }
  env.HOME = ws.home;
  // opencode takes its project folder from PWD, not from its working directory.
  env.PWD = ws.project;
  env.CI = 'true';
  env.NO_COLOR = '1';
  // The agent's shell finds `node` even where a login shell resets PATH.
  env.PATH = `${dirname(process.execPath)}:${env.PATH ?? '/usr/bin:/bin'}`;
  const provider: Record<HarnessName, Record<string, string>> = {
    claude: {
      ANTHROPIC_BASE_URL: ws.server.url,
      ANTHROPIC_API_KEY: 'scripted',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
    codex: { CODEX_HOME: ws.configDir, SCRIPTED_API_KEY: 'scripted' },
    gemini: {
      GEMINI_API_KEY: 'scripted',
      GOOGLE_GEMINI_BASE_URL: ws.server.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    },
    opencode: {
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      // What opencode fetches from npm on a fresh HOME is cached once for every run, not once per HOME.
      npm_config_cache: join(CACHE, 'npm-cache'),
    },
    pi: {},
    copilot: {
      // BYOK: no GitHub login; offline: no telemetry, update check or GitHub MCP server.
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `${ws.server.url}/v1`,
      COPILOT_PROVIDER_API_KEY: 'scripted',
      COPILOT_MODEL: MODEL.copilot,
      // Its native binary unpacks its JavaScript (about 235 MB) into the cache folder on a first start: once for
      // every run, not once per HOME.
      XDG_CACHE_HOME: join(CACHE, 'xdg-cache'),
    },
    qwen: {
      OPENAI_BASE_URL: `${ws.server.url}/v1`,
      OPENAI_API_KEY: 'scripted',
      OPENAI_MODEL: MODEL.qwen,
      QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    },
  };
  return { ...env, ...provider[ws.harness], ...ws.env, ...extra };
}

export interface RunOptions {
  /** Flags after the harness's own headless flags (before the prompt for Codex). */
  args?: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** The argument list of a headless run of `prompt`. */
function argv(harness: HarnessName, prompt: string, args: string[]): string[] {
  switch (harness) {
    case 'claude':
      return ['-p', prompt, '--output-format', 'json', ...args];
    case 'codex':
      return ['exec', '--dangerously-bypass-hook-trust', '--skip-git-repo-check', ...args, prompt];
    case 'gemini':
      return ['-p', prompt, '--yolo', '--output-format', 'json', ...args];
    case 'opencode':
      return ['run', ...args, prompt];
    case 'pi':
      return ['--offline', '--provider', 'scripted', '--model', MODEL.pi, ...args, '-p', prompt];
    case 'copilot':
      // The agent's shell runs node and baton.js from outside the project: paths need no approval either.
      return [
        '-p',
        prompt,
        '--allow-all-tools',
        '--allow-all-paths',
        '--trust-folder',
        '--no-auto-update',
        ...args,
      ];
    case 'qwen':
      return ['--yolo', ...args, '-p', prompt];
  }
}

/** Runs the harness headless on `prompt` in the workspace's project, with no stdin; kills it after the timeout. */
export function runHarness(ws: Workspace, prompt: string, options: RunOptions = {}): Promise<HarnessRun> {
  const bin = harnessBin(ws.harness);
  if (!existsSync(bin)) {
    throw new Error(`${ws.harness} is not installed at ${bin}: run node scripts/install-harnesses.mjs`);
  }
  const timeoutMs = options.timeoutMs ?? 120_000;
  const first = ws.server.requests.length;
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawnTracked(bin, argv(ws.harness, prompt, options.args ?? []), {
      cwd: ws.project,
      env: harnessEnv(ws, options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a timeout ends the CLI and everything it started (hooks, MCP servers, shells).
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Whatever the CLI left running in its group (an MCP server, a shell) ends with it.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
      let json: Record<string, unknown> | undefined;
      try {
        const parsed = JSON.parse(stdout);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed;
      } catch {}
      const run = {
        code,
        signal,
        timedOut,
        stdout,
        stderr,
        requests: ws.server.requests.slice(first),
        ...(json ? { json } : {}),
        seconds: (Date.now() - started) / 1000,
      };
      // The session's end is drafted in the background (the hook gate does not make the CLI wait for it): the run
      // is over for the tests once that is done too.
      void endsSettled(ws).then(() => done(run));
    });
  });
}

/** Resolves once no session's end is drafted in the background on the workspace's board (state/ending empty). */
export async function endsSettled(ws: Workspace): Promise<void> {
  const dir = join(ws.project, '.baton', 'state', 'ending');
  // One that never settles is left to the test's own assertions, which say what is missing.
  await waitFor('the ends in flight', () => !existsSync(dir) || readdirSync(dir).length === 0, {
    timeoutMs: 30_000,
    everyMs: 20,
  }).catch(() => {});
}

/** A one-line account of a run, for assertion messages. */
export function describeRun(run: HarnessRun): string {
  return `exit ${run.code}${run.signal ? ` (${run.signal})` : ''}${run.timedOut ? ' TIMED OUT' : ''} in ${run.seconds.toFixed(1)} s
stdout: ${run.stdout.slice(0, 3000)}
stderr: ${run.stderr.slice(0, 3000)}
requests: ${run.requests.map((r) => `${r.method} ${r.url}`).join(', ')}
tool results the model saw: ${JSON.stringify(run.requests.flatMap((r) => r.turn?.toolResults ?? [])).slice(0, 3000)}`;
}
