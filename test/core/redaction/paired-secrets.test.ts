// Secrets recognised by the id beside them: near enough and of the right shape, or left alone.

import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { BASE64, DIGITS, HEX, rand, UPPER } from './random.js';

const noEnv = { env: {} };
const awsId = () => `AK${'IA'}${rand(16, UPPER + DIGITS)}`;
const awsSecret = () => `Ab${rand(36, BASE64)}9z`;
const sid = (prefix: string) => `${prefix}${rand(30, HEX)}a1`;

describe('aws secret keys beside their id', () => {
  it('leaves a git SHA or a UUID on the next line alone', () => {
    const id = awsId();
    const sha = rand(40, HEX);
    const text = `${id}\n${sha}\nrequest ${rand(8, HEX)}-${rand(4, HEX)}-4${rand(3, HEX)}-a${rand(3, HEX)}-${rand(12, HEX)}`;
    expect(redact(text, noEnv).text).toBe(text.replace(id, '[REDACTED:aws-access-key]'));
  });

  it('does not reach across a closed JSON object and further lines', () => {
    const id = awsId();
    const other = awsSecret();
    const text = `{"id": "${id}"}\n\n{"other": "${other}"}`;
    expect(redact(text, noEnv).text).toBe(`{"id": "[REDACTED:aws-access-key]"}\n\n{"other": "${other}"}`);
  });

  it('does not reach more than a kilobyte away', () => {
    const id = awsId();
    const far = awsSecret();
    const text = `${id} ${'filler '.repeat(200)}${far}`;
    expect(redact(text, noEnv).text).toBe(text.replace(id, '[REDACTED:aws-access-key]'));
  });

  it('pairs with an id before or after it in one JSON object, across lines', () => {
    const id = awsId();
    const secret = awsSecret();
    const text = `{\n  "k": "${secret}",\n  "note": "ci",\n  "id": "${id}"\n}`;
    expect(redact(text, noEnv).text).toBe(
      '{\n  "k": "[REDACTED:aws-secret-key]",\n  "note": "ci",\n  "id": "[REDACTED:aws-access-key]"\n}',
    );
  });
});

describe('twilio auth tokens beside their account sid', () => {
  it('pairs only with an account sid (AC…), not an API key sid (SK…)', () => {
    const token = `${rand(30, HEX)}f7`;
    const withApiKey = `key ${sid(`S${'K'}`)} and ${token}`;
    expect(redact(withApiKey, noEnv).text).toBe(`key [REDACTED:twilio-key] and ${token}`);
    const withAccount = `acct ${sid(`A${'C'}`)} and ${token}`;
    expect(redact(withAccount, noEnv).text).toBe('acct [REDACTED:twilio-key] and [REDACTED:twilio-key]');
  });

  it('leaves a message sid and non-random hex beside an account sid alone', () => {
    const account = sid(`A${'C'}`);
    const text = `{"account_sid": "${account}", "sid": "SM${rand(32, HEX)}", "pad": "${'0'.repeat(32)}"}`;
    expect(redact(text, noEnv).text).toBe(text.replace(account, '[REDACTED:twilio-key]'));
  });
});
