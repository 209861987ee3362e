// Names become file names, so a name that looks like a credential is refused rather than stored or redacted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAgent } from '../../../src/core/agents/registry.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { createCard } from '../../../src/core/cards/index.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { requestCardEntry } from '../../../src/core/pending/index.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const random = (n: number) =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(n)), (b) => ALNUM[b % ALNUM.length]).join('');
const TOKEN = `${'gh'}${'p_'}${random(36)}`;
const ENV_VALUE = `deploy-${random(24)}`;

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: { DEPLOY_KEY: ENV_VALUE } });
  return { dir, board };
}

function sessionRecord(id: string, cwd: string) {
  const at = '2026-11-30T00:00:00.000Z';
  return {
    id,
    harness: 'claude',
    agent: 'alice',
    cwd,
    projectKey: 'p',
    parentSession: '',
    startedAt: at,
    lastSeen: at,
  };
}

const refused = (kind: string, kinds: string) =>
  `invalid ${kind} name: it looks like a credential (${kinds}) — pick another name`;

describe('credential-shaped names', () => {
  it.each([
    ['sender', { from: TOKEN, to: ['bob'], body: 'x' }, 'github-token'],
    ['recipient', { from: 'alice', to: ['bob', TOKEN], body: 'x' }, 'github-token'],
    ['recipient equal to an env secret', { from: 'alice', to: [ENV_VALUE], body: 'x' }, 'env-secret'],
  ])('a %s is refused and nothing is written', (_, options, kinds) => {
    const { dir, board } = setup();
    expect(() => sendMessage(board, options)).toThrow(refused('agent', kinds));
    expect(filesUnder(dir)).toEqual([]);
  });

  it('an agent registration is refused and nothing is written', () => {
    const { dir, board } = setup();
    expect(() => registerAgent(board, TOKEN)).toThrow(refused('agent', 'github-token'));
    expect(filesUnder(dir)).toEqual([]);
  });

  it('a session id is refused and nothing is written', () => {
    const { dir, board } = setup();
    const record = sessionRecord(TOKEN, dir);
    expect(() => writeSession(board, record)).toThrow(refused('session', 'github-token'));
    expect(filesUnder(dir)).toEqual([]);
  });
});

describe('pending writes', () => {
  it('a key hand-edited into a card title is not copied into the pending write', () => {
    const { dir, board } = setup();
    writeSession(board, sessionRecord('sess-1', dir));
    const { card } = createCard(board, { title: 'Deploy', by: 'you' });
    writeFileSync(
      card.path,
      readFileSync(card.path, 'utf8').replace('title: Deploy', `title: Deploy ${TOKEN}`),
    );
    const { path } = requestCardEntry(board, {
      card: card.id,
      intent: 'summarise',
      requestedBy: 'you',
      session: 'sess-1',
    });
    const stored = readFileSync(path, 'utf8');
    expect(stored).not.toContain(TOKEN);
    expect(stored).toContain('Deploy [REDACTED:github-token]');
  });
});
