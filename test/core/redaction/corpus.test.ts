// The redaction corpus: recall on fake credentials in context, precision on look-alikes that must survive.

import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { negativeCases } from './corpus-negatives.js';
import { type Part, positiveCases } from './corpus-positives.js';

const noEnv = { env: {} };

function render(parts: readonly Part[], redacted: boolean): string {
  return parts
    .map((part) => (typeof part === 'string' ? part : redacted ? `[REDACTED:${part.kind}]` : part.value))
    .join('');
}

function kindsOf(parts: readonly Part[]): string[] {
  const kinds = parts.flatMap((part) => (typeof part === 'string' ? [] : [part.kind]));
  return [...new Set(kinds)].sort();
}

describe('redaction corpus', () => {
  it('catches every fake credential with the right kind and changes nothing else', () => {
    const positives = positiveCases();
    const negatives = negativeCases();
    const missed = positives.filter(
      (c) => redact(render(c.parts, false), noEnv).text !== render(c.parts, true),
    );
    const flagged = negatives.filter((c) => redact(c.text, noEnv).text !== c.text);
    const caught = positives.length - missed.length;
    console.log(
      `redaction corpus: recall ${caught}/${positives.length}, false positives ${flagged.length}/${negatives.length}`,
    );
    expect(missed.map((c) => ({ name: c.name, got: redact(render(c.parts, false), noEnv).text }))).toEqual(
      [],
    );
    expect(flagged.map((c) => ({ name: c.name, got: redact(c.text, noEnv).text }))).toEqual([]);
  });

  it('covers every required kind with at least one positive and 50 negatives', () => {
    const kinds = new Set(positiveCases().flatMap((c) => kindsOf(c.parts)));
    for (const kind of [
      'aws-access-key',
      'aws-secret-key',
      'github-token',
      'gitlab-token',
      'openai-key',
      'anthropic-key',
      'google-api-key',
      'groq-key',
      'huggingface-token',
      'xai-key',
      'slack-token',
      'slack-webhook',
      'discord-token',
      'discord-webhook',
      'telegram-token',
      'stripe-key',
      'twilio-key',
      'sendgrid-key',
      'npm-token',
      'pypi-token',
      'digitalocean-token',
      'azure-storage-key',
      'azure-client-secret',
      'age-secret-key',
      'jwt',
      'private-key',
      'password-assignment',
      'secret-assignment',
      'bearer-header',
      'basic-auth-header',
      'url-password',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(negativeCases().length).toBeGreaterThanOrEqual(50);
  });

  it('reports count and sorted distinct kinds per case', () => {
    for (const c of positiveCases()) {
      const result = redact(render(c.parts, false), noEnv);
      expect(result.kinds, c.name).toEqual(kindsOf(c.parts));
      expect(result.count, c.name).toBe(c.parts.filter((part) => typeof part !== 'string').length);
    }
  });
});
