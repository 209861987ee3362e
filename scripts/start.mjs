// `npm start`: baton on the board resolved from here, or on a seeded demo board when there is none.
import { spawnSync } from 'node:child_process';

const result = spawnSync(process.execPath, ['bin/baton.js', 'demo', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
