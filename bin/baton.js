#!/usr/bin/env node
// Commands on the hot path load one self-contained file; everything else goes through the full CLI.
const HOT = new Set(['poll', 'send', 'inbox']);
const command = process.argv[2];
await import(HOT.has(command) ? `../dist/hot/${command}.js` : '../dist/cli.js');
