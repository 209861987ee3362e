#!/usr/bin/env node
// CommonJS (see bin/package.json): hot-path commands require one self-contained file without starting the ESM
// loader; every other command loads the full CLI.
// `mcp` too: a harness starts it with every session and waits for it (its bundle holds the MCP SDK; the others don't).
const HOT = new Set(['poll', 'send', 'inbox', 'board', 'index', 'hook', 'mcp']);

// `--url <url>` (anywhere before a `--`) or BATON_URL: the command runs on the board of a `baton serve` elsewhere.
let remote = Boolean(process.env.BATON_URL);
for (let i = 2; i < process.argv.length && process.argv[i] !== '--'; i++) {
  const arg = process.argv[i];
  if (arg !== '--url' && !arg.startsWith('--url=')) continue;
  process.env.BATON_URL = arg === '--url' ? (process.argv[i + 1] ?? '') : arg.slice('--url='.length);
  process.argv.splice(i, arg === '--url' ? 2 : 1);
  remote = true;
  break;
}

// `baton --as bob inbox`: the global flags written before the command are moved after it (before a `--`, if
// any), so every command, hot or not, sees `<command> [flags]`. A tiny scan: only these four may lead.
const argv = process.argv;
let at = 2;
while (at < argv.length) {
  const arg = argv[at];
  if (arg === '--global' || arg === '--json') at += 1;
  else if (arg === '--as' || arg === '--board') at += 2;
  else if (arg.startsWith('--as=') || arg.startsWith('--board=')) at += 1;
  else break;
}
if (at > 2 && at < argv.length) {
  const rest = argv.slice(at + 1);
  const end = rest.indexOf('--');
  const leading = argv.slice(2, at);
  rest.splice(end === -1 ? rest.length : end, 0, ...leading);
  process.argv = [argv[0], argv[1], argv[at], ...rest];
}

const command = process.argv[2];
// Help and the version are this installation's own; `baton mcp` bridges to the server's /mcp (in the full CLI).
const LOCAL = new Set([undefined, 'help', '--help', '-h', 'version', '--version', '-v', 'mcp']);
if (remote && !LOCAL.has(command)) require('./load-hot.cjs').loadHot('remote');
// A hook the gate hands over has work (or the gate could not tell): the full hook at once, without the quick look.
else if (command === 'hook' && process.env.BATON_HOOK_FROM_GATE === '1')
  require('./load-hot.cjs').loadHot('hook-work').runGatedHook();
else if (HOT.has(command)) require('./load-hot.cjs').loadHot(command);
else import('../dist/cli.js');
