// Credential formats of cloud, infrastructure and developer-tool providers, recognisable by their prefix.

import { isRandomHex, looksRandom, looksRandomUpper } from './entropy.js';
import type { PatternRule } from './pattern-rule.js';

// Every pattern is bounded on both sides by the characters its body may hold, so a prefix inside a
// longer identifier, path or base64 run never matches, and a token is taken whole or not at all.

/** Not a hex digest that happens to start with the prefix (`4b1d…` is also a SHA's start). */
const randomNotHex = (token: string): boolean => looksRandom(token) && !/^[0-9a-f]+$/.test(token);

/** Cloud, infrastructure and developer-tool tokens, read from gitleaks' rules and written anew. */
export const INFRA_RULES: readonly PatternRule[] = [
  {
    kind: 'aws-bedrock-key',
    keywords: ['ABSK'],
    pattern: /(?<![A-Za-z0-9_+/-])ABSK[A-Za-z0-9+/]{109,269}={0,2}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // A short-lived key is a presigned URL to bedrock.amazonaws.com in base64: its prefix says so.
    kind: 'aws-bedrock-key',
    keywords: ['k-api-key-'],
    pattern:
      /(?<![A-Za-z0-9_+/-])bedrock-api-key-(?:YmVkcm9jay5hbWF6b25hd3MuY29t)[A-Za-z0-9+/]{0,8192}={0,2}(?![A-Za-z0-9_+/=-])/g,
  },
  {
    kind: 'alibaba-access-key',
    keywords: ['LTAI'],
    pattern: /(?<![A-Za-z0-9_+/-])LTAI[A-Za-z0-9]{12,20}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'cloudflare-key',
    keywords: ['v1.0-'],
    pattern: /(?<![A-Za-z0-9_.+/-])v1\.0-[a-f0-9]{24}-[a-f0-9]{146}(?![A-Za-z0-9_+/=-])/g,
    accept: (key) => isRandomHex(key.slice(5)),
  },
  {
    kind: 'databricks-token',
    keywords: ['dapi'],
    pattern: /(?<![A-Za-z0-9_+/-])dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(4, 36)),
  },
  {
    // Personal, service (`dp.st.<config>.…`), CLI, service-account, SCIM and audit tokens.
    kind: 'doppler-token',
    keywords: ['dp.'],
    pattern:
      /(?<![A-Za-z0-9_.+/-])dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{1,40}\.)?[A-Za-z0-9]{40,44}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // Service, batch and recovery tokens; `s.` + 24 (before Vault 1.10) is too short to tell from code.
    kind: 'vault-token',
    keywords: ['hvs.', 'hvb.', 'hvr.'],
    pattern: /(?<![A-Za-z0-9_.+/-])hv[sbr]\.[A-Za-z0-9_-]{90,400}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'flyio-token',
    keywords: ['o1_', 'fm1', 'fm2_'],
    pattern:
      /(?<![A-Za-z0-9_+/-])(?:fo1_[A-Za-z0-9_-]{43}|(?:fm1[ar]|fm2)_[A-Za-z0-9+/]{100,8192}={0,3})(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'heroku-key',
    keywords: ['HRKU-'],
    pattern: /(?<![A-Za-z0-9_+/-])HRKU-AA[A-Za-z0-9_-]{58}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // The body may hold dots, but not end with one: that is the sentence's.
    kind: 'planetscale-token',
    keywords: ['pscale_'],
    pattern:
      /(?<![A-Za-z0-9_+/-])pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.-]{31,63}[A-Za-z0-9_=-](?![A-Za-z0-9_+/=-]|\.[A-Za-z0-9_=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'pulumi-token',
    keywords: ['pul-'],
    pattern: /(?<![A-Za-z0-9_+/-])pul-[a-f0-9]{40}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(4)),
  },
  {
    kind: 'scalingo-token',
    keywords: ['tk-us-'],
    pattern: /(?<![A-Za-z0-9_+/-])tk-us-[A-Za-z0-9_-]{48}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'clickhouse-key',
    keywords: ['4b1d'],
    pattern: /(?<![A-Za-z0-9_+/-])4b1d[A-Za-z0-9]{38}(?![A-Za-z0-9_+/=-])/g,
    accept: randomNotHex,
  },
  {
    kind: 'defined-networking-token',
    keywords: ['dnkey-'],
    pattern: /(?<![A-Za-z0-9_+/-])dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'dynatrace-token',
    keywords: ['dt0c01.'],
    pattern: /(?<![A-Za-z0-9_+/-])dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // A Grafana API key is base64 of `{"k":"…","n":"…","id":…}`: `eyJrIjoi` is `{"k":"`.
    kind: 'grafana-token',
    keywords: ['eyJ'],
    pattern: /(?<![A-Za-z0-9_+/-])eyJrIjoi[A-Za-z0-9+/]{70,400}={0,3}(?![A-Za-z0-9_+/=-])/g,
  },
  {
    kind: 'grafana-token',
    keywords: ['glc_', 'glsa_'],
    pattern:
      /(?<![A-Za-z0-9_+/-])(?:glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'new-relic-key',
    keywords: ['NRAK-', 'NRII-'],
    pattern: /(?<![A-Za-z0-9_+/-])(?:NRAK-[A-Za-z0-9]{27}|NRII-[A-Za-z0-9-]{32})(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // User tokens, and organisation tokens: base64 JSON (issued at, URLs, org) then `_` and the secret.
    kind: 'sentry-token',
    keywords: ['yu_', 'ys_eyJ'],
    pattern:
      /(?<![A-Za-z0-9_+/-])(?:sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/]{20,2000}={0,2}_[A-Za-z0-9+/]{43})(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'openshift-token',
    keywords: ['a256~'],
    pattern: /(?<![A-Za-z0-9_+/-])sha256~[A-Za-z0-9_-]{43}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'harness-key',
    keywords: ['pat.', 'sat.'],
    pattern:
      /(?<![A-Za-z0-9_.+/-])[ps]at\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}(?![A-Za-z0-9_+/=.-])/g,
    accept: looksRandom,
  },
  {
    kind: 'octopus-key',
    keywords: ['API-'],
    pattern: /(?<![A-Za-z0-9_+/-])API-[A-Z0-9]{26}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => looksRandomUpper(token.slice(4)),
  },
  {
    kind: 'infracost-token',
    keywords: ['ico-'],
    pattern: /(?<![A-Za-z0-9_+/-])ico-[A-Za-z0-9]{32}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'artifactory-token',
    keywords: ['AKCp', 'cmVmd'],
    pattern: /(?<![A-Za-z0-9_+/-])(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: '1password-key',
    keywords: ['A3-'],
    pattern:
      /(?<![A-Za-z0-9_+/-])A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => looksRandomUpper(token.slice(3).replaceAll('-', '')),
  },
  {
    kind: '1password-token',
    keywords: ['s_eyJ'],
    pattern: /(?<![A-Za-z0-9_+/-])ops_eyJ[A-Za-z0-9+/]{250,8192}={0,3}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // An IAM token (`t1.…`), an API key (`AQVN…`) and a static access key id (`YC…`).
    kind: 'yandex-token',
    keywords: ['t1.', 'AQVN', 'YC'],
    pattern:
      /(?<![A-Za-z0-9_.+/-])(?:t1\.[A-Za-z0-9_-]{1,200}={0,2}\.[A-Za-z0-9_-]{86}={0,2}|AQVN[A-Za-z0-9_-]{35,38}|YC[A-Za-z0-9_-]{38})(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'prefect-token',
    keywords: ['pnu_'],
    pattern: /(?<![A-Za-z0-9_+/-])pnu_[A-Za-z0-9]{36}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'settlemint-token',
    keywords: ['sm_aat_', 'sm_pat_', 'sm_sat_'],
    pattern: /(?<![A-Za-z0-9_+/-])sm_[aps]at_[A-Za-z0-9]{16}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    // `<prefix>_<client>.<key id>.acc_<account>.<secret>`: the `.acc` part is what no other token has.
    kind: 'authress-key',
    keywords: ['.acc_', '.acc-'],
    pattern:
      /(?<![A-Za-z0-9_+/-])(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}(?![A-Za-z0-9+/_=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'sonar-token',
    keywords: ['squ_', 'sqp_', 'sqa_'],
    pattern: /(?<![A-Za-z0-9_+/-])sq[upa]_[a-f0-9]{40}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(4)),
  },
  {
    kind: 'sourcegraph-token',
    keywords: ['sgp_'],
    pattern: /(?<![A-Za-z0-9_+/-])sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(-40)),
  },
  {
    kind: 'clojars-token',
    keywords: ['CLOJARS_'],
    pattern: /(?<![A-Za-z0-9_+/-])CLOJARS_[A-Za-z0-9]{60}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'rubygems-token',
    keywords: ['ygems_'],
    pattern: /(?<![A-Za-z0-9_+/-])rubygems_[a-f0-9]{48}(?![A-Za-z0-9_+/=-])/g,
    accept: (token) => isRandomHex(token.slice(9)),
  },
  {
    kind: 'readme-token',
    keywords: ['dme_'],
    pattern: /(?<![A-Za-z0-9_+/-])rdme_[a-z0-9]{70}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'intra42-secret',
    keywords: ['s-s4t2'],
    pattern: /(?<![A-Za-z0-9_+/-])s-s4t2(?:ud|af)-[a-f0-9]{64}(?![A-Za-z0-9_+/=-])/g,
    accept: (secret) => isRandomHex(secret.slice(-64)),
  },
  {
    kind: 'perplexity-key',
    keywords: ['lx-'],
    pattern: /(?<![A-Za-z0-9_+/-])pplx-[A-Za-z0-9]{48}(?![A-Za-z0-9_+/=-])/g,
    accept: looksRandom,
  },
  {
    kind: 'postman-key',
    keywords: ['PMAK-'],
    pattern: /(?<![A-Za-z0-9_+/-])PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9_+/=-])/g,
    accept: (key) => isRandomHex(key.slice(5)),
  },
];
