// Gitleaks' fixed-prefix rules for commerce, messaging, productivity and social platforms.

import {
  ALNUM,
  assignments,
  type CoveredRow,
  DIGITS,
  HEX_ANY_CASE,
  hex,
  noFinalDot,
  uuid,
  WORD_DASH,
} from './gitleaks-tokens.js';

const FLUTTERWAVE_HEX = 'abcdefghABCDEFGH0123456789';

export const APP_ROWS: readonly CoveredRow[] = [
  {
    id: 'shopify-access-token',
    kind: 'shopify-token',
    token: (r) => `shp${'at'}_${hex(r, 32, HEX_ANY_CASE)}`,
  },
  { id: 'shopify-custom-access-token', kind: 'shopify-token', token: (r) => `shp${'ca'}_${hex(r, 32)}` },
  { id: 'shopify-private-app-access-token', kind: 'shopify-token', token: (r) => `shp${'pa'}_${hex(r, 32)}` },
  { id: 'shopify-shared-secret', kind: 'shopify-token', token: (r) => `shp${'ss'}_${hex(r, 32)}` },
  {
    id: 'square-access-token',
    kind: 'square-token',
    token: (r) => `${r.pick(['EA' + 'AA', `sq0${'atp'}-`])}${r.string(r.int(22, 61), WORD_DASH)}`,
  },
  { id: 'square-secret', kind: 'square-token', token: (r) => `sq0${'csp'}-${r.string(43, WORD_DASH)}` },
  {
    id: 'facebook-page-access-token',
    kind: 'facebook-token',
    token: (r) => `EA${'A'}${r.pick(['M', 'C'])}${r.string(r.int(100, 250))}`,
  },
  {
    // gitleaks wants `twitter` in the name; 22 `A`s and 80 or more characters are telling alone.
    id: 'twitter-bearer-token',
    kind: 'twitter-bearer-token',
    token: (r) => `${'A'.repeat(22)}${r.string(r.int(80, 101), `${ALNUM}%`)}`,
  },
  {
    id: 'atlassian-api-token',
    kind: 'atlassian-token',
    token: (r) => `ATA${'TT3'}${r.string(186, `${ALNUM}_=-`)}`,
  },
  {
    id: 'notion-api-token',
    kind: 'notion-token',
    token: (r) => `nt${'n'}_${r.string(11, DIGITS)}${r.string(35)}`,
  },
  { id: 'linear-api-key', kind: 'linear-key', token: (r) => `lin_${'api'}_${r.string(40)}` },
  {
    // gitleaks wants `mailgun` in the name; `key-` and 32 hex is Mailgun's private key wherever it is.
    id: 'mailgun-private-api-token',
    kind: 'mailgun-key',
    token: (r) => `ke${'y'}-${hex(r, 32)}`,
  },
  {
    id: 'sendinblue-api-token',
    kind: 'sendinblue-key',
    token: (r) => `xkey${'sib'}-${hex(r, 64)}-${r.string(16)}`,
  },
  {
    id: 'duffel-api-token',
    kind: 'duffel-token',
    token: (r) => `duffel_${r.pick(['test', 'live'])}_${r.string(43, `${ALNUM}_=-`)}`,
  },
  { id: 'easypost-api-token', kind: 'easypost-key', token: (r) => `EZ${'AK'}${r.string(54)}` },
  { id: 'easypost-test-api-token', kind: 'easypost-key', token: (r) => `EZ${'TK'}${r.string(54)}` },
  {
    id: 'shippo-api-token',
    kind: 'shippo-token',
    token: (r) => `shippo_${r.pick(['live', 'test'])}_${hex(r, 40, HEX_ANY_CASE)}`,
  },
  {
    id: 'flutterwave-secret-key',
    kind: 'flutterwave-key',
    token: (r) => `FLWSECK_${'TEST'}-${r.string(32, FLUTTERWAVE_HEX)}-X`,
  },
  {
    id: 'flutterwave-encryption-key',
    kind: 'flutterwave-key',
    token: (r) => `FLWSECK_${'TEST'}-${r.string(12, FLUTTERWAVE_HEX)}`,
  },
  {
    // gitleaks wants `dropbox` in the name; `sl.` and 135 characters are telling alone.
    id: 'dropbox-short-lived-api-token',
    kind: 'dropbox-token',
    token: (r) => `s${'l'}.${r.string(135, `${ALNUM}=_-`)}`,
  },
  {
    // gitleaks wants `typeform` in the name; the `tfp_` prefix is telling alone.
    id: 'typeform-api-token',
    kind: 'typeform-token',
    token: (r) => `tf${'p'}_${noFinalDot(r, 59, `${ALNUM}-_.=`)}`,
  },
  {
    id: 'frameio-api-token',
    kind: 'frameio-token',
    token: (r) => `fio-${'u'}-${r.string(64, `${ALNUM}=_-`)}`,
  },
  {
    // gitleaks wants `plaid` in the name; `access-<environment>-<uuid>` is telling alone.
    id: 'plaid-api-token',
    kind: 'plaid-token',
    token: (r) => `acc${'ess'}-${r.pick(['sandbox', 'development', 'production'])}-${uuid(r)}`,
  },
  { id: 'adobe-client-secret', kind: 'adobe-secret', token: (r) => `p8${'e'}-${r.string(32)}` },
  {
    id: 'airtable-personnal-access-token',
    kind: 'airtable-token',
    token: (r) => `pa${'t'}${r.string(14)}.${hex(r, 64)}`,
  },
  {
    id: 'microsoft-teams-webhook',
    kind: 'teams-webhook',
    token: (r) => `${uuid(r)}@${uuid(r)}/Incoming${'Webhook'}/${hex(r, 32)}/${uuid(r)}`,
    contexts: [
      'POST https://acme.webhook.office.com/webhookb2/§\n',
      '"webhook": "https://contoso.webhook.office.com/webhookb2/§"',
    ],
  },
  {
    // Any printable characters but braces: `{{`/`}}` in a value reads as a template, on purpose.
    id: 'freemius-secret-key',
    kind: 'secret-assignment',
    token: (r) => `sk_${r.string(29, `${ALNUM}!#%*+,-./:;<>?@[]^_|~`)}`,
    contexts: ["$fs = fs_dynamic_init( array(\n  'secret_key' => '§',\n));"],
  },
  {
    // gitleaks wants `beamer` in the name; we redact the value of any token-named key.
    id: 'beamer-api-token',
    kind: 'secret-assignment',
    token: (r) => `b_${r.string(44, `${ALNUM}=_-`)}`,
    contexts: assignments('beamer'),
  },
  {
    id: 'gocardless-api-token',
    kind: 'secret-assignment',
    token: (r) => `live_${r.string(40, `${ALNUM}=_-`)}`,
    contexts: assignments('gocardless'),
  },
  {
    id: 'lob-api-key',
    kind: 'secret-assignment',
    token: (r) => `${r.pick(['live', 'test'])}_${hex(r, 35)}`,
    contexts: assignments('lob'),
  },
];
