// The text-level edits: the managed block and Codex's TOML table leave the rest of a file byte-identical.
import { describe, expect, it } from 'vitest';
import { BLOCK_BEGIN, BLOCK_END, removeBlock, upsertBlock } from '../../src/wiring/managed-block.js';
import { setTomlTable } from '../../src/wiring/toml-table.js';

describe('managed block', () => {
  it('appends once, replaces in place, and removes back to the original bytes', () => {
    for (const original of ['# Notes\n\nBe kind.\n', '# Notes\nno final newline', '\n', 'a\r\nb\r\n']) {
      const once = upsertBlock('AGENTS.md', original, 'one');
      expect(once).toContain(`${BLOCK_BEGIN}\none\n${BLOCK_END}\n`);
      expect(upsertBlock('AGENTS.md', once, 'one')).toBe(once);
      const twice = upsertBlock('AGENTS.md', once, 'two\nlines');
      expect(twice.replace('two\nlines', 'one')).toBe(once);
      const removed = removeBlock('AGENTS.md', twice);
      if (original.endsWith('\n') && original.trim() !== '') expect(removed).toBe(original);
      else if (original.trim() === '') expect(removed).toBeNull();
      else expect(removed).toBe(`${original}\n`);
    }
  });

  it('keeps text written after the block where it is', () => {
    const text = upsertBlock('A', '# Top\n', 'body');
    const edited = `${text}\n## Mine, after\n`;
    const replaced = upsertBlock('A', edited, 'new body');
    expect(replaced).toBe(edited.replace('body', 'new body'));
    expect(removeBlock('A', replaced)).toBe('# Top\n\n## Mine, after\n');
  });

  it('a new file is only the block, and removing it leaves nothing', () => {
    expect(upsertBlock('A', null, 'b')).toBe(`${BLOCK_BEGIN}\nb\n${BLOCK_END}\n`);
    expect(removeBlock('A', upsertBlock('A', null, 'b'))).toBeNull();
    expect(removeBlock('A', null)).toBeNull();
    expect(removeBlock('A', '# untouched\n')).toBe('# untouched\n');
  });

  it('refuses a stray marker, naming the file', () => {
    expect(() => upsertBlock('/p/AGENTS.md', `x\n${BLOCK_BEGIN}\ny\n`, 'b')).toThrow(
      `/p/AGENTS.md has ${BLOCK_BEGIN} without ${BLOCK_END} — nothing was written; remove the stray marker and run baton init again`,
    );
    expect(() => removeBlock('/p/AGENTS.md', `${BLOCK_END}\n`)).toThrow(
      `has ${BLOCK_END} without ${BLOCK_BEGIN}`,
    );
  });
});

describe('TOML table', () => {
  const body = 'command = "/n"\nargs = ["/b.js", "mcp"]';
  const table = ['mcp_servers', 'baton'];

  it('appends the table after the rest, byte for byte, and takes it out again', () => {
    const original = '# mine\nmodel = "o3" # inline comment\n\n[mcp_servers.other]\ncommand = "x"\n';
    const added = setTomlTable('c.toml', original, table, body);
    expect(added).toBe(`${original}\n[mcp_servers.baton]\n${body}\n`);
    expect(setTomlTable('c.toml', added, table, body)).toBe(added);
    expect(setTomlTable('c.toml', added, table, null)).toBe(original);
  });

  it('replaces a stale table where it stands, with its sub-tables, keeping what follows', () => {
    const stale =
      '[mcp_servers.baton]\ncommand = "/old"\n\n[mcp_servers.baton.env]\nA = "1"\n\n[tools]\nx = 1\n';
    expect(setTomlTable('c.toml', stale, table, body)).toBe(
      `[mcp_servers.baton]\n${body}\n\n[tools]\nx = 1\n`,
    );
    expect(setTomlTable('c.toml', stale, table, null)).toBe('[tools]\nx = 1\n');
  });

  it('a new file is the table; removing it from a file of only the table deletes the file', () => {
    const made = setTomlTable('c.toml', null, table, body);
    expect(made).toBe(`[mcp_servers.baton]\n${body}\n`);
    expect(setTomlTable('c.toml', made, table, null)).toBeNull();
    expect(setTomlTable('c.toml', null, table, null)).toBeNull();
  });

  it('refuses invalid TOML and a table it cannot edit as text, naming the file', () => {
    expect(() => setTomlTable('/p/config.toml', 'model = \n', table, body)).toThrow(
      /^\/p\/config\.toml is not valid TOML \(.+\) — nothing was written; fix the file \(or move it away\) and run baton init again$/,
    );
    expect(() =>
      setTomlTable('/p/config.toml', 'mcp_servers = { baton = { command = "x" } }\n', table, body),
    ).toThrow(
      '/p/config.toml defines mcp_servers.baton in a form baton does not edit (an inline table or dotted keys) — nothing was written',
    );
  });
});
