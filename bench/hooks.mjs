// Hooks section of `npm run bench` (SPEC §7, issues 10 and 24), on a lived-in board (thousands of notes, hundreds of
// sessions, a thousand messages), each hook run as a harness runs it: a new process, the harness's JSON on stdin, in
// the project.
//
// - gate, quiet: what `baton init` wires (`/bin/sh dist/hook-gate.sh <node> bin/baton.js hook …`) for every event a
//   harness fires per prompt or tool call, when there is nothing to do: the gate answers without starting node.
//   Goal ≤ 0.3× `node -e 0`. Each is first run once with a "node" that only records that it was started: a quiet
//   case that starts it fails the section.
// - gate, busy: the same command when there is work. A session's start with the index (a session resumed, and a new
//   one) ≤ 1.3×, twice: answered by the gate from what the last start kept while nothing it was read from changed
//   (hooks/start-ready.ts; the session is recorded in the background, which each run waits for before the next), and
//   handed to node once something did (the kept answer taken away before each run). A stop pushing one message
//   ≤ 1.3×, Codex's session-end drafting a 5 MB rollout inside its 3 s cap; the others informational.
// - node path: `node bin/baton.js hook …` without the gate (its own quiet check, what a hook costs where no gate is
//   wired, e.g. Windows): goal ≤ 1.15×.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { internals } from './internals.mjs';

const RUNS = 21;
const QUIET_RUNS = 11;
const NOTHING_TARGET = 1.15;
const GATE_TARGET = 0.3;
const BUSY_TARGET = 1.3;
/** Codex clamps a SessionEnd hook's timeout to 3 s. */
const CODEX_CAP_MS = 3000;
const NOTES = 3000;
const OTHER_NOTES = 1000;
const SESSIONS = 300;
const MB = 1024 * 1024;
/** A little more than the derived caches' settle time (core/notes/newest-cache.ts, core/board-index/listed-cache.ts). */
const SETTLE_MS = 2100;

const SESSION = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
const OTHER = '7b1e0c22-1111-4222-8333-444455556666';
const COPILOT_SESSION = 'be6a1a3e-7c6f-4b7d-8844-c2c8bbf2755e';
const CODEX_SESSION = '019e1625-789d-76c0-80ab-3724b5ddb799';
const GEMINI_SESSION = 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AGENT = 'claude-3f2a9c';
const START = Date.parse('2026-01-05T09:00:00.000Z');

const ms = (value) => `${value.toFixed(1)} ms`;
const times = (value) => `${value.toFixed(2)}×`;

function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('BATON_')) env[key] = value;
  return { ...env, ...extra };
}

/** Notes of the project and of other projects, and session records (mostly ended), written straight to the board. */
function seedBoard(baton, root, projectKey, project) {
  const write = (key, count, offset) => {
    const folder = join(root, 'notes', key);
    mkdirSync(folder, { recursive: true });
    for (let n = 0; n < count; n++) {
      const at = START + (offset + n) * 600_000;
      const id = baton.newId('n', at);
      const fields = {
        id,
        kind: n % 4 === 0 ? 'result' : 'handoff',
        projectKey: key,
        session: `s-${offset + n}`,
        parentSession: n % 4 === 0 ? `s-${offset + n - 1}` : '',
        agent: 'alice',
        harness: 'claude',
        createdAt: new Date(at).toISOString(),
        title: `Login flake, step ${n}: time frozen per test, retries on real timers`,
        status: n % 20 === 0 ? 'error' : 'ok',
        conclusion: 'Frozen time per test; suite green 20/20 runs; the e2e suite was not run (staging down).',
        facts: ['vitest reuses workers', 'afterEach restores real timers'],
        files: ['test/login.spec.ts', 'test/setup.ts'],
        artifacts: [],
        provenance: 'curated',
      };
      writeFileSync(join(folder, `${id}.md`), baton.formatRecord(fields, '## Goal\nFix the flake.\n'));
    }
  };
  write(projectKey, NOTES, 0);
  write('github.com-acme-other', OTHER_NOTES, NOTES);
  mkdirSync(join(root, 'sessions'), { recursive: true });
  for (let i = 0; i < SESSIONS; i++) {
    const started = new Date(START + i * 3_600_000).toISOString();
    const ended = new Date(START + i * 3_600_000 + 1_800_000).toISOString();
    const id = `0000${String(i).padStart(4, '0')}-aaaa-4bbb-8ccc-dddddddddddd`;
    const record = {
      id,
      harness: i % 3 === 0 ? 'codex' : 'claude',
      agent: i % 2 === 0 ? 'alice' : 'bob',
      cwd: project,
      projectKey,
      parentSession: '',
      startedAt: started,
      lastSeen: ended,
      // A few live ones (no pid, not ended): the index and the conflict check see a real list.
      ...(i % 50 === 0 ? {} : { endedAt: ended }),
    };
    writeFileSync(join(root, 'sessions', `${id}.json`), `${JSON.stringify(record)}\n`);
  }
}

/** A Codex rollout of at least `bytes`: the fixture's lines again and again, each copy with its own call ids. */
function writeRollout(root, path, bytes) {
  const fixture = join(
    root,
    'test/fixtures/transcripts/codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
  );
  const lines = readFileSync(fixture, 'utf8').trimEnd().split('\n');
  const fd = openSync(path, 'w');
  let written = 0;
  for (let copy = 0; written < bytes; copy++)
    written += writeSync(fd, `${lines.join('\n')}\n`.replace(/call_/g, `call_${copy}_`));
  closeSync(fd);
  return written;
}

export default async function hooks(ctx) {
  // The library, and the internals the seeders need (ids, front matter: bench/internals.mjs).
  const baton = {
    ...(await import(pathToFileURL(join(ctx.dist, 'index.js')).href)),
    ...(await internals(ctx)),
  };
  const gate = join(ctx.dist, 'hook-gate.sh');
  if (!existsSync(gate)) throw new Error(`${gate} is missing: the build writes it`);
  const dir = ctx.tmpdir();
  const project = join(dir, 'shop');
  mkdirSync(project);
  const board = baton.openBoard({ board: join(project, '.baton'), cwd: project, env: {} });
  baton.ensureBoard(board);
  // The stable names `baton init` gives each harness in the project (a new session acts under its harness's).
  writeFileSync(
    join(board.root, 'config.json'),
    `${JSON.stringify({ agents: { claude: 'claude@shop', codex: 'codex@shop', gemini: 'gemini@shop', copilot: 'copilot@shop' } })}\n`,
  );
  const asked = spawnSync(process.execPath, [ctx.bin, 'index', '--json'], {
    cwd: project,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  if (asked.status !== 0) throw new Error(`baton index --json failed: ${asked.stderr}`);
  const projectKey = JSON.parse(asked.stdout).project;
  const seeded = performance.now();
  seedBoard(baton, board.root, projectKey, project);
  // 1,000 messages between other agents, a few cards.
  for (let i = 0; i < 1000; i++) baton.sendMessage(board, { from: 'alice', to: ['bob'], body: `note ${i}` });
  for (let i = 0; i < 20; i++) baton.createCard(board, { title: `Topic ${i}`, by: 'alice' });
  ctx.log(
    `hooks: board of ${NOTES + OTHER_NOTES} notes, ${SESSIONS} sessions, 1,000 messages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  // A lived-in board: nothing on it was written in the last seconds (derived caches keep only what has settled).
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const transcript = join(project, 'session.jsonl');
  copyFileSync(
    join(ctx.root, 'test/fixtures/transcripts/claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl'),
    transcript,
  );
  mkdirSync(join(project, 'src'), { recursive: true });

  // Claude Code's stdin, its fields in Claude Code's order.
  const claude = (event, extra = {}) =>
    JSON.stringify({
      session_id: SESSION,
      transcript_path: transcript,
      cwd: project,
      permission_mode: 'default',
      hook_event_name: event,
      ...extra,
    });
  const bash = { tool_name: 'Bash', tool_input: { command: 'npm test', description: 'Run the tests' } };
  const bashDone = {
    ...bash,
    tool_response: { stdout: 'Tests: 42 passed\n', stderr: '', interrupted: false, isImage: false },
    tool_use_id: 'toolu_01ABCDEF',
  };
  const edit = (file) => ({
    tool_name: 'Edit',
    tool_input: { file_path: join(project, file), old_string: 'a = 1', new_string: 'a = 2' },
    tool_use_id: 'toolu_01GHIJKL',
  });
  // Codex's: Claude's plus turn_id and model; its shell tool is "Bash".
  const codexRollout = join(dir, 'rollout-5mb.jsonl');
  const codex = (event, extra = {}) =>
    JSON.stringify({
      session_id: CODEX_SESSION,
      turn_id: '019e1626-0000-7000-8000-000000000001',
      transcript_path: codexRollout,
      cwd: project,
      hook_event_name: event,
      model: 'gpt-5.5',
      permission_mode: 'default',
      ...extra,
    });
  // GitHub Copilot CLI's (test/fixtures/hook-envelopes/copilot): camelCase, no matcher, every tool reaches the hook.
  const copilot = (extra) =>
    JSON.stringify({ sessionId: COPILOT_SESSION, timestamp: Date.now(), cwd: project, ...extra });

  // Gemini CLI's: Claude's names, a timestamp; its chat recording is the transcript.
  const geminiTranscript = join(project, 'gemini-session.jsonl');
  writeFileSync(
    geminiTranscript,
    `${JSON.stringify({ sessionId: GEMINI_SESSION, projectHash: 'bench', startTime: new Date().toISOString() })}\n`,
  );
  const gemini = (event, extra = {}) =>
    JSON.stringify({
      session_id: GEMINI_SESSION,
      transcript_path: geminiTranscript,
      cwd: project,
      hook_event_name: event,
      timestamp: new Date().toISOString(),
      ...extra,
    });

  // A home of the bench's own: what a start keeps for the gate goes to its cache (~/.cache/baton/start-ready).
  const env = { HOME: join(dir, 'home') };
  mkdirSync(env.HOME);
  const gateArgs = (event, harness, node = process.execPath) => [
    gate,
    node,
    ctx.bin,
    'hook',
    event,
    '--harness',
    harness,
  ];
  const timeGate = (event, harness, stdin, options = {}) =>
    ctx.timeProgram('/bin/sh', gateArgs(event, harness), {
      env,
      cwd: project,
      runs: RUNS,
      paired: true,
      input: stdin,
      ...options,
    });
  const once = (event, harness, stdin, extraEnv = {}) => {
    const result = spawnSync('/bin/sh', gateArgs(event, harness), {
      cwd: project,
      env: cleanEnv({ ...env, ...extraEnv }),
      input: stdin,
      encoding: 'utf8',
    });
    if (result.status !== 0)
      throw new Error(`gate ${harness} ${event} exited ${result.status}: ${result.stderr.slice(0, 500)}`);
    return result;
  };
  // A "node" that only says it was started: the gate must answer a quiet case without it.
  const probeNode = join(dir, 'probe-node.sh');
  writeFileSync(probeNode, '#!/bin/sh\necho "node started: $*" >&2\nexit 97\n');
  chmodSync(probeNode, 0o755);
  /** Why the gate started node for `stdin`, or undefined when it answered alone. */
  const startsNode = (event, harness, stdin) => {
    const result = spawnSync('/bin/sh', gateArgs(event, harness, probeNode), {
      cwd: project,
      env: cleanEnv(env),
      input: stdin,
      encoding: 'utf8',
    });
    if (result.status === 0 && result.stdout === '') return undefined;
    return `exit ${result.status}: ${result.stderr.trim().slice(0, 200)}`;
  };
  const row = (name, timing, target) => ({
    name,
    value: `${ms(timing.medianMs)} vs ${ms(timing.baselineMs)} (min ratio ${times(timing.minRatio)})`,
    ratio: timing.ratio,
    target: target === undefined ? 'info' : `≤ ${target}×`,
    ok: target === undefined ? null : timing.ratio <= target,
  });
  const silent = (name, timing) => {
    if (timing.stdout !== '')
      throw new Error(`${name} printed output with nothing to do: ${timing.stdout.slice(0, 200)}`);
    return timing;
  };
  const rows = [];

  // --- Through the gate, busy: the first start registers the session (and its gate marker); every later one is a
  // resume with the index to inject.
  // A start the gate answered is recorded in the background: each run waits for it before the next (a session starts
  // once; its harness then works for seconds). The kept answer, taken away: the start goes to node.
  const starting = join(board.root, 'state', 'starting');
  const recorded = () => {
    const deadline = Date.now() + 30_000;
    while (existsSync(starting) && readdirSync(starting).length > 0) {
      if (Date.now() > deadline) throw new Error('a start recorded in the background never ended');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  };
  const kept = join(
    env.HOME,
    '.cache',
    'baton',
    'start-ready',
    ...board.root.split('/').filter(Boolean),
    'claude',
  );
  const stale = () => {
    recorded();
    rmSync(kept, { force: true });
  };
  const resume = claude('SessionStart', { source: 'resume' });
  // A new session each run (\`claude\` started again): its record and its agent are new, made durable.
  const fresh = (run) => `${String(run).padStart(8, '0')}-5e55-4a11-8b22-0123456789ab`;
  const startup = (offset) => (run) =>
    JSON.stringify({
      ...JSON.parse(claude('SessionStart', { source: 'startup' })),
      session_id: fresh(offset + run),
    });
  const startRows = [
    [
      'gate answers: session-start, resumed (nothing its kept answer was read from changed)',
      resume,
      recorded,
    ],
    ['gate answers: session-start of a new session (recorded in the background)', startup(0), recorded],
    [
      `gate → node: session-start, resumed (index of ${NOTES} notes, 20 cards; kept answer stale)`,
      resume,
      stale,
    ],
    [
      'gate → node: session-start of a new session (its record and agent made; kept answer stale)',
      startup(1000),
      stale,
    ],
  ];
  for (const [name, stdin, before] of startRows) {
    const timing = timeGate('session-start', 'claude', stdin, { before });
    if (!timing.stdout.includes('note:')) throw new Error(`${name}: no index of the notes injected`);
    rows.push(row(name, timing, BUSY_TARGET));
  }
  recorded();
  once(
    'session-start',
    'copilot',
    copilot({ source: 'new', initialPrompt: 'create src/shared.ts and bump it' }),
  );
  const rolloutBytes = writeRollout(ctx.root, codexRollout, 5 * MB);
  once('session-start', 'codex', codex('SessionStart', { source: 'startup' }));
  once('session-start', 'gemini', gemini('SessionStart', { source: 'startup' }));

  // --- Through the gate, quiet: every event a harness fires per prompt or tool call, with nothing to do.
  const quiet = [
    ['user-prompt-submit', 'claude', claude('UserPromptSubmit', { prompt: 'go on' }), 'no new mail'],
    [
      'stop',
      'claude',
      claude('Stop', { stop_hook_active: false, last_assistant_message: 'Done: tests pass.' }),
      'no mail, nothing pending',
    ],
    ['pre-tool-use', 'claude', claude('PreToolUse', { ...bash, tool_use_id: 'toolu_01ABCDEF' }), 'Bash'],
    ['post-tool-use', 'claude', claude('PostToolUse', bashDone), 'Bash'],
    ['pre-tool-use', 'claude', claude('PreToolUse', edit('src/a.ts')), 'Edit, no peer wrote lately'],
    ['user-prompt-submit', 'codex', codex('UserPromptSubmit', { prompt: 'go on' }), 'no new mail'],
    [
      'pre-tool-use',
      'codex',
      codex('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'call_1' }),
      'Bash (exec_command)',
    ],
    [
      'post-tool-use',
      'codex',
      codex('PostToolUse', {
        tool_name: 'Bash',
        tool_input: { command: 'npm test' },
        tool_response: 'Tests: 42 passed',
        tool_use_id: 'call_1',
      }),
      'Bash (exec_command)',
    ],
    [
      'stop',
      'codex',
      codex('Stop', { stop_hook_active: false, last_assistant_message: 'Done.' }),
      'no mail, nothing pending',
    ],
    ['user-prompt-submit', 'copilot', copilot({ prompt: 'create src/shared.ts and bump it' }), 'no new mail'],
    [
      'pre-tool-use',
      'copilot',
      copilot({ toolName: 'bash', toolArgs: { command: 'npm test', description: 'run the tests' } }),
      'bash (no matcher)',
    ],
    [
      'post-tool-use',
      'copilot',
      copilot({
        toolName: 'bash',
        toolArgs: { command: 'npm test', description: 'run the tests' },
        toolResult: { resultType: 'success', textResultForLlm: 'Tests: 42 passed' },
      }),
      'bash (no matcher)',
    ],
    ['user-prompt-submit', 'gemini', gemini('BeforeAgent', { prompt: 'go on' }), 'BeforeAgent, no new mail'],
    [
      'stop',
      'gemini',
      gemini('AfterAgent', { prompt: 'go on', prompt_response: 'Done.', stop_hook_active: false }),
      'AfterAgent, no mail, nothing pending',
    ],
    // Gemini CLI fires PreCompress before every model request, most of which compress nothing. The session's first
    // one notes the transcript's length (node, once: primed below); the later ones look at what was appended since.
    [
      'pre-compact',
      'gemini',
      gemini('PreCompress', { trigger: 'auto' }),
      'PreCompress before a later model request, nothing compressed',
      'primed',
    ],
  ];
  for (const [event, harness, stdin, what, primed] of quiet) {
    const name = `gate, quiet: ${harness} ${event}, ${what}`;
    if (primed) once(event, harness, stdin);
    const started = startsNode(event, harness, stdin);
    // Fewer runs than the node rows: a few ms against node's tens, the ratio is plain with fewer samples.
    // Gemini's recording grows by a message between two model requests.
    const grow = primed
      ? () =>
          appendFileSync(
            geminiTranscript,
            `${JSON.stringify({ id: `m-${Date.now()}`, type: 'gemini', content: 'Ran the tests: 42 passed. '.repeat(40) })}\n`,
          )
      : undefined;
    const timing = timeGate(event, harness, stdin, { runs: QUIET_RUNS, warmup: 2, before: grow });
    const result = row(name, silent(name, timing), GATE_TARGET);
    // A quiet case the gate hands to node misses its goal whatever the time says.
    if (started) rows.push({ ...result, value: `STARTS NODE (${started}); ${result.value}`, ok: false });
    else rows.push(result);
  }

  // --- Through the gate, busy.
  // A stop with one new message each time: a sender runs between the timed runs (in this process, unmeasured).
  const withMail = timeGate(
    'stop',
    'claude',
    claude('Stop', { stop_hook_active: false, last_assistant_message: 'Done.' }),
    { before: () => baton.sendMessage(board, { from: 'alice', to: [AGENT], body: 'are you done?' }) },
  );
  if (!withMail.stdout.includes('are you done?'))
    throw new Error('the stop hook, through the gate, did not push the waiting message');
  rows.push(row('gate, busy: stop, one message waiting (pushed)', withMail, BUSY_TARGET));
  rows.push(
    row(
      'gate, busy: post-tool-use, a write recorded',
      timeGate('post-tool-use', 'claude', claude('PostToolUse', edit('src/a.ts'))),
    ),
  );
  // Another live session writes src/b.ts: this session's next write of it is checked (and warned about). Its hooks
  // run straight from this process (node path), so the session is anchored to a live process (this one): behind the
  // gate, a session outside any harness is anchored to the gate's short-lived sh.
  const peer = (event, input) =>
    ctx.timeCommand(['hook', event, '--harness', 'claude'], {
      env: { BATON_AGENT: 'bob' },
      cwd: project,
      runs: 1,
      warmup: 0,
      input: JSON.stringify({ session_id: OTHER, cwd: project, ...input }),
    });
  peer('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
  peer('post-tool-use', {
    hook_event_name: 'PostToolUse',
    tool_name: 'Write',
    tool_input: { file_path: join(project, 'src/b.ts'), content: 'export {};\n' },
  });
  const warned = timeGate('pre-tool-use', 'claude', claude('PreToolUse', edit('src/b.ts')));
  if (!warned.stdout.includes('src/b.ts')) throw new Error('pre-tool-use did not warn about the peer edit');
  rows.push(row('gate, busy: pre-tool-use, Edit of a file a live peer wrote (warns)', warned));
  rows.push(
    row(
      'gate, busy: subagent-stop, a result note written',
      timeGate(
        'subagent-stop',
        'claude',
        claude('SubagentStop', {
          stop_hook_active: false,
          last_assistant_message: 'Audit done: POST /login and POST /logout skip the CSRF check.',
        }),
      ),
    ),
  );
  rows.push(
    row(
      'gate, busy: pre-compact, raw handoff from a 25-line transcript',
      timeGate('pre-compact', 'claude', claude('PreCompact', { trigger: 'auto', custom_instructions: '' })),
    ),
  );
  rows.push(...sessionEnd(project, codex, gateArgs, rolloutBytes));

  // --- The node path, without the gate: `node bin/baton.js hook …` and its own quiet check.
  const time = (event, stdin) =>
    ctx.timeCommand(['hook', event, '--harness', 'claude'], {
      env,
      cwd: project,
      runs: RUNS,
      paired: true,
      input: stdin,
    });
  const nothing = [
    [
      'user-prompt-submit',
      claude('UserPromptSubmit', { prompt: 'go on' }),
      'user-prompt-submit, no new mail',
    ],
    [
      'stop',
      claude('Stop', { stop_hook_active: false, last_assistant_message: 'done' }),
      'stop, no mail, nothing pending',
    ],
    ['pre-tool-use', claude('PreToolUse', bash), 'pre-tool-use, a tool that writes no file'],
    ['post-tool-use', claude('PostToolUse', bashDone), 'post-tool-use, a tool that writes no file'],
  ];
  for (const [event, stdin, name] of nothing)
    rows.push(row(`node path (no gate), quiet: ${name}`, silent(name, time(event, stdin)), NOTHING_TARGET));

  // Antigravity's PreInvocation runs before every model call; between two starts (--idle-after) it has nothing to do,
  // which only node can tell (the gate hands every session-start over).
  const perCall = ['hook', 'session-start', '--harness', 'antigravity', '--idle-after', '30m'];
  const conversation = (invocationNum) =>
    JSON.stringify({ conversationId: 'b67d4ce2-1b29-4e25-8598-e6636a3171aa', invocationNum, cwd: project });
  ctx.timeCommand(perCall, { env, cwd: project, runs: 1, warmup: 0, input: conversation(0) });
  const between = 'antigravity PreInvocation between starts';
  rows.push(
    row(
      `node path (no gate), quiet: ${between}`,
      silent(
        between,
        ctx.timeCommand(perCall, { env, cwd: project, runs: RUNS, paired: true, input: conversation(1) }),
      ),
      NOTHING_TARGET,
    ),
  );
  rows.push(
    row(
      `gate, node behind it: ${between}`,
      silent(
        between,
        ctx.timeProgram('/bin/sh', [gate, process.execPath, ctx.bin, ...perCall], {
          env,
          cwd: project,
          runs: RUNS,
          paired: true,
          input: conversation(2),
        }),
      ),
      NOTHING_TARGET,
    ),
  );
  return rows;
}

/**
 * Codex's SessionEnd through the gate on a 5 MB rollout: the gate hands it to the full hook in the background and
 * returns at once (Codex kills a SessionEnd hook at 3 s); the raw draft is written after. Three sessions, each
 * started then ended: how long the hook kept Codex waiting, and how long until the draft was on the board.
 */
function sessionEnd(project, codex, gateArgs, rolloutBytes) {
  const log = join(project, '.baton', 'state', 'hooks.log');
  const returned = [];
  const drafted = [];
  for (let i = 0; i < 3; i++) {
    const session = `019e1700-0000-7000-8000-00000000000${i}`;
    const run = (event, hookEvent, input) =>
      spawnSync('/bin/sh', gateArgs(event, 'codex'), {
        cwd: project,
        env: cleanEnv({ BATON_AGENT: 'bench-codex' }),
        input: JSON.stringify({ ...JSON.parse(codex(hookEvent, input)), session_id: session }),
        encoding: 'utf8',
      });
    run('session-start', 'SessionStart', { source: 'startup' });
    const started = performance.now();
    const result = run('session-end', 'SessionEnd', { reason: 'other' });
    returned.push(performance.now() - started);
    if (result.status !== 0) throw new Error(`gate codex session-end failed: ${result.stderr.slice(0, 500)}`);
    const written = () =>
      existsSync(log) && readFileSync(log, 'utf8').includes(`session-end ${session} raw handoff n-`);
    const until = performance.now() + 30_000;
    while (!written() && performance.now() < until)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    if (!written()) throw new Error(`codex session-end wrote no raw draft of ${session} within 30 s`);
    drafted.push(performance.now() - started);
  }
  const median = (samples) => [...samples].sort((a, b) => a - b)[1];
  const mb = (rolloutBytes / MB).toFixed(1);
  return [
    {
      name: `gate, busy: codex session-end of a ${mb} MB rollout — the hook returns (median of 3)`,
      value: `${median(returned).toFixed(0)} ms`,
      target: `< ${CODEX_CAP_MS} ms (Codex's cap)`,
      ok: median(returned) < CODEX_CAP_MS,
    },
    {
      name: `codex session-end of a ${mb} MB rollout — its raw draft written in the background (median of 3)`,
      value: `${median(drafted).toFixed(0)} ms`,
      target: `< ${CODEX_CAP_MS} ms`,
      ok: median(drafted) < CODEX_CAP_MS,
    },
  ];
}
