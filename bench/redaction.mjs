// Redaction section of `npm run bench` (SPEC §7): throughput on ordinary code and prose, on text that builds the
// normalised view, and the worst 1 MB adversarial input — and at 4 MiB, the most of a result note redacted whole.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redact } from '../dist/index.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CORPUS_CAP = 8 * 1024 * 1024;
const FILE_CAP = 1024 * 1024;
const TEXT_FILE = /\.(?:js|ts|md|json)$/;
const TIMED_PASSES = 5;
const MB = 1024 * 1024;
const NO_ENV = { env: {} };

/** Text files from node_modules, in a stable order, up to the cap: ordinary code, docs and config. */
function collectCorpus(dir, files = [], state = { bytes: 0 }) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return files;
  }
  for (const entry of entries) {
    if (state.bytes >= CORPUS_CAP) break;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collectCorpus(path, files, state);
    else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      const size = statSync(path).size;
      if (size === 0 || size > FILE_CAP) continue;
      files.push(readFileSync(path, 'utf8'));
      state.bytes += size;
    }
  }
  return files;
}

/** A result note's body is redacted whole up to this (RESULT_LIMITS.bodyBytes): its worst case must stay bounded. */
const RESULT_BODY = 4 * MB;

// The size `fill` builds to: worstCase sets it, so every shape below is measured at 1 MB and at 4 MiB alike.
let size = MB;
function fill(unit, tail = '') {
  return unit.repeat(Math.ceil((size - tail.length) / unit.length)) + tail;
}

// The shapes that make naive secret regexes backtrack: long runs of a rule's own characters,
// prefixes repeated back to back, openers without closers.
const PATHOLOGICAL = {
  'a run': () => fill('a'),
  'equals signs': () => fill('='),
  'eyJ repeated': () => fill('eyJ'),
  'jwt-like segments': () => fill('eyJaaaaaaaa.'),
  'BEGIN lines': () => fill('-----BEGIN'),
  'private key headers without END': () => fill('-----BEGIN PRIVATE KEY-----\n'),
  'ghp_ repeated': () => fill(`gh${'p_'}`),
  'ghp_ then a run': () => `gh${'p_'}${fill('a')}`,
  'sk- then dashes': () => `sk-${fill('a-')}`,
  'password= repeated': () => fill('password='),
  'password: quote repeated': () => fill('"password": "'),
  'password=value repeated': () => fill('password=Zq8!xK2v '),
  'url user runs': () => fill('://a:'),
  'bearer repeated': () => fill('Bearer '),
  'escaped newlines': () => fill('\\n'),
  'key= repeated': () => fill('key='),
  'password: | blocks': () => fill('password: |\n  '),
  'password= then closers': () => fill('password=a)b]c}'),
  'code-like values': () => fill('token: z.a().b<c>('),
  'mysql -p repeated': () => fill('mysql -pabc '),
  'authorization basic repeated': () => fill('Authorization: Basic QUJD'),
  'aws ids and base64': () => fill(`AK${'IA'}ABCDEFGHIJKLMNOP ${'Ab1+'.repeat(10)}\n`),
  'zero-width spaces in a run': () => fill('ab\u200b'),
  'full-width letters': () => fill('\uff41'),
  // The rest of the shapes test/core/redaction/pathological.test.ts runs (there without a bound on time: it is here).
  digits: () => fill('7'),
  capitals: () => fill('A'),
  'eyJ then a run': () => `eyJ${fill('a')}`,
  'private key headers with a far END': () =>
    fill('-----BEGIN RSA PRIVATE KEY-----\nAAAA\n', '-----END RSA PRIVATE KEY-----'),
  'github_pat_ repeated': () => fill('github' + '_pat_'),
  'sk- repeated': () => fill('sk-'),
  'AKIA repeated': () => fill('AK' + 'IA'),
  'token then spaces': () => `token${fill(' ')}`,
  'url without at': () => `https://user:${fill('p')}`,
  'basic with long base64': () => `Basic ${fill('QUJD')}`,
  'telegram digits': () => fill('123456789:AA'),
  'discord-like dots': () => fill('MTIzNDU2Nzg5MDEyMzQ1Njc4.'),
  'azure account key run': () => `AccountKey=${fill('Ab1+')}`,
  'azure client secret tildes': () => fill('abc8Q~'),
  markers: () => fill('[REDACTED:'),
  'random base64': () => randomBase64(size),
  'nested block headers': () => fill('  password: |\n'),
  'password= then brackets': () => fill('password=a(b[c{'),
  'query separators': () => `password=${fill('&a')}`,
  'mysql then dashes': () => `mysql ${fill('-p')}`,
  '--password then quote': () => fill("--password '"),
  'sshpass flags': () => fill('sshpass -e -p '),
  'twilio sids and hex': () =>
    fill(`A${'C'}${'0123456789abcdef'.repeat(2)} ${'fedcba9876543210'.repeat(2)}\n`),
  'full-width run': () => fill('\uff47\uff48\uff50\uff3f'),
  'lowercase key headers': () => fill('--begin private key--\n'),
  'word-processor dash headers': () => fill('\u2014\u2013BEGIN PRIVATE KEY\u2014\u2013\n'),
  'dotted env values': () => fill('VAULT_TOKEN=a.b.c '),
  'token then a long member path': () => `token: ${fill('a.')}`,
  'pat. repeated': () => fill('pa' + 't.'),
  'key- then hex': () => `ke${'y-'}${fill('a')}`,
  'hvs. then a run': () => `hv${'s.'}${fill('a')}`,
  'dp.pt. repeated': () => fill('dp.' + 'pt.'),
  'xoxe. repeated': () => fill('xo' + 'xe.'),
  'sentry org token then base64': () => `sntry${'s'}_eyJ${randomBase64(size)}`,
  'planetscale dots': () => `pscale_${'tkn'}_${fill('a.')}`,
  'authress-like segments': () => fill('sc_aaaaa.aaaa.ac' + 'c_'),
  'yandex-like segments': () => fill('t1.' + 'aaaa.'),
  'base64 jwt prefix repeated': () => fill('ZX' + 'lK'),
  'bedrock key then base64': () => `bedrock-api-key-${'YmVkcm9jay5hbWF6b25hd3MuY29t'}${randomBase64(size)}`,
};

// Deterministic base64 noise (a linear congruential generator): the same text on every run.
function randomBase64(length) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let state = 42;
  const chars = new Array(length);
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    chars[i] = alphabet[state % 64];
  }
  return chars.join('');
}

function throughput(files, bytes) {
  for (const text of files) redact(text, NO_ENV);
  const started = performance.now();
  for (let pass = 0; pass < TIMED_PASSES; pass++) for (const text of files) redact(text, NO_ENV);
  const seconds = (performance.now() - started) / 1000;
  return (bytes * TIMED_PASSES) / MB / seconds;
}

// The slow path: a zero-width space in every file makes each one build the normalised view and scan twice.
function disguised(files) {
  return files.map((text) => `${text.slice(0, 64)}a\u200bb${text.slice(64)}`);
}

function worstCase(bytes = MB) {
  size = bytes;
  let worst = { name: '', ms: 0 };
  for (const [name, build] of Object.entries(PATHOLOGICAL)) {
    const text = build();
    const started = performance.now();
    redact(text, NO_ENV);
    const ms = performance.now() - started;
    if (ms > worst.ms) worst = { name, ms };
  }
  return worst;
}

export default async function redactionBench(ctx) {
  const files = collectCorpus(join(ctx?.root ?? ROOT, 'node_modules'));
  const bytes = files.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const mbPerSecond = throughput(files, bytes);
  const slowPath = throughput(disguised(files), bytes);
  const worst = worstCase();
  const worstResult = worstCase(RESULT_BODY);
  ctx?.log?.(
    `redaction: ${files.length} files, ${(bytes / MB).toFixed(1)} MB; worst case: ${worst.name}; at 4 MiB: ${worstResult.name}`,
  );
  return [
    {
      name: 'redaction throughput',
      value: `${mbPerSecond.toFixed(1)} MB/s`,
      target: '≥ 20 MB/s',
      ok: mbPerSecond >= 20,
    },
    {
      name: 'redaction throughput, every file with a disguise',
      value: `${slowPath.toFixed(1)} MB/s`,
      target: 'informational',
      ok: null,
    },
    {
      name: 'redaction worst case (1 MB pathological)',
      value: `${worst.ms.toFixed(1)} ms`,
      target: '< 1000 ms',
      ok: worst.ms < 1000,
    },
    {
      name: "redaction worst case (4 MiB pathological, a result note's whole body)",
      value: `${worstResult.ms.toFixed(1)} ms`,
      target: '< 4000 ms',
      ok: worstResult.ms < 4000,
    },
  ];
}
