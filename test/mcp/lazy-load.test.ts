// The hot path never loads the MCP SDK (or zod): `send` and `poll` run with guards that fail on them — an ESM
// loader hook, and a CommonJS resolver patch (the hot-path commands are CommonJS bundles) — and no hot bundle but
// `baton mcp`'s holds them inlined.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, testdir } from '../helpers/testdir.js';

function withGuard(dir: string, args: string[]) {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@modelcontextprotocol/') || specifier === 'zod' || specifier.startsWith('zod/')) {
    throw new Error('hot path loaded ' + specifier);
  }
  return next(specifier, context);
}\n`,
  );
  const guard = join(dir, 'guard.cjs');
  writeFileSync(
    guard,
    `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request.startsWith('@modelcontextprotocol/') || request === 'zod' || request.startsWith('zod/')) {
    throw new Error('hot path loaded ' + request);
  }
  return resolve.call(this, request, ...rest);
};\n`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return spawnSync(
    process.execPath,
    ['--require', guard, '--import', pathToFileURL(register).href, ...args],
    {
      cwd: dir,
      env: cleanEnv({ BATON_DIR: join(dir, '.baton') }),
      input: '',
      encoding: 'utf8',
    },
  );
}

describe('lazy loading', () => {
  it('send and poll never resolve @modelcontextprotocol or zod', () => {
    const dir = testdir();
    const send = withGuard(dir, [BIN, 'send', '--as', 'alice', '--to', 'bob', '--body', 'hi']);
    expect(send.stderr).not.toContain('hot path loaded');
    expect(send.status).toBe(0);
    const poll = withGuard(dir, [BIN, 'poll', '--as', 'bob']);
    expect(poll.stderr).not.toContain('hot path loaded');
    expect(poll.status).toBe(0);
    expect(poll.stdout).toContain('hi');
  });

  it('the guards do catch a command that loads the SDK, by import or by require (so the test above can fail)', () => {
    const dir = testdir();
    // (`baton mcp` itself no longer resolves it: its bundle holds the SDK, see the last test.)
    const imported = withGuard(dir, [
      '--input-type=module',
      '-e',
      "await import('@modelcontextprotocol/sdk/server/mcp.js')",
    ]);
    expect(imported.status).not.toBe(0);
    expect(imported.stderr).toContain('hot path loaded @modelcontextprotocol/sdk');
    const required = withGuard(dir, ['-e', "require('zod')"]);
    expect(required.status).not.toBe(0);
    expect(required.stderr).toContain('hot path loaded zod');
  });

  it('no hot bundle but mcp.cjs holds the SDK or zod inlined either', () => {
    const hot = join(import.meta.dirname, '../../dist/hot');
    for (const name of readdirSync(hot).filter((file) => file.endsWith('.cjs'))) {
      const text = readFileSync(join(hot, name), 'utf8');
      const holds = text.includes('McpServer') || text.includes('ZodType');
      expect({ name, holds }).toEqual({ name, holds: name === 'mcp.cjs' });
    }
  });
});
