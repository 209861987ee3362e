// Which of our rules stands for each gitleaks rule with a fixed prefix, and fresh tokens in each rule's format.
//
// Read from gitleaks' cmd/generate/config/rules/*.go at b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b (2026-07):
// 225 rules, of which 133 have a secret that starts with fixed text: all are listed in these tables (with
// `sonar-api-token`, whose prefix is optional). Rules
// whose secret is recognised only by a provider's name nearby (`adafruit_key = <32 chars>`), a bare
// UUID or hex string, or a shape without a prefix (`generic-api-key`, `curl-auth-header`,
// `kubernetes-secret-yaml`, `telegram-bot-api-token`, …) are not in them. Prefixes are concatenated
// so that no file here holds a literal that a secret scanner would flag.

import { APP_ROWS } from './gitleaks-apps.js';
import { CORE_ROWS } from './gitleaks-core.js';
import { INFRA_ROWS } from './gitleaks-infra.js';
import type { CoveredRow, LeftOutRow } from './gitleaks-tokens.js';

export type { CoveredRow, LeftOutRow } from './gitleaks-tokens.js';

/** Fixed-prefix gitleaks rules we do not redact, and why. */
export const LEFT_OUT: readonly LeftOutRow[] = [
  {
    id: 'flutterwave-public-key',
    why: 'a publishable key (FLWPUBK), served to browsers; Stripe pk_ keys are kept for the same reason',
  },
  { id: 'lob-pub-api-key', why: 'a publishable key (test_pub_/live_pub_), served to browsers' },
  { id: 'mailgun-pub-key', why: 'a public validation key (pubkey-), served to browsers' },
  { id: 'mapbox-api-token', why: 'a public token (pk.), meant to be embedded in web pages' },
  { id: 'new-relic-browser-api-token', why: 'a browser key (NRJS-), embedded in every instrumented page' },
  {
    id: 'sumologic-access-id',
    why: 'an access id, not a secret, and su + 12 characters is too short to tell from a word',
  },
];

/** Every gitleaks rule with a fixed prefix that one of our rules redacts, with a maker of fresh tokens. */
export const COVERED: readonly CoveredRow[] = [...CORE_ROWS, ...INFRA_ROWS, ...APP_ROWS];
