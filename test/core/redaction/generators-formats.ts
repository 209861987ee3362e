// Generated provider-format tokens (the token alone identifies itself), each in a random realistic context.
// Prefixes are concatenated so that this file never holds a literal that secret scanners flag.

import { randomInt } from 'node:crypto';
import { awsId, BECH32_UPPER, type Generator, hex, inContext, pick } from './generated-values.js';
import { COVERED } from './gitleaks-table.js';
import { PROSE } from './gitleaks-tokens.js';
import {
  ALNUM,
  BASE64,
  BASE64URL,
  cryptoRandom,
  DIGITS,
  discordToken,
  HEX,
  jwt,
  rand,
  UPPER,
} from './random.js';

/**
 * One generator per gitleaks rule that a format rule covers (fresh, unseeded tokens), so that the
 * disguise tests and the every-rule-has-a-generator check take in each of them.
 */
const GITLEAKS_GENERATORS: Record<string, Generator> = Object.fromEntries(
  COVERED.filter((row) => row.kind !== 'secret-assignment' && row.kind !== 'private-key').map((row) => [
    `gitleaks ${row.id}`,
    () => inContext(row.kind, row.token(cryptoRandom), row.contexts ?? PROSE),
  ]),
);

/** Provider formats: the token alone identifies itself. */
export const FORMAT_GENERATORS: Record<string, Generator> = {
  'aws access key id': () =>
    inContext('aws-access-key', awsId(), [
      'INFO signing with § for s3://bucket',
      '{"AccessKeyId": "§", "Expiration": "2030-01-01"}',
      'aws_access_key_id = §\nregion = eu-west-1',
    ]),
  'github classic token': () =>
    inContext('github-token', `gh${pick(['p', 'o', 'u', 's', 'r'])}_${rand(36)}`, [
      'export GITHUB_TOKEN=§\n',
      'git clone https://x-access-token:§@github.com/acme/api.git',
      'token § expires in 1h',
    ]),
  'github fine-grained token': () =>
    inContext('github-token', `github_${'pat'}_${rand(22)}_${rand(59)}`, [
      'curl -H "Authorization: token §" https://api.github.com/user',
      'GH_PAT=§\n',
    ]),
  'gitlab token': () =>
    inContext(
      'gitlab-token',
      `gl${pick(['pat', 'dt', 'rt', 'ptt', 'soat', 'ft', 'cbt', 'oas'])}-${rand(randomInt(20, 40))}`,
      ['curl --header "PRIVATE-TOKEN: §" https://gitlab.acme.org/api/v4', 'GITLAB_TOKEN=§\n'],
    ),
  'anthropic key': () =>
    inContext('anthropic-key', `sk-${'ant'}-api03-${rand(93, BASE64URL)}AA`, [
      'ANTHROPIC_API_KEY=§\n',
      '{"apiKey": "§"}',
    ]),
  'openai key': () =>
    inContext(
      'openai-key',
      pick([`sk-${'proj'}-${rand(randomInt(74, 156), BASE64URL)}${rand(1)}`, `sk-${rand(48)}`]),
      ['OPENAI_API_KEY=§\n', 'client = OpenAI(api_key="§")'],
    ),
  'google api key': () =>
    inContext('google-api-key', `AI${'za'}${rand(35, BASE64URL)}`, [
      'https://maps.googleapis.com/maps/api/js?key=§&callback=init',
      'GOOGLE_API_KEY=§ \n',
    ]),
  'groq key': () => inContext('groq-key', `gs${'k'}_${rand(52)}`, ['export GROQ_API_KEY="§"\n']),
  'hugging face token': () =>
    inContext('huggingface-token', `h${'f'}_${rand(34)}`, ['huggingface-cli login --token §\n']),
  'xai key': () => inContext('xai-key', `xa${'i'}-${rand(80)}`, ['{"xai": {"api_key": "§"}}']),
  'slack token': () =>
    inContext(
      'slack-token',
      pick([
        `xo${pick(['xb', 'xp', 'xa', 'xo', 'xs', 'xr', 'xe'])}-${rand(12, DIGITS)}-${rand(13, DIGITS)}-${rand(24)}`,
        `xa${'pp'}-1-A${rand(10, UPPER + DIGITS)}-${rand(13, DIGITS)}-${rand(64, HEX)}`,
      ]),
      ['slack: connecting with token § (team T1)', 'SLACK_BOT_TOKEN=§\n'],
    ),
  'slack webhook': () =>
    inContext('slack-webhook', `T${rand(8, UPPER + DIGITS)}/B${rand(10, UPPER + DIGITS)}/${rand(24)}`, [
      'curl -X POST https://hooks.slack.com/services/§\n',
      'webhook: "https://hooks.slack.com/services/§"',
    ]),
  'discord webhook': () =>
    inContext('discord-webhook', `${rand(18, DIGITS)}/${rand(68, BASE64URL)}`, [
      'webhook_url: https://discord.com/api/webhooks/§\n',
    ]),
  'discord bot token': () => inContext('discord-token', discordToken(), ["client.login('§');\n"]),
  'telegram bot token': () =>
    inContext('telegram-token', `${rand(9, DIGITS)}:A${'A'}${rand(33, BASE64URL)}`, [
      'POST https://api.telegram.org/bot§/sendMessage',
      'TELEGRAM_TOKEN=§\n',
    ]),
  'stripe key': () =>
    inContext('stripe-key', `${pick(['sk', 'rk'])}_${pick(['live', 'test'])}_${rand(randomInt(24, 99))}`, [
      'stripe.api_key = "§"\n',
      'STRIPE_KEY=§\n',
    ]),
  'twilio sid or api key': () =>
    inContext('twilio-key', `${pick(['A', 'S'])}${pick(['C', 'K'])}${hex(32)}`.replace(/^AK|^SC/, 'SK'), [
      'TWILIO_ACCOUNT_SID=§\n',
      'using api key §\n',
    ]),
  'sendgrid key': () =>
    inContext('sendgrid-key', `S${'G'}.${rand(22, BASE64URL)}.${rand(43, BASE64URL)}`, [
      'curl -H "Authorization: Bearer §" https://api.sendgrid.com/v3/mail/send',
    ]),
  'npm token': () => inContext('npm-token', `np${'m'}_${rand(36)}`, ['//registry.npmjs.org/:_authToken=§\n']),
  'pypi token': () =>
    inContext('pypi-token', `py${'pi'}-AgEIcHlwaS5vcmc${rand(randomInt(60, 160), BASE64URL)}${rand(1)}`, [
      '[pypi]\nusername = __token__\npassword = §\n',
    ]),
  'digitalocean token': () =>
    inContext('digitalocean-token', `do${pick(['p', 'o', 'r'])}_v1_${hex(64)}`, ['doctl auth init -t §\n']),
  'azure storage key': () =>
    inContext('azure-storage-key', `${rand(86, BASE64)}==`, [
      'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=§;EndpointSuffix=core.windows.net',
      'Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=§\n',
    ]),
  'azure client secret': () =>
    inContext(
      'azure-client-secret',
      `${rand(3)}${rand(1, DIGITS)}Q${'~'}${rand(randomInt(30, 33), `${ALNUM}_~.-`)}${rand(1)}`,
      ['{"tenantId": "contoso", "clientSecret": "§"}', 'AZURE_CLIENT_SECRET=§\n'],
    ),
  'age secret key': () =>
    inContext('age-secret-key', `AGE-${'SECRET'}-KEY-1${rand(58, BECH32_UPPER)}`, [
      '# created: 2030-01-01\n# public key: age1xyz\n§\n',
      'SOPS_AGE_KEY=§\n',
    ]),
  jwt: () =>
    inContext('jwt', jwt(), [
      'Authorization: Bearer §\n',
      'Set-Cookie: session=§; Path=/; HttpOnly',
      'GET /callback?id_token=§&state=xyz',
    ]),
  ...GITLEAKS_GENERATORS,
};
