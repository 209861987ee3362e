// Gitleaks' fixed-prefix rules for cloud, infrastructure and developer-tool providers.

import {
  ALNUM,
  assignments,
  BASE64,
  base64,
  type CoveredRow,
  DIGITS,
  HEX_ANY_CASE,
  hex,
  LOWER_DIGITS,
  noFinalDot,
  UPPER_DIGITS,
  WORD_DASH,
} from './gitleaks-tokens.js';

/** A presigned Bedrock URL as base64: the key's prefix is the base64 of its host. */
function bedrockShortLived(r: { string(n: number, alphabet?: string): string }): string {
  const query = `/?Action=CallWithBearerToken&X-Amz-Credential=AS${'IA'}${r.string(16, UPPER_DIGITS)}%2F20260101%2Fus-east-1%2Fbedrock%2Faws4_request&X-Amz-Signature=${r.string(64, '0123456789abcdef')}&Version=1`;
  return `bedrock-api-key-${Buffer.from(`bedrock.amazonaws.com${query}`).toString('base64')}`;
}

/** A Sentry organisation token: base64 JSON (issued at, URLs, org), `_`, the secret. */
function sentryOrgToken(r: { string(n: number, alphabet?: string): string }): string {
  const claims = {
    iat: 1_700_000_000 + Number(r.string(6, DIGITS)),
    url: 'https://sentry.io',
    region_url: 'https://us.sentry.io',
    org: `acme-${r.string(4, LOWER_DIGITS)}`,
  };
  return `sntry${'s'}_${Buffer.from(JSON.stringify(claims)).toString('base64')}_${r.string(43, BASE64)}`;
}

export const INFRA_ROWS: readonly CoveredRow[] = [
  {
    id: 'aws-amazon-bedrock-api-key-long-lived',
    kind: 'aws-bedrock-key',
    token: (r) => `AB${'SK'}${base64(r, r.int(109, 270), 2)}`,
  },
  { id: 'aws-amazon-bedrock-api-key-short-lived', kind: 'aws-bedrock-key', token: bedrockShortLived },
  { id: 'alibaba-access-key-id', kind: 'alibaba-access-key', token: (r) => `LT${'AI'}${r.string(20)}` },
  {
    id: 'cloudflare-origin-ca-key',
    kind: 'cloudflare-key',
    token: (r) => `v1.${'0'}-${hex(r, 24)}-${hex(r, 146)}`,
  },
  {
    id: 'databricks-api-token',
    kind: 'databricks-token',
    token: (r) => `da${'pi'}${hex(r, 32)}${r.pick(['', `-${r.string(1, DIGITS)}`])}`,
  },
  { id: 'doppler-api-token', kind: 'doppler-token', token: (r) => `dp.${'pt'}.${r.string(43)}` },
  {
    id: 'vault-service-token',
    kind: 'vault-token',
    token: (r) => `hv${'s'}.${r.string(r.int(90, 121), WORD_DASH)}`,
  },
  {
    id: 'vault-batch-token',
    kind: 'vault-token',
    token: (r) => `hv${'b'}.${r.string(r.int(138, 301), WORD_DASH)}`,
  },
  {
    id: 'flyio-access-token',
    kind: 'flyio-token',
    token: (r) =>
      r.pick([
        () => `fo${'1'}_${r.string(43, WORD_DASH)}`,
        () => `fm${r.pick(['1a', '1r', '2'])}_${base64(r, r.int(100, 400), 3)}`,
      ])(),
  },
  { id: 'heroku-api-key-v2', kind: 'heroku-key', token: (r) => `HR${'KU'}-AA${r.string(58, WORD_DASH)}` },
  {
    id: 'planetscale-api-token',
    kind: 'planetscale-token',
    token: (r) => `pscale_${'tkn'}_${noFinalDot(r, r.int(32, 65), `${WORD_DASH}=.`)}`,
  },
  {
    id: 'planetscale-oauth-token',
    kind: 'planetscale-token',
    token: (r) => `pscale_${'oauth'}_${noFinalDot(r, r.int(32, 65), `${WORD_DASH}=.`)}`,
  },
  {
    id: 'planetscale-password',
    kind: 'planetscale-token',
    token: (r) => `pscale_${'pw'}_${noFinalDot(r, r.int(32, 65), `${WORD_DASH}=.`)}`,
  },
  { id: 'pulumi-api-token', kind: 'pulumi-token', token: (r) => `pu${'l'}-${hex(r, 40)}` },
  { id: 'scalingo-api-token', kind: 'scalingo-token', token: (r) => `tk-${'us'}-${r.string(48, WORD_DASH)}` },
  { id: 'clickhouse-cloud-api-secret-key', kind: 'clickhouse-key', token: (r) => `4b${'1d'}${r.string(38)}` },
  {
    id: 'defined-networking-api-token',
    kind: 'defined-networking-token',
    token: (r) => `dn${'key'}-${r.string(26, `${ALNUM}=_-`)}-${r.string(52, `${ALNUM}=_-`)}`,
  },
  {
    id: 'dynatrace-api-token',
    kind: 'dynatrace-token',
    token: (r) => `dt0${'c01'}.${r.string(24)}.${r.string(64)}`,
  },
  {
    id: 'grafana-api-key',
    kind: 'grafana-token',
    token: (r) => `eyJr${'Ijoi'}${r.string(r.int(70, 200))}${'='.repeat(r.int(0, 3))}`,
  },
  {
    id: 'grafana-cloud-api-token',
    kind: 'grafana-token',
    token: (r) => `gl${'c'}_${base64(r, r.int(32, 200), 2)}`,
  },
  {
    id: 'grafana-service-account-token',
    kind: 'grafana-token',
    token: (r) => `gl${'sa'}_${r.string(32)}_${hex(r, 8, HEX_ANY_CASE)}`,
  },
  { id: 'new-relic-user-api-key', kind: 'new-relic-key', token: (r) => `NR${'AK'}-${r.string(27)}` },
  {
    id: 'new-relic-insert-key',
    kind: 'new-relic-key',
    token: (r) => `NR${'II'}-${r.string(32, `${ALNUM}-`)}`,
  },
  { id: 'sentry-user-token', kind: 'sentry-token', token: (r) => `sntry${'u'}_${hex(r, 64)}` },
  { id: 'sentry-org-token', kind: 'sentry-token', token: sentryOrgToken },
  {
    id: 'openshift-user-token',
    kind: 'openshift-token',
    token: (r) => `sha256${'~'}${r.string(43, WORD_DASH)}`,
  },
  {
    id: 'harness-api-key',
    kind: 'harness-key',
    token: (r) => `${r.pick(['pat', 'sat'])}.${r.string(22, WORD_DASH)}.${r.string(24)}.${r.string(20)}`,
  },
  {
    id: 'octopus-deploy-api-key',
    kind: 'octopus-key',
    token: (r) => `AP${'I'}-${r.string(26, UPPER_DIGITS)}`,
  },
  { id: 'infracost-api-token', kind: 'infracost-token', token: (r) => `ic${'o'}-${r.string(32)}` },
  { id: 'artifactory-api-key', kind: 'artifactory-token', token: (r) => `AK${'Cp'}${r.string(69)}` },
  { id: 'artifactory-reference-token', kind: 'artifactory-token', token: (r) => `cmVm${'d'}${r.string(59)}` },
  {
    id: '1password-secret-key',
    kind: '1password-key',
    token: (r) => {
      const u = (n: number) => r.string(n, UPPER_DIGITS);
      return `A${'3'}-${u(6)}-${r.pick([u(11), `${u(6)}-${u(5)}`])}-${u(5)}-${u(5)}-${u(5)}`;
    },
  },
  {
    id: '1password-service-account-token',
    kind: '1password-token',
    token: (r) => `ops_${'eyJ'}${base64(r, r.int(250, 600), 3)}`,
  },
  {
    id: 'yandex-access-token',
    kind: 'yandex-token',
    token: (r) => `t1.${r.string(r.int(8, 40), WORD_DASH)}.${r.string(86, WORD_DASH)}`,
  },
  {
    id: 'yandex-api-key',
    kind: 'yandex-token',
    token: (r) => `AQ${'VN'}${r.string(r.int(35, 39), WORD_DASH)}`,
  },
  { id: 'yandex-aws-access-token', kind: 'yandex-token', token: (r) => `Y${'C'}${r.string(38, WORD_DASH)}` },
  { id: 'prefect-api-token', kind: 'prefect-token', token: (r) => `pn${'u'}_${r.string(36)}` },
  {
    id: 'settlemint-application-access-token',
    kind: 'settlemint-token',
    token: (r) => `sm_${'aat'}_${r.string(16)}`,
  },
  {
    id: 'settlemint-personal-access-token',
    kind: 'settlemint-token',
    token: (r) => `sm_${'pat'}_${r.string(16)}`,
  },
  {
    id: 'settlemint-service-access-token',
    kind: 'settlemint-token',
    token: (r) => `sm_${'sat'}_${r.string(16)}`,
  },
  {
    id: 'authress-service-client-access-key',
    kind: 'authress-key',
    token: (r) =>
      `${r.pick(['sc', 'ext', 'scauth', 'authress'])}_${r.string(r.int(5, 31))}.${r.string(r.int(4, 7))}.ac${'c'}${r.pick(['_', '-'])}${r.string(r.int(10, 33), `${LOWER_DIGITS}-`)}.${r.string(r.int(30, 121), `${BASE64}_=-`)}`,
  },
  {
    // gitleaks makes the prefix optional (a bare 40-character value next to `sonar`); we find the prefixed form.
    id: 'sonar-api-token',
    kind: 'sonar-token',
    token: (r) => `sq${r.pick(['u', 'p', 'a'])}_${hex(r, 40)}`,
    fixedPrefix: false,
  },
  {
    // The third alternative, a bare 40-hex string next to `sourcegraph`, is a git SHA's shape: not ours.
    id: 'sourcegraph-access-token',
    kind: 'sourcegraph-token',
    token: (r) =>
      `sg${'p'}_${r.pick(['', `${hex(r, 16, HEX_ANY_CASE)}_`, `local_`])}${hex(r, 40, HEX_ANY_CASE)}`,
  },
  {
    id: 'clojars-api-token',
    kind: 'clojars-token',
    token: (r) => `CLOJARS${'_'}${r.string(60, LOWER_DIGITS)}`,
  },
  { id: 'rubygems-api-token', kind: 'rubygems-token', token: (r) => `rubygems${'_'}${hex(r, 48)}` },
  { id: 'readme-api-token', kind: 'readme-token', token: (r) => `rd${'me'}_${r.string(70, LOWER_DIGITS)}` },
  {
    id: 'intra42-client-secret',
    kind: 'intra42-secret',
    token: (r) => `s-s4${'t2'}${r.pick(['ud', 'af'])}-${hex(r, 64)}`,
  },
  { id: 'perplexity-api-key', kind: 'perplexity-key', token: (r) => `pp${'lx'}-${r.string(48)}` },
  { id: 'postman-api-token', kind: 'postman-key', token: (r) => `PM${'AK'}-${hex(r, 24)}-${hex(r, 34)}` },
  {
    // gitleaks wants `okta` in the name; we redact the value of any token-named key.
    id: 'okta-access-token',
    kind: 'secret-assignment',
    token: (r) => `00${r.string(40, `${ALNUM}_=-`)}`,
    contexts: assignments('okta'),
  },
];
