// `baton continue <note-id> [--harness …] [--exec] [--prompt …] [--print] [-- <harness args…>]` — starts a new harness
// session (interactive, or headless with --exec) that continues a handoff note.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { BatonError } from '../../core/errors.js';
import { type Continuation, prepareContinuation } from '../../core/notes/continuation.js';
import { isStartableHarness, STARTABLE_HARNESSES, shellLine } from '../../core/sessions/harness-commands.js';
import { claimContinuation } from '../../core/sessions/parent-link.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton continue <note-id> [--harness ${STARTABLE_HARNESSES.join('|')}] [--exec] [--prompt <text>]
                [--print] [--json] [-- <harness args…>]
  Starts a new session of the harness in the note's project folder. Its first message is a short lead-in, the
  note's six sections and the source session id (a handoff too long for a command line is written to a file
  under the board, and the message says to read it). The new session is linked to the note's session:
  BATON_PARENT_SESSION is set for it, and a pending continuation is left for the project that the next session
  registered there claims (once; it expires with the board's pending TTL, 30 minutes by default).
  Also prints the command that resumes the original session, where its harness can.
  --harness  default: the note's own harness when baton can start it, else claude
  --exec     run it headless, in the harness's own non-interactive mode (claude -p, codex exec, gemini -p,
             opencode run, pi -p) with no stdin; its output is baton's, and baton exits with its exit code
  --prompt   what the new session should do: added to its first message after the handoff
  --print    print the command and the message; start nothing and leave no pending continuation (the command
             sets BATON_PARENT_SESSION, which links the session it starts)
  --json     the command and the message as JSON; starts nothing (with --exec: add --print)
  Arguments after the note id (after \`--\` when they start with a dash) go to the harness: \`-- --yolo\`.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('continue', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  // A remote client's session starts on its own machine: the server starts nothing, and its signals stay its own.
  if (io.remote && !flags.print) throw new UsageError('`baton continue` over BATON_URL needs --print');
  if (io.remote && flags.exec) throw new UsageError('`baton continue --exec` does not run over BATON_URL');
  // JSON is for a program reading the answer: it never gets a harness on its terminal.
  if (flags.json && flags.exec && !flags.print) {
    throw new UsageError(
      '--json prints the command and starts nothing: drop --json to run it headless, or add --print for the headless command as JSON',
    );
  }
  const print = flags.print === true || flags.json === true;
  const [noteId, ...harnessArgs] = positionals;
  if (!noteId) throw new UsageError('continue needs a note id — see `baton board`');
  if (flags.harness !== undefined && !isStartableHarness(flags.harness)) {
    throw new UsageError(
      `--harness must be one of ${STARTABLE_HARNESSES.join(', ')}, got ${JSON.stringify(flags.harness)}`,
    );
  }
  const board = boardFromFlags(io, flags);
  const harness =
    flags.harness !== undefined && isStartableHarness(flags.harness) ? flags.harness : undefined;
  const continuation = prepareContinuation(board, noteId, {
    harness,
    headless: flags.exec === true,
    request: flags.prompt,
    args: harnessArgs,
    // Printed, not started: a pending continuation would go to whichever session registers in the project next.
    pending: !print,
  });
  // Over BATON_URL the folders are the server's: the command runs in the client's own checkout, so it names none.
  const here = (cwd: string | undefined) => (io.remote ? undefined : cwd);
  const start = shellLine(continuation.argv, { cwd: here(continuation.cwd), env: continuation.env });
  const resume =
    'argv' in continuation.resume
      ? shellLine(continuation.resume.argv, { cwd: here(continuation.resume.cwd) })
      : undefined;
  if (flags.json) {
    printJson(io, {
      board: board.root,
      note: continuation.note.id,
      session: continuation.note.session,
      harness: continuation.harness,
      headless: continuation.headless,
      command: continuation.argv,
      cwd: here(continuation.cwd) ?? null,
      env: continuation.env,
      shell: start,
      text: continuation.text,
      textFile: continuation.textFile ?? null,
      pending: continuation.pendingPath ?? null,
      resume:
        'argv' in continuation.resume
          ? { command: continuation.resume.argv, cwd: here(continuation.resume.cwd) ?? null, shell: resume }
          : { reason: continuation.resume.reason },
      started: false,
    });
  } else if (print) {
    printText(io, continuation, start, resume, io.remote === true);
  }
  echoBoard(io, board);
  if (print) return 0;
  const how = continuation.headless ? ' headless' : '';
  io.err(
    `starting ${continuation.harness}${how} in ${continuation.cwd} (continues session ${continuation.note.session})\n`,
  );
  // A headless run's output is read by a program: the resume hint would only be noise in it.
  if (!continuation.headless) {
    io.err(resume ? `resume the original session instead: ${resume}\n` : `(${reasonOf(continuation)})\n`);
  }
  return startHarness(continuation, io, () => {
    // Nothing started: no session should claim the link meant for this one (unless another continue replaced it).
    claimContinuation(board, continuation.note.projectKey, (p) => p.note === continuation.note.id);
  });
}

function printText(
  io: CliIO,
  continuation: Continuation,
  start: string,
  resume: string | undefined,
  remote: boolean,
): void {
  const { note } = continuation;
  const how = continuation.headless ? 'headless ' : '';
  const where = remote ? ', run in your checkout of the project' : '';
  io.out(
    `# continue ${note.id} (project ${note.projectKey}) in a new ${how}${continuation.harness} session${where}:\n`,
  );
  io.out(`${start}\n\n`);
  if (continuation.textFile)
    io.out(
      `# the handoff is too long for a command line; the message names ${continuation.textFile}, which holds:\n`,
    );
  else io.out('# its first message:\n');
  io.out(`${continuation.text.trimEnd()}\n\n`);
  if (resume) io.out(`# or resume the original session:\n${resume}\n`);
  else io.out(`# the original session cannot be resumed: ${reasonOf(continuation)}\n`);
}

function reasonOf(continuation: Continuation): string {
  return 'reason' in continuation.resume ? continuation.resume.reason : '';
}

// Signals a harness may get while it runs in the foreground.
const HANDED_OVER = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

// The harness takes over the terminal: stdio is inherited (headless: no stdin — what is piped into baton is not the
// harness's, and a harness waiting on it would never end), and baton exits with its code. While it runs, baton's own
// signal handling is set aside: Ctrl-C reaches the harness from the terminal (it decides what it means; baton must not
// exit under it and hand the terminal back to the shell), and a SIGTERM or SIGHUP sent to baton alone is passed on.
function startHarness(continuation: Continuation, io: CliIO, notStarted: () => void): Promise<number> {
  const [program, ...args] = continuation.argv;
  return new Promise((done, fail) => {
    const child = spawn(program!, args, {
      cwd: continuation.cwd,
      env: { ...io.env, ...continuation.env },
      stdio: continuation.headless ? ['ignore', 'inherit', 'inherit'] : 'inherit',
    });
    const saved = HANDED_OVER.map((signal) => {
      const listeners = process.listeners(signal);
      process.removeAllListeners(signal);
      const pass = () => {
        if (signal !== 'SIGINT') child.kill(signal);
      };
      process.on(signal, pass);
      return { signal, listeners, pass };
    });
    const restore = () => {
      for (const { signal, listeners, pass } of saved) {
        process.off(signal, pass);
        for (const listener of listeners) process.on(signal, listener);
      }
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      restore();
      notStarted();
      if (error.code === 'ENOENT') {
        fail(
          new BatonError(
            'not_found',
            `${program} is not installed or not on PATH — install it, or run \`baton continue ${continuation.note.id} --harness ${continuation.harness}${continuation.headless ? ' --exec' : ''} --print\` for the command`,
          ),
        );
      } else fail(error);
    });
    child.on('close', (code, signal) => {
      restore();
      const number = signal ? constants.signals[signal] : undefined;
      done(code ?? (number === undefined ? 1 : 128 + number));
    });
  });
}
