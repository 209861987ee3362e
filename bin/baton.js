#!/usr/bin/env node
// CommonJS (see bin/package.json): hot-path commands require one self-contained file without starting the ESM
// loader; every other command loads the full CLI.
const HOT = new Set(['poll', 'send', 'inbox']);
const command = process.argv[2];
if (HOT.has(command)) require(`../dist/hot/${command}.cjs`);
else import('../dist/cli.js');
