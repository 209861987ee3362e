// A raw draft from every fixture transcript, read as the next agent would. The expected values were read from the
// fixture files by hand (a line-by-line dump), not produced by running the code.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { draft, FIXTURES, fixture, project } from './helpers.js';

describe('drafts from the fixture transcripts', () => {
  it('covers every fixture transcript (a new fixture needs its own test here)', () => {
    const all = ['claude', 'codex'].flatMap((harness) =>
      readdirSync(join(FIXTURES, harness)).map((name) => `${harness}/${name}`),
    );
    expect(all.sort()).toEqual([
      'claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl',
      'claude/codemie-incremental-subagents-turn-2.jsonl',
      'claude/spotter-tool_heavy.jsonl',
      'codex/codemie-turn-2.jsonl',
      'codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
    ]);
  });

  it('Claude Code 2.0.64: three prompts, Write ×3, Edit, `rm hello.js`', async () => {
    const { board } = project();
    const { note, sections, digest } = await draft(
      board,
      fixture('claude', '4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl'),
    );
    expect(note).toMatchObject({
      title: 'create hello.py, md and js',
      session: '4c2ddfdc-b619-4525-8d03-1950fb1b0257',
      parentSession: '',
      agent: 'claude',
      harness: 'claude',
      provenance: 'raw',
      status: 'ok',
      // The session ran in /tmp/private: its files land at the same place in this project.
      files: ['hello.py', 'hello.md', 'hello.js'],
    });
    expect(sections.goal).toBe(
      'The first request in the session:\n\n> create hello.py, md and js\n\n' +
        'Later requests (2):\n- update py with one liner comment\n- delete js',
    );
    expect(sections.done).toBe(
      [
        'Files written or edited (3):',
        '- `hello.py` — created, then edited',
        '- `hello.md` — created',
        '- `hello.js` — created, then deleted',
        '',
        'Commands run (1, 0 failed):',
        '- `rm hello.js` — ok',
        '',
        'Tests: not run (no test runner summary in the output seen).',
        '',
        'Tools used: Write ×3, Read ×1, Edit ×1.',
      ].join('\n'),
    );
    expect(sections.state).toBe(
      "The last assistant message:\n\n> Done! I've deleted hello.js.\n\n" +
        'Source: a Claude Code transcript (2.0.64), session 4c2ddfdc-b619-4525-8d03-1950fb1b0257, folder /tmp/private, ' +
        '2025-12-10T19:37:45.343Z to 2025-12-10T19:38:31.216Z; 25 lines read.',
    );
    expect(sections.decisions).toBe('unknown (not in a mechanical draft).');
    expect(sections.pitfalls).toBe('None seen: no tool call failed and no command exited non-zero.');
    expect(sections.next).toContain('unknown — no unfinished plan item or open question');
    expect(sections.next).toContain('Read first:\n- `hello.py`\n- `hello.md`\n- the transcript itself:');
    expect(digest.unknownLines).toBe(0);
  });

  it('Claude Code 2.1.7: a sub-agent task, six commands, one file written; a summary of another conversation is not the title', async () => {
    const { board } = project();
    const { note, sections } = await draft(
      board,
      fixture('claude', 'codemie-incremental-subagents-turn-2.jsonl'),
    );
    const prompt =
      '@"solution-architect (agent)" analyze existing CLI command and create specification for adding missing CLI commands. follow best practices in CLI to add valuable commands';
    // Line 1's summary ("Metrics Calculations …") names leaf 0a6dceb2…, which is not in this file.
    expect(note.title).toBe(
      '@"solution-architect (agent)" analyze existing CLI command and create specification for adding missing CLI commands.',
    );
    expect(note.session).toBe('e9fb405b-169f-40eb-9396-7e75076f045d');
    expect(note.files).toEqual(['SPEC-NEW-CLI-COMMANDS.md']);
    expect(sections.goal).toBe(`The first request in the session:\n\n> ${prompt}`);
    expect(sections.done).toContain(
      [
        'Files written or edited (1):',
        '- `SPEC-NEW-CLI-COMMANDS.md` — created',
        '',
        'Commands run (6, 0 failed):',
        '- `find . -name "*spec*.md" -o -name "*CLI*.md" -o -name "*command*.md" | grep -E "(spec|SPEC|design|DESIGN)" | head -20` — ok',
        '- `ls -lt | head -20` — ok',
        '- `find _bmad-output -type f -name "*.md" | head -20` — ok',
        '- `ls -laR _bmad-output/ 2>/dev/null | head -50` — ok',
        '- `ls -la _bmad/ 2>/dev/null | head -30` — ok',
        '- `find . -name "*.md" -type f -mmin -10 2>/dev/null` — ok',
      ].join('\n'),
    );
    expect(sections.done).toContain(
      'Sub-agent tasks (1):\n- solution-architect: Analyze CLI and spec new commands',
    );
    expect(sections.state).toMatch(
      /^The last assistant message:\n\n> ## Summary\n>\n> I've analyzed the existing CLI/,
    );
    expect(sections.state).toContain('> The specification follows all CodeMie CLI architectural patterns');
    // The "### 🚀 Next Steps" list at the end of the last message.
    expect(sections.next).toContain(
      [
        'Open items at the end of the last assistant message:',
        '- Review specification for alignment with project goals',
        '- Prioritize commands based on user needs',
        '- Implement Phase 1 (HIGH priority) first',
        '- Gather user feedback before next phases',
      ].join('\n'),
    );
  });

  it('Claude Code 2.1.38: a local /mcp command is not a prompt; a background command; the session ends interrupted', async () => {
    const { board } = project();
    const { note, sections, digest } = await draft(board, fixture('claude', 'spotter-tool_heavy.jsonl'));
    expect(note.title).toBe('start phoenix in background');
    expect(note.files).toEqual([]);
    expect(sections.goal).toBe(
      'The first request in the session:\n\n> start phoenix in background\n\n' +
        'Later requests (1):\n- scrolling back in xterm.js still does not work (maybe because outer web catches it)? websearch xterm.js tmux interactions',
    );
    expect(sections.done).toContain(
      [
        'Files written or edited: none seen in the transcript.',
        '',
        'Commands run (2, 0 failed):',
        '- `mix phx.server` — started in the background (outcome not in the transcript)',
        '- `tail -5 /tmp/claude-1000/-home-marco-projects-spotter/tasks/bae407b.output` — ok',
      ].join('\n'),
    );
    expect(sections.done).toContain('Tools used: WebSearch ×1, Glob ×1, Read ×1, WebFetch ×1.');
    expect(sections.state).toContain(
      'The last assistant message:\n\n> Phoenix server is starting in the background.\n>\n> Let me check the MCP servers status.\n\n' +
        'After it, one request got no reply in the transcript.\n\n' +
        'The session ended as its last turn was interrupted by the person.',
    );
    expect(digest.prompts.count).toBe(2);
  });

  it('Codex 0.129.0 (exec): two prompts, environment context injections left out, no tools', async () => {
    const { board } = project();
    const { note, sections } = await draft(board, fixture('codex', 'codemie-turn-2.jsonl'));
    expect(note).toMatchObject({
      title: 'Hello, Codex! Please explain what you do.',
      session: 'a1b2c3d4-e5f6-7890-abcd-ef1234567890',
      agent: 'codex',
      harness: 'codex',
      files: [],
    });
    expect(sections.goal).toBe(
      'The first request in the session:\n\n> Hello, Codex! Please explain what you do.\n\n' +
        'Later requests (1):\n- What languages can you work with?',
    );
    expect(sections.done).toBe(
      'Files written or edited: none seen in the transcript.\n\nCommands run: none (not run).\n\n' +
        'Tests: not run (no test runner summary in the output seen).',
    );
    expect(sections.state).toBe(
      'The last assistant message:\n\n> I can work with many programming languages including Python, JavaScript, TypeScript, Go, and Rust.\n\n' +
        'Source: a Codex transcript (0.129.0), session a1b2c3d4-e5f6-7890-abcd-ef1234567890, folder /home/user/project, ' +
        '2026-05-12T10:00:00.000Z to 2026-05-12T10:01:02.200Z; 25 lines read.',
    );
  });

  it('Codex 0.125.0 (tui): AGENTS.md injection skipped, three patches, 43 commands with exit codes and test summaries, failures as pitfalls, the open plan item', async () => {
    const { board } = project();
    const { note, sections, digest } = await draft(
      board,
      fixture('codex', 'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl'),
    );
    const changed = [
      'src/agents/plugins/__tests__/codemie-code-reasoning.test.ts',
      'src/agents/plugins/codemie-code.plugin.ts',
      'src/agents/plugins/opencode/opencode.plugin.ts',
    ];
    expect(note).toMatchObject({
      title: 'show tools',
      session: '019e1625-789d-76c0-80ab-3724b5ddb799',
      files: changed,
    });
    expect(sections.goal).toBe(
      'The first request in the session:\n\n> show tools\n\n' +
        "Later requests (1):\n- let's update the defailt context compart to 90 in env var",
    );
    expect(sections.done).toContain(
      `Files written or edited (3):\n${changed.map((path) => `- \`${path}\` — edited`).join('\n')}`,
    );
    expect(digest.commandCount).toBe(43);
    expect(digest.failedCommands).toBe(4);
    expect(sections.done).toContain('Commands run (43, 4 failed; the last 40 listed):');
    const test = 'npm test -- --run src/agents/plugins/__tests__/codemie-code-reasoning.test.ts';
    expect(sections.done).toContain(
      [
        `- \`${test} -t "Compaction Config"\` — exit 1 · Tests 1 failed | 15 skipped (16)`,
        `- \`${test} -t "Compaction Config"\` — exit 0 · Tests 1 passed | 15 skipped (16)`,
        `- \`${test}\` — exit 0 · Tests 16 passed (16)`,
      ].join('\n'),
    );
    expect(sections.done).toContain('- `npm run build` — exit 0');
    expect(sections.done).toContain(
      "- `rg -n \"compact|compaction|compacting|summar|context\" node_modules/opencode-ai node_modules/opencode --glob '!**/*.map' --glob '!**/*.jsonl'` — exit 2",
    );
    // The first three commands (two skill reads and an rg) fall outside the last 40.
    expect(sections.done).not.toContain('SKILL.md');
    expect(sections.pitfalls).toBe(
      [
        'Tool errors (5):',
        '- write_stdin — write_stdin failed: stdin is closed for this session; rerun exec_command with tty=true to keep stdin open',
        "- command `rg -n \"compact|compaction|compacting|summar|context\" node_modules/opencode-ai node_modules/opencode --glob '!**/*.map' --glob '!**/*.jsonl'` — exit 2: rg: node_modules/opencode-ai: No such file or directory (os error 2)",
        '- command `rg -n "compact|compaction|context" node_modules/@codemieai/codemie-opencode node_modules/@codemieai/codemie-opencode-darwin-arm64 --glob \'!**/*.map\'` — exit 1',
        '- command `rg -n "compaction|compact|reserved" node_modules/@codemieai --hidden` — exit 1',
        `- command \`${test} -t "Compaction Config"\` — exit 1: ❯ src/agents/plugins/__tests__/codemie-code-reasoning.test.ts (16 tests | 1 failed | 15 skipped) 1316ms`,
      ].join('\n'),
    );
    expect(sections.decisions).toBe(
      'Not judged here (a mechanical draft). What the agent said when it last wrote its plan:\n' +
        '- I’m treating “context compact to 90 in env var” as the OpenCode generated config passed through `OPENCODE_CONFIG_CONTENT`, with a `compaction.threshold` value of `0.9`.',
    );
    expect(sections.next).toContain(
      'Open items of the last plan the agent wrote:\n- [in_progress] Run focused verification',
    );
    expect(sections.state).toMatch(
      /^The last assistant message:\n\n> Implemented the default context compaction setting/,
    );
    expect(sections.state).toContain('folder /Users/Sample_User/repos/codemie-ai/codemie-code');
    expect(note.facts).toContain('last test summary: Tests 16 passed (16)');
  });
});
