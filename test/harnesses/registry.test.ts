// The registry is the folders: every folder in src/harnesses/ is one harness in registry.ts and every harness has its
// folder; each per-role table (wiring, hooks, transcript readers) holds exactly the roles its folder has files for,
// as that file exports them; and what a harness's files say of it agrees with its harness.ts.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../src/core/transcripts/read-transcript.js';
import { HARNESS_NAMES, HARNESSES, harnessInfo, isHarnessName } from '../../src/harnesses/registry.js';
import type { HarnessInfo } from '../../src/harnesses/types.js';
import { HOOKS } from '../../src/hooks/envelope.js';
import { WIRINGS } from '../../src/wiring/select.js';

const DIR = resolve(import.meta.dirname, '../../src/harnesses');
const folders = readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const has = (name: string, file: string) => existsSync(join(DIR, name, file));
const load = (name: string, file: string) => import(join(DIR, name, file));

describe('the harness registry', () => {
  it('lists exactly the folders in src/harnesses/, each once', () => {
    expect(folders.length).toBeGreaterThanOrEqual(5);
    expect([...HARNESS_NAMES].sort()).toEqual([...folders].sort());
    expect(new Set(HARNESS_NAMES).size).toBe(HARNESS_NAMES.length);
  });

  it.each(folders)('%s: its harness.ts is the registry entry, named as its folder', async (name) => {
    const { harness } = (await load(name, 'harness.ts')) as { harness: HarnessInfo };
    expect(harness.name).toBe(name);
    expect(isHarnessName(name)).toBe(true);
    expect(HARNESSES).toContain(harness);
    expect(harness.label).not.toBe('');
  });

  it.each(folders)('%s: each role file is in its table, as the file exports it', async (name) => {
    if (!isHarnessName(name)) throw new Error(`${name} is not in the registry`);
    expect(has(name, 'wiring.ts')).toBe(true);
    expect(WIRINGS.filter((wiring) => wiring.name === name)).toEqual([
      (await load(name, 'wiring.ts')).wiring,
    ]);
    expect(has(name, 'hooks.ts')).toBe(true);
    expect(HOOKS[name]).toBe((await load(name, 'hooks.ts')).hooks);
    const readers = ADAPTERS.filter((adapter) => adapter.harness === name);
    expect(readers).toEqual(
      has(name, 'transcript.ts') ? [(await load(name, 'transcript.ts')).transcript] : [],
    );
  });

  it('the per-role tables follow the registry order', () => {
    expect(WIRINGS.map((wiring) => wiring.name)).toEqual(HARNESS_NAMES);
    expect(Object.keys(HOOKS).sort()).toEqual([...HARNESS_NAMES].sort());
    const order = ADAPTERS.map((adapter) => HARNESS_NAMES.indexOf(adapter.harness));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it.each(folders)(
    '%s: the hook entries its wiring writes are its own events, meaning what harness.ts says',
    async (name) => {
      if (!isHarnessName(name)) throw new Error(`${name} is not in the registry`);
      const { hookEvents } = harnessInfo(name);
      const module = (await load(name, 'wiring.ts')) as Record<string, unknown>;
      // Its hook specs: an exported list of { event, batonEvent } (a harness wired by a plugin, or writing its hooks
      // another way, has none).
      const specs = Object.values(module)
        .filter(Array.isArray)
        .flat()
        .filter(
          (spec): spec is { event: string; batonEvent: string } => typeof spec?.batonEvent === 'string',
        );
      for (const spec of specs)
        expect([spec.event, hookEvents[spec.event]]).toEqual([spec.event, spec.batonEvent]);
    },
  );

  it.each(folders)('%s: its start and resume commands run its own program', (name) => {
    if (!isHarnessName(name)) throw new Error(`${name} is not in the registry`);
    const harness = harnessInfo(name);
    const start = harness.start('hello there');
    const resume = harness.resume('3f2a9c');
    expect(harness.processNames).toContain(start[0]);
    expect(start).toContain('hello there');
    expect(resume[0]).toBe(start[0]);
    expect(resume.some((arg) => arg.includes('3f2a9c'))).toBe(true);
  });
});
