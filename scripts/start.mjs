// `npm start`: the web UI on the board resolved from here, or on a demo board seeded when there is none
// (`baton demo --serve`; extra arguments pass through: `npm start -- --port 8080`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/baton.js', import.meta.url));
const child = spawn(process.execPath, [bin, 'demo', '--serve', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// Ctrl-C reaches the whole process group, baton included: this wrapper only waits for it to stop. A SIGTERM sent to
// this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('error', (error) => {
  console.error(`npm start: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
