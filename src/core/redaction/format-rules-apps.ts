// Credential formats of commerce, messaging, productivity and social platforms, recognisable by their prefix.

import { isRandomHex, looksRandom } from './entropy.js';
import type { PatternRule } from './pattern-rule.js';

// Publishable keys (Flutterwave `FLWPUBK`, Lob `*_pub_`, Mailgun `pubkey-`, Mapbox `pk.`, New Relic
// browser `NRJS-`) are left out on purpose, as Stripe's `pk_` is: they are served to browsers.

/** Commerce, messaging, productivity and social-platform tokens, read from gitleaks' rules and written anew. */
export const APP_RULES: readonly PatternRule[] = [
  {
    kind: 'shopify-token',
    keywords: ['hpat_', 'hpca_', 'hppa_', 'hpss_'],
    pattern: /(?<![A-Za-z0-9_+/-])shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(6)),
  },
  {
    // Access tokens (`EAAA…`, older `sq0atp-…`) and application secrets (`sq0csp-…`).
    kind: 'square-token',
    keywords: ['EAA', 'sq0'],
    pattern:
      /(?<![A-Za-z0-9_+/-])(?:(?:EAAA|sq0atp-)[A-Za-z0-9_-]{22,60}|sq0csp-[A-Za-z0-9_-]{43})(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'facebook-token',
    keywords: ['EAA'],
    pattern: /(?<![A-Za-z0-9_+/-])EAA[MC][A-Za-z0-9]{100,1024}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'twitter-bearer-token',
    keywords: ['AAAAAAAAAAAAAAAAAAAAAA'],
    pattern: /(?<![A-Za-z0-9_+/%-])A{22}[A-Za-z0-9%]{80,100}(?![A-Za-z0-9_+/=%-])/g,
    accept: (token) => looksRandom(token.slice(22)),
  },
  {
    // Cloud API tokens: `ATATT3`, some 180 characters, and an 8-hex checksum after `=`.
    kind: 'atlassian-token',
    keywords: ['ATATT3'],
    pattern: /(?<![A-Za-z0-9_+/-])ATATT3[A-Za-z0-9_=-]{180,200}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'notion-token',
    keywords: ['tn_'],
    pattern: /(?<![A-Za-z0-9_+/-])ntn_\d{11}[A-Za-z0-9]{35}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'linear-key',
    keywords: ['n_api_'],
    pattern: /(?<![A-Za-z0-9_+/-])lin_api_[A-Za-z0-9]{40}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // Mailgun's private API key: `key-` and 32 hex, found without a `mailgun` name nearby.
    kind: 'mailgun-key',
    keywords: ['ey-'],
    pattern: /(?<![A-Za-z0-9_+/-])key-[a-f0-9]{32}(?![A-Za-z0-9_+/=-])/g,
    accept: (key) => isRandomHex(key.slice(4)),
  },
  {
    // Brevo (formerly Sendinblue) API and SMTP keys.
    kind: 'sendinblue-key',
    keywords: ['xkeysib-', 'xsmtpsib-'],
    pattern: /(?<![A-Za-z0-9_+/-])x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'duffel-token',
    keywords: ['duffel_'],
    pattern: /(?<![A-Za-z0-9_+/-])duffel_(?:test|live)_[A-Za-z0-9_=-]{43}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'easypost-key',
    keywords: ['EZAK', 'EZTK'],
    pattern: /(?<![A-Za-z0-9_+/-])EZ[AT]K[A-Za-z0-9]{54}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'shippo-token',
    keywords: ['ppo_'],
    pattern: /(?<![A-Za-z0-9_+/-])shippo_(?:live|test)_[a-fA-F0-9]{40}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(-40)),
  },
  {
    // Secret keys (`FLWSECK-…-X`, `FLWSECK_TEST-…-X`) and encryption keys (12 hex-like characters).
    kind: 'flutterwave-key',
    keywords: ['FLWSECK'],
    pattern:
      /(?<![A-Za-z0-9_+/-])FLWSECK(?:_TEST)?-?[a-hA-H0-9]{12}(?:[a-hA-H0-9]{20}-X)?(?![A-Za-z0-9_+/=-])/g,
  },
  {
    // Short-lived tokens: `sl.` (or `sl.u.`) and well over a hundred base64url characters.
    kind: 'dropbox-token',
    keywords: ['sl.'],
    pattern: /(?<![A-Za-z0-9_.+/-])sl\.(?:[a-z]\.)?[A-Za-z0-9_=-]{130,1400}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // The body may hold dots, but not end with one: that is the sentence's.
    kind: 'typeform-token',
    keywords: ['tfp_'],
    pattern:
      /(?<![A-Za-z0-9_+/-])tfp_[A-Za-z0-9_.=-]{58}[A-Za-z0-9_=-](?![A-Za-z0-9_+/=-]|\.[A-Za-z0-9_=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'frameio-token',
    keywords: ['o-u-'],
    pattern: /(?<![A-Za-z0-9_+/-])fio-u-[A-Za-z0-9_=-]{64}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'plaid-token',
    keywords: ['s-sandbox-', 's-development-', 's-production-'],
    pattern:
      /(?<![A-Za-z0-9_+/-])access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(-36).replaceAll('-', '')),
  },
  {
    kind: 'adobe-secret',
    keywords: ['p8e-'],
    pattern: /(?<![A-Za-z0-9_+/-])p8e-[A-Za-z0-9]{32}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'airtable-token',
    keywords: ['pat'],
    pattern: /(?<![A-Za-z0-9_+/-])pat[A-Za-z0-9]{14}\.[a-f0-9]{64}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(-64)),
  },
  {
    // An incoming webhook's path: group, tenant, hook id, creator (and, lately, a signature part).
    kind: 'teams-webhook',
    keywords: ['.office.com/webhookb2/'],
    pattern:
      /\.webhook\.office\.com\/webhookb2\/([a-f0-9-]{36}@[a-f0-9-]{36}\/IncomingWebhook\/[a-f0-9]{32}\/[a-f0-9-]{36}(?:\/[A-Za-z0-9_-]{1,200})?)/dg,
    group: 1,
    accept: (path) => isRandomHex(/IncomingWebhook\/([a-f0-9]{32})/.exec(path)?.[1] ?? ''),
  },
];
