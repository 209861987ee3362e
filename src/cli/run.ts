// Process entry of the full CLI (every command, each loaded on demand).
import { main } from './main.js';
import { runAsProcess } from './process-entry.js';

await runAsProcess(main);
