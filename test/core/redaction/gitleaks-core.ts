// Gitleaks' fixed-prefix rules for the best-known providers (cloud, VCS, AI, chat, payments, registries, keys).

import {
  ALNUM,
  BASE64URL,
  type CoveredRow,
  DIGITS,
  hex,
  jwt,
  LETTERS,
  LOWER_DIGITS,
  UPPER_DIGITS,
  WORD,
  WORD_DASH,
} from './gitleaks-tokens.js';
import { pem } from './random.js';

const BECH32_UPPER = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
const gl = (kind: string) => `gl${kind}-`;

export const CORE_ROWS: readonly CoveredRow[] = [
  {
    id: 'aws-access-token',
    kind: 'aws-access-key',
    token: (r) =>
      `${r.pick(['AK' + 'IA', 'AS' + 'IA', 'AB' + 'IA', 'AC' + 'CA', `A3${'T'}${r.string(1, UPPER_DIGITS)}`])}${r.string(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
  },
  { id: 'github-pat', kind: 'github-token', token: (r) => `gh${'p'}_${r.string(36)}` },
  { id: 'github-oauth', kind: 'github-token', token: (r) => `gh${'o'}_${r.string(36)}` },
  { id: 'github-app-token', kind: 'github-token', token: (r) => `gh${r.pick(['u', 's'])}_${r.string(36)}` },
  { id: 'github-refresh-token', kind: 'github-token', token: (r) => `gh${'r'}_${r.string(36)}` },
  {
    id: 'github-fine-grained-pat',
    kind: 'github-token',
    token: (r) => `github_${'pat'}_${r.string(82, WORD)}`,
  },
  { id: 'gitlab-pat', kind: 'gitlab-token', token: (r) => `${gl('pat')}${r.string(20, WORD_DASH)}` },
  {
    id: 'gitlab-pat-routable',
    kind: 'gitlab-token',
    token: (r) => `${gl('pat')}${r.string(r.int(27, 60), WORD_DASH)}.${r.string(9, LOWER_DIGITS)}`,
  },
  { id: 'gitlab-deploy-token', kind: 'gitlab-token', token: (r) => `${gl('dt')}${r.string(20, WORD_DASH)}` },
  {
    id: 'gitlab-feature-flag-client-token',
    kind: 'gitlab-token',
    token: (r) => `${gl('ffct')}${r.string(20, WORD_DASH)}`,
  },
  { id: 'gitlab-feed-token', kind: 'gitlab-token', token: (r) => `${gl('ft')}${r.string(20, WORD_DASH)}` },
  {
    id: 'gitlab-incoming-mail-token',
    kind: 'gitlab-token',
    token: (r) => `${gl('imt')}${r.string(25, WORD_DASH)}`,
  },
  {
    id: 'gitlab-kubernetes-agent-token',
    kind: 'gitlab-token',
    token: (r) => `${gl('agent')}${r.string(50, WORD_DASH)}`,
  },
  {
    id: 'gitlab-oauth-app-secret',
    kind: 'gitlab-token',
    token: (r) => `${gl('oas')}${r.string(64, WORD_DASH)}`,
  },
  { id: 'gitlab-ptt', kind: 'gitlab-token', token: (r) => `${gl('ptt')}${hex(r, 40)}` },
  { id: 'gitlab-rrt', kind: 'gitlab-token', token: (r) => `GR${'1348941'}${r.string(20, WORD_DASH)}` },
  {
    id: 'gitlab-runner-authentication-token',
    kind: 'gitlab-token',
    token: (r) => `${gl('rt')}${r.string(20, WORD_DASH)}`,
  },
  {
    id: 'gitlab-runner-authentication-token-routable',
    kind: 'gitlab-token',
    token: (r) =>
      `${gl('rt')}t${r.string(1, DIGITS)}_${r.string(r.int(27, 60), WORD_DASH)}.${r.string(9, LOWER_DIGITS)}`,
  },
  { id: 'gitlab-scim-token', kind: 'gitlab-token', token: (r) => `${gl('soat')}${r.string(20, WORD_DASH)}` },
  {
    id: 'gitlab-cicd-job-token',
    kind: 'gitlab-token',
    token: (r) => `${gl('cbt')}${r.string(r.int(1, 6))}_${r.string(20, WORD_DASH)}`,
  },
  {
    // The secret is the cookie's value.
    id: 'gitlab-session-cookie',
    kind: 'gitlab-token',
    token: (r) => `${r.string(1, DIGITS)}${r.string(31, LOWER_DIGITS)}`,
    contexts: [
      'Cookie: _gitlab_session=§; path=/',
      'curl -b "_gitlab_session=§" https://gitlab.acme.org/api/v4/user',
    ],
  },
  {
    id: 'anthropic-api-key',
    kind: 'anthropic-key',
    token: (r) => `sk-${'ant'}-api03-${r.string(93, BASE64URL)}AA`,
  },
  {
    id: 'anthropic-admin-api-key',
    kind: 'anthropic-key',
    token: (r) => `sk-${'ant'}-admin01-${r.string(93, BASE64URL)}AA`,
  },
  {
    id: 'openai-api-key',
    kind: 'openai-key',
    token: (r) =>
      r.pick([
        () =>
          `sk-${r.pick(['proj', 'svcacct', 'admin'])}-${r.string(74, BASE64URL)}T3Blbk${'FJ'}${r.string(74, BASE64URL)}`,
        () => `sk-${r.string(20)}T3Blbk${'FJ'}${r.string(20)}`,
      ])(),
  },
  { id: 'gcp-api-key', kind: 'google-api-key', token: (r) => `AI${'za'}${r.string(35, WORD_DASH)}` },
  {
    id: 'huggingface-access-token',
    kind: 'huggingface-token',
    token: (r) => `h${'f'}_${r.string(34, LETTERS)}`,
  },
  {
    id: 'huggingface-organization-api-token',
    kind: 'huggingface-token',
    token: (r) => `api_${'org'}_${r.string(34, LETTERS)}`,
  },
  {
    id: 'slack-bot-token',
    kind: 'slack-token',
    token: (r) =>
      `xo${'xb'}-${r.string(r.int(10, 14), DIGITS)}-${r.string(r.int(10, 14), DIGITS)}-${r.string(24)}`,
  },
  {
    id: 'slack-legacy-bot-token',
    kind: 'slack-token',
    token: (r) => `xo${'xb'}-${r.string(r.int(8, 15), DIGITS)}-${r.string(r.int(18, 27))}`,
  },
  {
    id: 'slack-user-token',
    kind: 'slack-token',
    token: (r) =>
      `xo${r.pick(['xp', 'xe'])}-${[1, 2, 3].map(() => r.string(r.int(10, 14), DIGITS)).join('-')}-${r.string(r.int(28, 35), `${ALNUM}-`)}`,
  },
  {
    id: 'slack-app-token',
    kind: 'slack-token',
    token: (r) => `xa${'pp'}-1-A${r.string(10, UPPER_DIGITS)}-${r.string(13, DIGITS)}-${hex(r, 64)}`,
  },
  {
    id: 'slack-config-access-token',
    kind: 'slack-token',
    token: (r) => `xo${'xe'}.xo${r.pick(['xb', 'xp'])}-1-${r.string(r.int(163, 167))}`,
  },
  { id: 'slack-config-refresh-token', kind: 'slack-token', token: (r) => `xo${'xe'}-1-${r.string(146)}` },
  {
    id: 'slack-legacy-token',
    kind: 'slack-token',
    token: (r) =>
      `xo${r.pick(['xo', 'xs'])}-${[1, 2, 3].map(() => r.string(r.int(10, 13), DIGITS)).join('-')}-${hex(r, 32)}`,
  },
  {
    id: 'slack-legacy-workspace-token',
    kind: 'slack-token',
    token: (r) =>
      `xo${r.pick(['xa', 'xr'])}-${r.pick(['', `${r.string(1, DIGITS)}-`])}${r.string(r.int(8, 49))}`,
  },
  {
    id: 'slack-webhook-url',
    kind: 'slack-webhook',
    token: (r) => `T${r.string(10, UPPER_DIGITS)}/B${r.string(10, UPPER_DIGITS)}/${r.string(24)}`,
    contexts: [
      'curl -X POST https://hooks.slack.com/services/§\n',
      'webhook: "https://hooks.slack.com/services/§"',
    ],
  },
  {
    id: 'stripe-access-token',
    kind: 'stripe-key',
    token: (r) => `${r.pick(['sk', 'rk'])}_${r.pick(['live', 'test', 'prod'])}_${r.string(r.int(10, 100))}`,
  },
  {
    id: 'twilio-api-key',
    kind: 'twilio-key',
    token: (r) => {
      const body = hex(r, 32);
      return `S${'K'}${r.pick([body, body.toUpperCase()])}`;
    },
  },
  { id: 'npm-access-token', kind: 'npm-token', token: (r) => `np${'m'}_${r.string(36)}` },
  {
    id: 'pypi-upload-token',
    kind: 'pypi-token',
    token: (r) => `py${'pi'}-AgEIcHlwaS5vcmc${r.string(r.int(50, 200), WORD_DASH)}${r.string(1)}`,
  },
  { id: 'digitalocean-pat', kind: 'digitalocean-token', token: (r) => `do${'p'}_v1_${hex(r, 64)}` },
  { id: 'digitalocean-access-token', kind: 'digitalocean-token', token: (r) => `do${'o'}_v1_${hex(r, 64)}` },
  { id: 'digitalocean-refresh-token', kind: 'digitalocean-token', token: (r) => `do${'r'}_v1_${hex(r, 64)}` },
  {
    id: 'sendgrid-api-token',
    kind: 'sendgrid-key',
    token: (r) => `S${'G'}.${r.string(22, BASE64URL)}.${r.string(43, BASE64URL)}`,
  },
  {
    id: 'age-secret-key',
    kind: 'age-secret-key',
    token: (r) => `AGE-${'SECRET'}-KEY-1${r.string(58, BECH32_UPPER)}`,
  },
  { id: 'jwt', kind: 'jwt', token: jwt },
  { id: 'jwt-base64', kind: 'jwt', token: (r) => Buffer.from(jwt(r)).toString('base64') },
  {
    id: 'private-key',
    kind: 'private-key',
    token: (r) =>
      pem(r.pick(['RSA PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'PRIVATE KEY']), r.int(4, 12)),
    contexts: ['$ cat deploy_key\n§\n$ ', 'key material follows:\n§\n(end)'],
  },
];
