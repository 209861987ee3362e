// baton's version, read from its package.json (the one place it is written down).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `version` of the package this file was built into: the nearest package.json above it that has one
 * (dist/ and dist/chunks/ have none; bin/package.json only sets the module type). '' when none is readable.
 */
export function packageVersion(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    try {
      const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
      if (typeof version === 'string' && version !== '') return version;
    } catch {
      // no package.json here (or not JSON): keep walking up
    }
    if (dirname(dir) === dir) return '';
  }
}
