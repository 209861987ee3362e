// Credential formats recognisable on their own: cloud, VCS, AI-provider, chat, payment and registry tokens.

import { isRandomHex, looksRandom } from './entropy.js';
import { APP_RULES } from './format-rules-apps.js';
import { INFRA_RULES } from './format-rules-infra.js';
import type { PatternRule } from './pattern-rule.js';
import { isPlaceholder } from './placeholders.js';

function decodeBase64(value: string): string {
  return Buffer.from(value, 'base64').toString('latin1');
}

/** A JWT header decodes to a JSON object naming its algorithm. */
function isJwt(token: string): boolean {
  const header = token.slice(0, token.indexOf('.'));
  return decodeBase64(header).includes('"alg"');
}

/** A JWT encoded once more as base64 (`ZXlK…` is `eyJ…`), as Kubernetes secrets and some configs hold them. */
function isBase64Jwt(value: string): boolean {
  const inner = decodeBase64(value);
  return /^eyJ[\w-]+\.ey[\w-]+\./.test(inner) && isJwt(inner);
}

/** A Discord bot token starts with the base64 of the bot's numeric user id. */
function isDiscordToken(token: string): boolean {
  return /^\d{17,20}$/.test(decodeBase64(token.slice(0, token.indexOf('.'))));
}

// AWS documentation ids end in EXAMPLE (`AKIAIOSFODNN7EXAMPLE`); a provider format is otherwise always a key.
const notAwsExample = (value: string): boolean => !value.endsWith('EXAMPLE');

/**
 * Slack tokens carry numeric team and user ids (six digits in a row) or a random body; `xoxo-hugs` has neither. A
 * legacy workspace token (`xoxa-`, `xoxr-`: gitleaks' `xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}`) is 8 and more random
 * characters, as often as not too few to look random: it is one unless a placeholder (`xoxr-placeholder`).
 */
// The part after the prefix is judged: `xoxr-`'s repeated letters pull a short token's entropy under the bar (a
// legacy workspace token of 8 random characters, `xoxr-HLoO5Lox`, was left in the clear), and generated runs found
// more that no measure of their characters tells from words (`xoxa-rWrrkv15`, `xoxr-5-qiqbqyaq`).
const isSlackToken = (token: string): boolean => {
  const body = token.replace(/^(?:xox[a-z]|xapp-\d)-/, '');
  if (/^xox[ar]-/.test(token)) {
    const legacy = /^(?:\d-)?([0-9a-zA-Z]{8,48})$/.exec(body);
    if (legacy) return !isPlaceholder(legacy[1]!);
  }
  return /\d{6}/.test(body) || looksRandom(body);
};

/** The rules for the formats of the best-known providers, kept here; the rest are in the files imported above. */
const CORE_RULES: readonly PatternRule[] = [
  {
    kind: 'aws-access-key',
    keywords: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'],
    pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])/g,
    accept: notAwsExample,
  },
  {
    kind: 'github-token',
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,251}(?![A-Za-z0-9_])/g,
    accept: looksRandom,
  },
  {
    kind: 'github-token',
    keywords: ['github_pat_'],
    // Issued as 22 + `_` + 59 characters; any 82 or more word characters are read as one.
    pattern: /(?<![A-Za-z0-9_])github_pat_\w{82,255}(?![A-Za-z0-9_])/g,
    accept: looksRandom,
  },
  {
    kind: 'gitlab-token',
    keywords: [
      'glpat-',
      'gldt-',
      'glrt-',
      'glptt-',
      'glsoat-',
      'glft-',
      'glcbt-',
      'gloas-',
      'glimt-',
      'glagent-',
      'glffct-',
      'GR1348941',
    ],
    pattern:
      /(?<![A-Za-z0-9_-])(?:gl(?:pat|dt|rt|ptt|soat|ft|cbt|oas|imt|agent|ffct)-|GR1348941)[A-Za-z0-9_-]{20,200}(?:\.[A-Za-z0-9_-]{1,100}){0,3}(?![A-Za-z0-9_-])/g,
    accept: looksRandom,
  },
  {
    kind: 'gitlab-token',
    keywords: ['_gitlab_session='],
    pattern: /_gitlab_session=([a-z0-9]{32})(?![A-Za-z0-9_-])/dg,
    group: 1,
    accept: looksRandom,
  },
  {
    kind: 'anthropic-key',
    keywords: ['sk-'],
    pattern: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{32,250}(?![A-Za-z0-9_-])/g,
    accept: looksRandom,
  },
  {
    kind: 'openai-key',
    keywords: ['sk-'],
    pattern:
      /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{32,250}(?![A-Za-z0-9_-])/g,
    accept: looksRandom,
  },
  {
    kind: 'google-api-key',
    keywords: ['AIza'],
    pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g,
    accept: looksRandom,
  },
  {
    kind: 'groq-key',
    keywords: ['gsk_'],
    pattern: /(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{48,60}(?![A-Za-z0-9_])/g,
    accept: looksRandom,
  },
  {
    kind: 'huggingface-token',
    keywords: ['hf_', 'i_org_'],
    pattern: /(?<![A-Za-z0-9_])(?:hf_[A-Za-z0-9]{34,40}|api_org_[A-Za-z]{34})(?![A-Za-z0-9_])/g,
    accept: looksRandom,
  },
  {
    kind: 'xai-key',
    keywords: ['xai-'],
    pattern: /(?<![A-Za-z0-9_-])xai-[A-Za-z0-9]{70,100}(?![A-Za-z0-9_-])/g,
    accept: looksRandom,
  },
  {
    kind: 'slack-token',
    keywords: ['xox', 'xapp-'],
    pattern: /(?<![A-Za-z0-9_-])(?:xox[abposre]|xapp-\d)-[A-Za-z0-9-]{8,250}(?![A-Za-z0-9_-])/g,
    accept: isSlackToken,
  },
  {
    // Configuration tokens and their refresh tokens: `xoxe.xoxp-1-…`, `xoxe-1-…`, 140 and more characters.
    kind: 'slack-token',
    keywords: ['xox'],
    pattern: /(?<![A-Za-z0-9_-])xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9]{140,250}(?![A-Za-z0-9_-])/g,
    accept: looksRandom,
  },
  {
    kind: 'slack-webhook',
    keywords: ['hooks.slack.com/'],
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/([A-Za-z0-9_/+-]{20,200})/dg,
    group: 1,
    accept: looksRandom,
  },
  {
    kind: 'discord-webhook',
    keywords: ['/api/webhooks/'],
    pattern: /discord(?:app)?\.com\/api\/webhooks\/(\d{15,22}\/[A-Za-z0-9_-]{50,100})/dg,
    group: 1,
  },
  {
    kind: 'discord-token',
    pattern:
      /(?<![A-Za-z0-9_.-])[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_.-])/g,
    accept: isDiscordToken,
  },
  {
    kind: 'telegram-token',
    keywords: [':AA'],
    pattern: /(?<![0-9])\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g,
  },
  {
    kind: 'stripe-key',
    keywords: ['k_live_', 'k_test_', 'k_prod_'],
    pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,250}(?![A-Za-z0-9_])/g,
    accept: looksRandom,
  },
  {
    kind: 'twilio-key',
    // Twilio writes SIDs in lowercase hex; some tools print them in capitals.
    pattern: /(?<![A-Za-z0-9])(?:AC|SK)(?:[0-9a-f]{32}|[0-9A-F]{32})(?![A-Za-z0-9])/g,
    accept: isRandomHex,
  },
  {
    kind: 'sendgrid-key',
    keywords: ['SG.'],
    pattern: /(?<![A-Za-z0-9_.-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_.-])/g,
    accept: looksRandom,
  },
  {
    kind: 'npm-token',
    keywords: ['npm_'],
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g,
    accept: looksRandom,
  },
  {
    kind: 'pypi-token',
    keywords: ['pypi-'],
    pattern: /(?<![A-Za-z0-9_-])pypi-Ag[A-Za-z0-9_-]{50,500}(?![A-Za-z0-9_-])/g,
  },
  {
    kind: 'digitalocean-token',
    keywords: ['_v1_'],
    pattern: /(?<![A-Za-z0-9_])do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9_])/g,
    accept: isRandomHex,
  },
  {
    kind: 'azure-storage-key',
    keywords: ['AccountKey=', 'SharedAccessKey='],
    pattern: /(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})(?![A-Za-z0-9+/=])/dg,
    group: 1,
    accept: looksRandom,
  },
  {
    kind: 'azure-client-secret',
    keywords: ['Q~'],
    pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
    accept: looksRandom,
  },
  {
    kind: 'age-secret-key',
    keywords: ['AGE-SECRET-KEY-1'],
    // An age identity is bech32 (32 letters and digits, no 1/b/i/o): 58 characters after the `1`.
    pattern: /(?<![A-Za-z0-9-])AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}(?![A-Za-z0-9])/g,
    accept: (key) => looksRandom(key.slice(16)),
  },
  {
    kind: 'jwt',
    keywords: ['eyJ'],
    pattern:
      /(?<![A-Za-z0-9_.-])eyJ[A-Za-z0-9_-]{8,8192}\.ey[A-Za-z0-9_-]{8,16384}\.[A-Za-z0-9_-]{0,8192}(?![A-Za-z0-9_-])/g,
    accept: isJwt,
  },
  {
    kind: 'jwt',
    keywords: ['ZXlK'],
    pattern: /(?<![A-Za-z0-9+/])ZXlK[A-Za-z0-9+/]{40,16384}={0,2}(?![A-Za-z0-9+/=])/g,
    accept: isBase64Jwt,
  },
];

/** Rules for tokens whose shape alone identifies them; each also rejects obvious filler. */
export const FORMAT_RULES: readonly PatternRule[] = [...CORE_RULES, ...INFRA_RULES, ...APP_RULES];
