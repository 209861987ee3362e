// Hooks section of `npm run bench` (SPEC §7, issue 10): every hook event's nothing-to-do path against `node -e 0`
// (goal ≤ 1.15×), and its busy path — as a harness runs them: a new process, its JSON on stdin, in the project.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const RUNS = 21;
const NOTHING_TARGET = 1.15;
const SESSION = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
const OTHER = '7b1e0c22-1111-4222-8333-444455556666';
const AGENT = 'claude-3f2a9c';

const ms = (value) => `${value.toFixed(1)} ms`;
const times = (value) => `${value.toFixed(2)}×`;

export default async function hooks(ctx) {
  const baton = await import(pathToFileURL(join(ctx.dist, 'index.js')).href);
  const project = ctx.tmpdir();
  const board = baton.openBoard({ board: join(project, '.baton'), cwd: project, env: {} });
  baton.ensureBoard(board);
  // A lived-in board: 1,000 messages between other agents, a few cards.
  for (let i = 0; i < 1000; i++) baton.sendMessage(board, { from: 'alice', to: ['bob'], body: `note ${i}` });
  for (let i = 0; i < 20; i++) baton.createCard(board, { title: `Topic ${i}`, by: 'alice' });
  const transcript = join(project, 'session.jsonl');
  copyFileSync(
    join(ctx.root, 'test/fixtures/transcripts/claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl'),
    transcript,
  );
  mkdirSync(join(project, 'src'), { recursive: true });

  const env = {};
  const payload = (extra) =>
    JSON.stringify({ session_id: SESSION, cwd: project, transcript_path: transcript, ...extra });
  const time = (event, stdin) =>
    ctx.timeCommand(['hook', event, '--harness', 'claude'], {
      env,
      cwd: project,
      runs: RUNS,
      paired: true,
      input: stdin,
    });
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

  // Busy: the first start registers the session; every later one is a resume with the index to inject.
  rows.push(row('session-start (index of 20 cards)', time('session-start', payload({ source: 'resume' }))));

  // Nothing to do.
  const nothing = [
    ['user-prompt-submit', payload({ prompt: 'go on' }), 'user-prompt-submit, no new mail'],
    [
      'stop',
      payload({ stop_hook_active: false, last_assistant_message: 'done' }),
      'stop, no mail, nothing pending',
    ],
    [
      'pre-tool-use',
      payload({ tool_name: 'Bash', tool_input: { command: 'ls' } }),
      'pre-tool-use, a tool that writes no file',
    ],
    [
      'post-tool-use',
      payload({ tool_name: 'Bash', tool_input: { command: 'ls' } }),
      'post-tool-use, a tool that writes no file',
    ],
    [
      'pre-tool-use',
      payload({ tool_name: 'Edit', tool_input: { file_path: join(project, 'src/a.ts') } }),
      'pre-tool-use, an edit nobody else made',
    ],
  ];
  for (const [event, stdin, name] of nothing)
    rows.push(row(name, silent(name, time(event, stdin)), NOTHING_TARGET));

  // Antigravity's PreInvocation runs before every model call; between two starts (--idle-after) it has nothing to do.
  const perCall = ['hook', 'session-start', '--harness', 'antigravity', '--idle-after', '30m'];
  const conversation = (invocationNum) =>
    JSON.stringify({ conversationId: 'b67d4ce2-1b29-4e25-8598-e6636a3171aa', invocationNum, cwd: project });
  ctx.timeCommand(perCall, { env, cwd: project, runs: 1, warmup: 0, input: conversation(0) });
  const between = 'antigravity PreInvocation between starts';
  const perCallTiming = ctx.timeCommand(perCall, {
    env,
    cwd: project,
    runs: RUNS,
    paired: true,
    input: conversation(1),
  });
  rows.push(row(between, silent(between, perCallTiming), NOTHING_TARGET));

  // Busy paths.
  rows.push(
    row(
      'post-tool-use, a write recorded',
      time(
        'post-tool-use',
        payload({ tool_name: 'Write', tool_input: { file_path: join(project, 'src/a.ts') } }),
      ),
    ),
  );
  ctx.timeCommand(['hook', 'session-start', '--harness', 'claude'], {
    env: { BATON_AGENT: 'bob' },
    cwd: project,
    runs: 1,
    warmup: 0,
    input: JSON.stringify({ session_id: OTHER, cwd: project }),
  });
  ctx.timeCommand(['hook', 'post-tool-use', '--harness', 'claude'], {
    env: { BATON_AGENT: 'bob' },
    cwd: project,
    runs: 1,
    warmup: 0,
    input: JSON.stringify({
      session_id: OTHER,
      cwd: project,
      tool_name: 'Write',
      tool_input: { file_path: join(project, 'src/b.ts') },
    }),
  });
  rows.push(
    row(
      'pre-tool-use, an edit another live session made (warns)',
      time(
        'pre-tool-use',
        payload({ tool_name: 'Edit', tool_input: { file_path: join(project, 'src/b.ts') } }),
      ),
    ),
  );
  // A stop with one new message each time: a sender runs between the timed runs (in the same process, unmeasured).
  const withMail = ctx.timeCommand(['hook', 'stop', '--harness', 'claude'], {
    env,
    cwd: project,
    runs: RUNS,
    paired: true,
    input: payload({ stop_hook_active: false }),
    before: () => baton.sendMessage(board, { from: 'alice', to: [AGENT], body: 'are you done?' }),
  });
  if (!withMail.stdout.includes('are you done?'))
    throw new Error('the stop hook did not push the waiting message');
  rows.push(row('stop, one message waiting (pushed)', withMail));
  // A sub-agent's stop always has work where a board is: its final output becomes a result note.
  rows.push(
    row(
      'subagent-stop, a result note written',
      time(
        'subagent-stop',
        payload({
          stop_hook_active: false,
          last_assistant_message: 'Audit done: POST /login and POST /logout skip the CSRF check.',
        }),
      ),
    ),
  );
  rows.push(
    row(
      'pre-compact, raw handoff from a 25-line transcript',
      time('pre-compact', payload({ trigger: 'auto' })),
    ),
  );
  return rows;
}
