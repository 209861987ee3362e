// Qwen Code end to end: the real CLI (`qwen --yolo -p …`), wired by `baton init --harness qwen` (.qwen/settings.json
// hooks and MCP server), against the scripted model server as an OpenAI-compatible endpoint (OPENAI_BASE_URL). See
// scenarios.ts for what each scenario asserts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeScenarios } from './scenarios.js';

describeScenarios({
  harness: 'qwen',
  shell: (command) => ({ name: 'run_shell_command', args: { command, description: 'run baton' } }),
  write: (path, content) => ({ name: 'write_file', args: { file_path: path, content } }),
  dmSend: (args) => ({ name: 'mcp__baton__dm_send', args }),
  dmSendOffered: 'mcp__baton__dm_send',
  args: [],
  // Qwen Code 0.24.4 drops PreToolUse's additionalContext and, in -p mode, shows a hook's systemMessage to no one;
  // with --debug it writes it to its session's debug log, where the scenario finds the warning.
  toolWarningTo: 'harness-log',
  writeArgs: ['--debug'],
  harnessLog: (ws) => {
    const dir = join(ws.home, '.qwen/debug');
    return readdirSync(dir)
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
  },
  // A Stop block's reason is the next user message as it is.
  stopFeedback: /^<baton-mail to="qwen-e2e">/,
  // Qwen Code 0.24.4 fires SessionEnd only in interactive sessions (and ACP), never in -p mode.
  endsSession: false,
});
