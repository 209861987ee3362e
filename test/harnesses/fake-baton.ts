// A stand-in for the baton CLI that the plugin tests hand to the opencode plugin and the pi extension: a node script at
// a path full of characters that need escaping, which records each call (argv, stdin, BATON_SESSION) and answers from
// a table the test sets, so a test sees exactly what the plugin ran and what it did with the answer.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { testdir } from '../helpers/testdir.js';

/** A folder name no naive embedding survives: quotes, a backslash, `${…}`, a comment end, unicode, a newline. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal ${HOME} is the point
export const HOSTILE_DIR = 'we\'ird "dir" \\ ${HOME} */ `tick` ünï 漢字 \u2028\nline';

export interface Call {
  argv: string[];
  stdin: string;
  session?: string;
}

export interface FakeBaton {
  /** The command to embed: [node, <script>]. */
  command: string[];
  /**
   * What the next calls answer: by `hook <event>` or by the first two arguments (`card new`); default nothing.
   * `held`: the call answers only once `release()` was called (a hook still running while the test goes on).
   */
  answer(key: string, reply: { stdout?: string; stderr?: string; code?: number; held?: boolean }): void;
  /** Lets every held call answer, now and from now on. */
  release(): void;
  calls(): Call[];
  /** The stdin of each `hook <event>` call, parsed. */
  hookInputs(event: string): Record<string, unknown>[];
}

const SCRIPT = `const fs = require("node:fs");
const dir = __dirname;
let stdin = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (stdin += chunk));
process.stdin.on("end", () => {
  const argv = process.argv.slice(2);
  fs.appendFileSync(dir + "/calls.jsonl", JSON.stringify({ argv, stdin, session: process.env.BATON_SESSION }) + "\\n");
  const table = JSON.parse(fs.readFileSync(dir + "/answers.json", "utf8"));
  const key = argv[0] === "hook" ? "hook " + argv[1] : argv.slice(0, 2).join(" ");
  const reply = table[key] || {};
  const answer = () => {
    if (reply.stdout) process.stdout.write(reply.stdout);
    if (reply.stderr) process.stderr.write(reply.stderr);
    process.exitCode = reply.code || 0;
  };
  const released = () => (fs.existsSync(dir + "/released") ? answer() : setTimeout(released, 10));
  if (reply.held) released();
  else answer();
});
`;

const envBefore = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  for (const [key, value] of Object.entries(envBefore)) process.env[key] = value;
});

export function fakeBaton(): FakeBaton {
  const dir = join(testdir(), HOSTILE_DIR);
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'baton.cjs');
  writeFileSync(script, SCRIPT);
  const answers: Record<string, unknown> = {};
  writeFileSync(join(dir, 'answers.json'), '{}');
  const calls = (): Call[] => {
    try {
      return readFileSync(join(dir, 'calls.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line));
    } catch {
      return [];
    }
  };
  return {
    command: [process.execPath, script],
    answer(key, reply) {
      answers[key] = reply;
      writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
    },
    release() {
      writeFileSync(join(dir, 'released'), '');
    },
    calls,
    hookInputs: (event) =>
      calls()
        .filter((call) => call.argv[0] === 'hook' && call.argv[1] === event)
        .map((call) => JSON.parse(call.stdin)),
  };
}

/** An answer of `baton hook` for opencode and pi: the neutral envelope as one JSON line. */
export function envelope(fields: Record<string, string>): { stdout: string } {
  return { stdout: `${JSON.stringify(fields)}\n` };
}
