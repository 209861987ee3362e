// Catastrophic-backtracking guard: 1 MB adversarial inputs must each finish quickly.

import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { BASE64, rand } from './random.js';

const MB = 1024 * 1024;

function fill(unit: string, tail = ''): string {
  return unit.repeat(Math.ceil((MB - tail.length) / unit.length)) + tail;
}

const inputs: Record<string, () => string> = {
  'a run': () => fill('a'),
  'equals signs': () => fill('='),
  digits: () => fill('7'),
  capitals: () => fill('A'),
  'eyJ repeated': () => fill('eyJ'),
  'eyJ then a run': () => `eyJ${fill('a')}`,
  'jwt-like segments': () => fill('eyJaaaaaaaa.'),
  'BEGIN lines': () => fill('-----BEGIN'),
  'private key headers without END': () => fill('-----BEGIN PRIVATE KEY-----\n'),
  'private key headers with a far END': () =>
    fill('-----BEGIN RSA PRIVATE KEY-----\nAAAA\n', '-----END RSA PRIVATE KEY-----'),
  'ghp_ repeated': () => fill('gh' + 'p_'),
  'ghp_ then a run': () => `gh${'p_'}${fill('a')}`,
  'github_pat_ repeated': () => fill('github' + '_pat_'),
  'sk- repeated': () => fill('sk-'),
  'sk- then dashes': () => `sk-${fill('a-')}`,
  'AKIA repeated': () => fill('AK' + 'IA'),
  'password= repeated': () => fill('password='),
  'password: quote repeated': () => fill('"password": "'),
  'password=value repeated': () => fill('password=Zq8!xK2v ', ''),
  'token then spaces': () => `token${fill(' ')}`,
  'url user runs': () => fill('://a:'),
  'url without at': () => `https://user:${fill('p')}`,
  'bearer repeated': () => fill('Bearer '),
  'basic with long base64': () => `Basic ${fill('QUJD')}`,
  'telegram digits': () => fill('123456789:AA'),
  'discord-like dots': () => fill('MTIzNDU2Nzg5MDEyMzQ1Njc4.'),
  'azure account key run': () => `AccountKey=${fill('Ab1+')}`,
  'azure client secret tildes': () => fill('abc8Q~'),
  'escaped newlines': () => fill('\\n'),
  markers: () => fill('[REDACTED:'),
  'random base64': () => rand(MB, BASE64),
  // The issue 8 rules: generic key names, block scalars, flags, pairs, brackets, the normalised view.
  'key= repeated': () => fill('key='),
  'pwd: repeated': () => fill('pwd:'),
  'password: | blocks': () => fill('password: |\n  '),
  'nested block headers': () => fill('  password: |\n'),
  'password= then brackets': () => fill('password=a(b[c{'),
  'password= then closers': () => fill('password=a)b]c}'),
  'query separators': () => `password=${fill('&a')}`,
  'code-like values': () => fill('token: z.a().b<c>('),
  'mysql -p repeated': () => fill('mysql -pabc '),
  'mysql then dashes': () => `mysql ${fill('-p')}`,
  '--password then quote': () => fill("--password '"),
  'sshpass flags': () => fill('sshpass -e -p '),
  'aws ids and base64': () => fill(`AK${'IA'}ABCDEFGHIJKLMNOP ${rand(40, BASE64)}\n`),
  'twilio sids and hex': () =>
    fill(`A${'C'}${'0123456789abcdef'.repeat(2)} ${'fedcba9876543210'.repeat(2)}\n`),
  'authorization basic repeated': () => fill('Authorization: Basic QUJD'),
  'zero-width spaces in a run': () => fill('ab\u200b'),
  'full-width run': () => fill('\uff47\uff48\uff50\uff3f'),
  'full-width letters': () => fill('\uff41'),
  'lowercase key headers': () => fill('--begin private key--\n'),
  'word-processor dash headers': () => fill('\u2014\u2013BEGIN PRIVATE KEY\u2014\u2013\n'),
  // Issue 21: dotted values after secret names, and the prefixes read from gitleaks' rules.
  'dotted env values': () => fill('VAULT_TOKEN=a.b.c '),
  'token then a long member path': () => `token: ${fill('a.')}`,
  'token: dotted names repeated': () => fill('token: aB.cD '),
  'pat. repeated': () => fill('pa' + 't.'),
  'key- then hex': () => `ke${'y-'}${fill('a')}`,
  'hvs. then a run': () => `hv${'s.'}${fill('a')}`,
  'dp.pt. repeated': () => fill('dp.' + 'pt.'),
  'xoxe. repeated': () => fill('xo' + 'xe.'),
  'sentry org token then base64': () => `sntry${'s'}_eyJ${rand(MB, BASE64)}`,
  'planetscale dots': () => `pscale_${'tkn'}_${fill('a.')}`,
  'authress-like segments': () => fill('sc_aaaaa.aaaa.ac' + 'c_'),
  'yandex-like segments': () => fill('t1.' + 'aaaa.'),
  'base64 jwt prefix repeated': () => fill('ZX' + 'lK'),
  'bedrock key then base64': () => `bedrock-api-key-${'YmVkcm9jay5hbWF6b25hd3MuY29t'}${rand(MB, BASE64)}`,
};

describe('pathological inputs', () => {
  for (const [name, build] of Object.entries(inputs)) {
    // Finishes: a catastrophic backtrack on 1 MB takes hours, and the suite's hang guard ends it. How fast is the
    // bench's (`npm run bench`, redaction: the worst 1 MB adversarial input), never a bound here, where a loaded
    // machine would make it flaky.
    it(`handles 1 MB of ${name}`, () => {
      const text = build();
      const result = redact(text, { env: {} });
      expect(typeof result.text).toBe('string');
    });
  }
});
