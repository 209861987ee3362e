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
};

describe('pathological inputs', () => {
  for (const [name, build] of Object.entries(inputs)) {
    it(`handles 1 MB of ${name} in under 2 s`, () => {
      const text = build();
      const started = performance.now();
      const result = redact(text, { env: {} });
      const elapsed = performance.now() - started;
      expect(typeof result.text).toBe('string');
      // A loose bound on purpose: it only has to catch super-linear blow-ups, not measure speed.
      expect(elapsed).toBeLessThan(2000);
    });
  }
});
