// Realistic pastes holding fake credentials: each names the exact spans and kinds redaction must replace.

import { contextCases } from './corpus-context.js';
import { leakCases } from './corpus-leaks.js';
import { ALNUM, BASE64, BASE64URL, DIGITS, discordToken, HEX, LOWER, rand, UPPER } from './random.js';

/** A secret span inside a case: the text between its neighbours that must become `[REDACTED:kind]`. */
export interface Secret {
  kind: string;
  value: string;
}

export type Part = string | Secret;

export interface PositiveCase {
  name: string;
  parts: Part[];
}

const s = (kind: string, value: string): Secret => ({ kind, value });

// Prefixes are concatenated so that this file never holds a literal that secret scanners flag.
const gh = (kind: string) => `gh${kind}_`;
const aws = (prefix: 'AK' | 'AS') => `${prefix}IA${rand(16, UPPER + DIGITS)}`;
const awsSecret = () => rand(40, BASE64);
const openai = () => `sk-${'proj'}-${rand(74, BASE64URL)}${rand(1, ALNUM)}`;
const slackId = (n: number) => rand(n, DIGITS);

/**
 * Every positive: provider formats here, context-recognised secrets in `corpus-context.ts`, the
 * classes issue 8 saw leak in `corpus-leaks.ts`.
 */
export function positiveCases(): PositiveCase[] {
  return [
    {
      name: 'aws key id in a log line',
      parts: [
        '2024-05-01T10:00:00Z INFO signing with ',
        s('aws-access-key', aws('AK')),
        ' for s3://bucket\n',
      ],
    },
    {
      name: 'aws sts json',
      parts: [
        '{\n  "Credentials": {\n    "AccessKeyId": "',
        s('aws-access-key', aws('AS')),
        '",\n    "SecretAccessKey": "',
        s('aws-secret-key', awsSecret()),
        '",\n    "Expiration": "2024-05-01T11:00:00Z"\n  }\n}',
      ],
    },
    {
      name: 'aws credentials file',
      parts: [
        '[default]\naws_access_key_id = ',
        s('aws-access-key', aws('AK')),
        '\naws_secret_access_key = ',
        s('aws-secret-key', awsSecret()),
        '\nregion = eu-west-1\n',
      ],
    },
    {
      name: 'github classic token in clone url',
      parts: [
        '$ git clone https://x-access-token:',
        s('github-token', gh('p') + rand(36)),
        "@github.com/acme/api.git\nCloning into 'api'...",
      ],
    },
    {
      name: 'github oauth token in env file',
      parts: [
        'export GITHUB_TOKEN=',
        s('github-token', gh('o') + rand(36)),
        '\nexport NODE_ENV=production\n',
      ],
    },
    {
      name: 'github app token in log',
      parts: ['[actions] installation token ', s('github-token', gh('s') + rand(36)), ' expires in 1h'],
    },
    {
      name: 'github fine-grained pat in curl',
      parts: [
        'curl -H "Authorization: token ',
        s('github-token', `github_${'pat'}_${rand(22)}_${rand(59)}`),
        '" https://api.github.com/user',
      ],
    },
    {
      name: 'gitlab pat in curl header',
      parts: [
        'curl --header "PRIVATE-TOKEN: ',
        s('gitlab-token', `gl${'pat'}-${rand(20, BASE64URL)}`),
        '" "https://gitlab.example.org/api/v4/projects"',
      ],
    },
    {
      name: 'openai project key in .env',
      parts: ['OPENAI_API_KEY=', s('openai-key', openai()), '\nOPENAI_ORG=org-acme\n'],
    },
    {
      name: 'openai legacy key in stack trace',
      parts: [
        'Traceback (most recent call last):\n  File "app.py", line 12, in <module>\n    client = OpenAI(api_key="',
        s('openai-key', `sk-${rand(48)}`),
        '")\nopenai.AuthenticationError: Error code: 401',
      ],
    },
    {
      name: 'anthropic key in json config',
      parts: [
        '{"provider": "anthropic", "apiKey": "',
        s('anthropic-key', `sk-${'ant'}-api03-${rand(93, BASE64URL)}AA`),
        '", "model": "claude"}',
      ],
    },
    {
      name: 'google api key in url',
      parts: [
        'GET https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key=',
        s('google-api-key', `AI${'za'}Sy${rand(33, BASE64URL)}`),
        ' 200 OK',
      ],
    },
    {
      name: 'groq key in shell',
      parts: ['$ export GROQ_API_KEY="', s('groq-key', `gs${'k'}_${rand(52)}`), '"\n$ python chat.py'],
    },
    {
      name: 'hugging face token in cli',
      parts: [
        '$ huggingface-cli login --token ',
        s('huggingface-token', `h${'f'}_${rand(34, UPPER + LOWER)}`),
        '\nToken is valid (permission: write).',
      ],
    },
    {
      name: 'xai key in json',
      parts: ['{"xai": {"api_key": "', s('xai-key', `xa${'i'}-${rand(80)}`), '"}}'],
    },
    {
      name: 'slack bot token in log',
      parts: [
        'slack: connecting with token ',
        s('slack-token', `xo${'xb'}-${slackId(12)}-${slackId(13)}-${rand(24)}`),
        ' (team T123)',
      ],
    },
    {
      name: 'slack webhook in curl',
      parts: [
        'curl -X POST -H \'Content-type: application/json\' --data \'{"text":"deployed"}\' https://hooks.slack.com/services/',
        s('slack-webhook', `T${rand(8, UPPER + DIGITS)}/B${rand(8, UPPER + DIGITS)}/${rand(24)}`),
        '\n',
      ],
    },
    {
      name: 'discord webhook in config',
      parts: [
        'webhook_url: https://discord.com/api/webhooks/',
        s('discord-webhook', `${rand(18, DIGITS)}/${rand(68, BASE64URL)}`),
        '\n',
      ],
    },
    {
      name: 'discord bot token in code',
      parts: ["client.login('", s('discord-token', discordToken()), "');\n"],
    },
    {
      name: 'telegram bot token in url',
      parts: [
        'POST https://api.telegram.org/bot',
        s('telegram-token', `${rand(9, DIGITS)}:A${'A'}${rand(33, BASE64URL)}`),
        '/sendMessage 200',
      ],
    },
    {
      name: 'stripe live secret key in python',
      parts: ['import stripe\nstripe.api_key = "', s('stripe-key', `sk_${'live'}_${rand(99)}`), '"\n'],
    },
    {
      name: 'stripe restricted and test keys',
      parts: [
        'STRIPE_RK=',
        s('stripe-key', `rk_${'live'}_${rand(24)}`),
        '\nSTRIPE_TEST=',
        s('stripe-key', `sk_${'test'}_${rand(24)}`),
        '\n',
      ],
    },
    {
      name: 'twilio sid and api key',
      parts: [
        'TWILIO_ACCOUNT_SID=',
        s('twilio-key', `A${'C'}${rand(32, HEX)}`),
        '\nlog: using api key ',
        s('twilio-key', `S${'K'}${rand(32, HEX)}`),
        '\n',
      ],
    },
    {
      name: 'sendgrid key in bearer header',
      parts: [
        'curl https://api.sendgrid.com/v3/mail/send -H "Authorization: Bearer ',
        s('sendgrid-key', `S${'G'}.${rand(22, BASE64URL)}.${rand(43, BASE64URL)}`),
        '"',
      ],
    },
    {
      name: 'npm token in .npmrc',
      parts: ['//registry.npmjs.org/:_authToken=', s('npm-token', `np${'m'}_${rand(36)}`), '\n'],
    },
    {
      name: 'pypi token in .pypirc',
      parts: [
        '[pypi]\nusername = __token__\npassword = ',
        s('pypi-token', `py${'pi'}-AgEIcHlwaS5vcmc${rand(160, BASE64URL)}`),
        '\n',
      ],
    },
    {
      name: 'digitalocean token in cli',
      parts: ['$ doctl auth init -t ', s('digitalocean-token', `do${'p'}_v1_${rand(64, HEX)}`), '\n'],
    },
    {
      name: 'azure storage connection string',
      parts: [
        'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=',
        s('azure-storage-key', `${rand(86, BASE64)}==`),
        ';EndpointSuffix=core.windows.net',
      ],
    },
    {
      name: 'azure ad client secret in json',
      parts: [
        '{"tenantId": "contoso", "clientSecret": "',
        s(
          'azure-client-secret',
          `${rand(3)}${rand(1, DIGITS)}Q${'~'}${rand(33, `${ALNUM}_~.-`)}${rand(1, ALNUM)}`,
        ),
        '"}',
      ],
    },
    ...contextCases(),
    ...leakCases(),
  ];
}
