// Markdown section of the bench: the page's renderer (src/web/page/markdown*.ts*) on a 200,000-character result
// note and on 1,000 small bodies (mail, card entries), in Node (parseMarkdown: text → the tree the page maps to
// elements) and, when Chromium is there, in the page's own setting (parse + Preact render into the DOM + layout).
// Informational, but for pathological input (test/fixtures/markdown-pathological.ts): each parse < 500 ms.
//
// `node bench/markdown.mjs [--src <folder holding markdown.tsx>]` — `--src` measures another copy of the page's
// sources (e.g. an older commit's, `git archive <rev> src/web/page src/core/display | tar -x -C /tmp/old`), so two
// renderers can be compared by the same script; bare imports still resolve from this checkout's node_modules.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CHROMIUM = process.env.BATON_CHROMIUM ?? '/usr/bin/chromium';
const RUNS = 7;

/** A result note as agents write them: headings, prose with marks and links, lists, tasks, code, a table, quotes. */
const CHUNK = `## Findings for step N

The login test reads the wall clock in \`test/login.spec.ts:40\`; **freezing** time per test fixes it, see
https://vitest.dev/api/vi.html#vi-usefaketimers and [the issue](https://github.com/acme/shop/issues/1234).
Other suites rely on _real_ timers, so a global freeze was ~~tried~~ rejected.

- [x] freeze time in \`beforeEach\`
- [ ] remove the retry in \`playwright.config.ts\`
- check \`test/setup.ts\` (it imports *everything*)
  1. first the fixtures
  2. then the mocks

\`\`\`ts
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z') });
});
afterEach(() => vi.useRealTimers());
\`\`\`

| suite | runs | green |
|:------|-----:|:-----:|
| unit  | 20   | 20    |
| e2e   | 0    | not run |

> Pitfall: \`vi.useFakeTimers\` leaks between files when a test throws.
> Mail me@example.com or <ops@example.com> if staging stays down.

---

`;

function bigNote(chars) {
  let out = '';
  for (let n = 0; out.length < chars; n++) out += CHUNK.replace('step N', `step ${n}`);
  return out.slice(0, chars);
}

/** 1,000 bodies of 40 to 600 characters: one-liners, short paragraphs with a mark or two, a list, a snippet. */
function smallBodies(count) {
  const kinds = [
    (n) => `ack ${n}, on it`,
    (n) => `question: does \`npm test\` pass on main for you (run ${n})? I see **3 failures** in test/web.`,
    (n) =>
      `Done with step ${n}:\n\n- moved the clock into \`test/setup.ts\`\n- removed the retry\n- see https://ci.example/runs/${n}`,
    (n) => `> ${n}: staging is down again\n\nI'll wait; _not_ rerunning e2e until it's back.`,
    (n) => `Try this:\n\n\`\`\`sh\nnpm run build && npx vitest run test/web/markdown.test.ts # ${n}\n\`\`\``,
    (n) => `${'Plain prose about the change, nothing marked. '.repeat(1 + (n % 12))}`,
  ];
  return Array.from({ length: count }, (_, n) => kinds[n % kinds.length](n));
}

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function timeRuns(fn) {
  fn();
  fn();
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return { median: median(samples), min: Math.min(...samples) };
}

async function bundle(entry, outfile, platform) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: platform === 'node' ? 'esm' : 'iife',
    platform,
    target: platform === 'node' ? 'node20' : 'es2020',
    minify: platform !== 'node',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    nodePaths: [join(ROOT, 'node_modules')],
    logLevel: 'warning',
  });
}

async function inNode(src, dir, note, bodies) {
  const out = join(dir, 'parse.mjs');
  await bundle(join(src, 'markdown-parse.ts'), out, 'node');
  const { parseMarkdown } = await import(pathToFileURL(out).href);
  const cases = join(dir, 'cases.mjs');
  await bundle(join(ROOT, 'test/fixtures/markdown-pathological.ts'), cases, 'node');
  const { PATHOLOGICAL } = await import(pathToFileURL(cases).href);
  return {
    pathological: PATHOLOGICAL.map(([name, md]) => [name, timeRuns(() => parseMarkdown(md))]),
    note: timeRuns(() => parseMarkdown(note)),
    bodies: timeRuns(() => {
      for (const body of bodies) parseMarkdown(body);
    }),
  };
}

async function inChromium(src, dir, note, bodies) {
  if (!existsSync(CHROMIUM)) return undefined;
  const entry = join(dir, 'page-entry.tsx');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    entry,
    `import { render } from 'preact';
import { Markdown } from ${JSON.stringify(join(src, 'markdown.tsx'))};
// One render into a fresh element, then layout forced: what a person waits for when a note or a mailbox opens.
(window as any).renderAll = (texts: string[]) => {
  const el = document.createElement('div');
  document.body.append(el);
  const started = performance.now();
  render(<div>{texts.map((text, i) => <Markdown key={i} text={text} />)}</div>, el);
  void el.offsetHeight;
  const ms = performance.now() - started;
  render(null, el);
  el.remove();
  return ms;
};`,
  );
  const out = join(dir, 'page.js');
  await bundle(entry, out, 'browser');
  const { readFileSync } = await import('node:fs');
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: readFileSync(out, 'utf8') });
    const time = async (texts) => {
      const samples = [];
      for (let i = 0; i < RUNS + 2; i++) samples.push(await page.evaluate((t) => window.renderAll(t), texts));
      samples.splice(0, 2);
      return { median: median(samples), min: Math.min(...samples) };
    };
    return { note: await time([note]), bodies: await time(bodies) };
  } finally {
    await browser.close();
  }
}

const ms = (t) => `${t.median.toFixed(1)} ms (best ${t.min.toFixed(1)})`;

export default async function markdownBench(ctx) {
  const src = resolve(ctx?.src ?? join(ROOT, 'src/web/page'));
  const dir = mkdtempSync(join(tmpdir(), 'baton-md-bench-'));
  try {
    const note = bigNote(200_000);
    const bodies = smallBodies(1_000);
    const node = await inNode(src, dir, note, bodies);
    const browser = await inChromium(src, dir, note, bodies);
    const rows = [
      { name: 'parse a 200,000-character note (Node)', value: ms(node.note), ok: null },
      { name: 'parse 1,000 small bodies (Node)', value: ms(node.bodies), ok: null },
      // A linear parse takes milliseconds, a quadratic one seconds: the best run counts (a busy machine's noise).
      ...node.pathological.map(([name, run]) => ({
        name: `parse pathological input: ${name} (Node)`,
        value: ms(run),
        target: '< 500 ms (best run)',
        ok: run.min < 500,
      })),
    ];
    if (browser) {
      rows.push(
        {
          name: 'render a 200,000-character note (Chromium: parse, Preact, layout)',
          value: ms(browser.note),
          ok: null,
        },
        { name: 'render 1,000 small bodies (Chromium)', value: ms(browser.bodies), ok: null },
      );
    }
    return rows.map((row) => ({ target: 'informational', ...row }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--src');
  const rows = await markdownBench({ src: at > 0 ? process.argv[at + 1] : undefined });
  for (const row of rows) console.log(`${row.name.padEnd(68)} ${row.value}`);
}
