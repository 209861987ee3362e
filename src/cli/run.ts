// Process entry: run the CLI, stop cleanly on signals, and let pending output drain before exiting.
import { processIO } from './io.js';
import { main } from './main.js';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort());
const code = await main(process.argv.slice(2), { ...processIO(), signal: controller.signal });
process.exitCode = code;
