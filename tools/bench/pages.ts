import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Result } from 'lighthouse';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { showcaseShop } from '../../test/support/showcase-shop';
import { benchStack } from './bench-stack';

/**
 * `npm run bench -- pages`: the speed and quality budget of issue 14, measured. Builds and
 * starts the product, makes a public shop through the API as an owner leaves it (shop photo,
 * banners, social links, SEO, 22 products each with a phone photo, a price, a brand and
 * several stores), then runs Lighthouse's mobile preset (its default config: a mid-range phone,
 * simulated slow 4G and CPU throttling) in Debian's Chromium on the landing page, the public
 * shop page and a product page, BENCH_RUNS times each (3 unless told), and prints the median
 * run beside the budget, with the audits that cost the most on a page over budget.
 * Full reports: test-results/lighthouse/<page>-<run>.report.html and .json.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PRODUCTS = 22;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = resolve(__dirname, '..', '..', 'test-results', 'lighthouse');

interface Figure {
  label: string;
  value: number;
  shown: string;
  /** What the budget asks; undefined when the figure is only reported. */
  budget?: { text: string; met: (value: number) => boolean };
}

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

function transfer(lhr: Result): { all: number; script: number } {
  const details = lhr.audits['network-requests']?.details as
    { items?: NetworkRequest[] } | undefined;
  const items = details?.items ?? [];
  const sum = (list: NetworkRequest[]) => list.reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return { all: sum(items), script: sum(items.filter((r) => r.resourceType === 'Script')) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const atLeast = (min: number) => ({ text: `≥ ${min}`, met: (v: number) => v >= min });
const atMost = (max: number, text: string) => ({ text: `≤ ${text}`, met: (v: number) => v <= max });

function figures(lhr: Result): Figure[] {
  const { all, script } = transfer(lhr);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    { label: 'Performance', value: score(lhr, 'performance'), shown: '', budget: atLeast(95) },
    {
      label: 'Accessibility',
      value: score(lhr, 'accessibility'),
      shown: '',
      budget: atLeast(95),
    },
    {
      label: 'Best practices',
      value: score(lhr, 'best-practices'),
      shown: '',
      budget: atLeast(95),
    },
    {
      label: 'SEO',
      value: score(lhr, 'seo'),
      shown: '',
      budget: { text: '= 100', met: (v: number) => v === 100 },
    },
    {
      label: 'LCP',
      value: numeric(lhr, 'largest-contentful-paint'),
      shown: seconds(numeric(lhr, 'largest-contentful-paint')),
      budget: atMost(2000, '2.0 s'),
    },
    {
      label: 'FCP',
      value: numeric(lhr, 'first-contentful-paint'),
      shown: seconds(numeric(lhr, 'first-contentful-paint')),
    },
    {
      label: 'CLS',
      value: numeric(lhr, 'cumulative-layout-shift'),
      shown: numeric(lhr, 'cumulative-layout-shift').toFixed(3),
      budget: atMost(0.05, '0.05'),
    },
    {
      label: 'TBT',
      value: numeric(lhr, 'total-blocking-time'),
      shown: `${Math.round(numeric(lhr, 'total-blocking-time'))} ms`,
      budget: atMost(150, '150 ms'),
    },
    { label: 'Transfer, all', value: all, shown: kb(all) },
    {
      label: 'Transfer, JavaScript',
      value: script,
      shown: kb(script),
      budget: atMost(80 * 1024, '80 KB'),
    },
  ].map((f) => ({ ...f, shown: f.shown || String(f.value) }));
}

/**
 * The audits a page loses most on: performance audits with savings (or a failing metric-free
 * check), and every failing audit of the other categories, most costly first.
 */
function failingAudits(lhr: Result): string[] {
  const lines: Array<{ rank: number; text: string }> = [];
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.group === 'metrics' || ref.group === 'hidden') continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual')
        continue;
      const details = audit.details as
        { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
      const savingsMs = details?.overallSavingsMs ?? 0;
      const savingsBytes = details?.overallSavingsBytes ?? 0;
      const metricSavings = Object.entries(audit.metricSavings ?? {}).filter(([, v]) => v && v > 0);
      const failing = audit.score !== null && audit.score < 0.9;
      if (!failing && savingsMs <= 0 && metricSavings.length === 0) continue;
      // A performance audit counts by what it would save: 'render-blocking resources, 0 ms' does not.
      const saves = savingsMs >= 50 || savingsBytes >= 10_240 || metricSavings.length > 0;
      if (categoryId === 'performance' && !saves && audit.scoreDisplayMode !== 'binary') continue;
      const savings = [
        savingsMs > 0 ? `~${Math.round(savingsMs)} ms` : '',
        savingsBytes > 0 ? `~${kb(savingsBytes)}` : '',
        ...metricSavings.map(([metric, v]) =>
          metric === 'CLS' ? `CLS −${v!.toFixed(3)}` : `${metric} −${Math.round(v!)} ms`,
        ),
      ].filter(Boolean);
      lines.push({
        rank: (ref.weight || 0.5) * (1 - (audit.score ?? 0)) * 1000 + savingsMs,
        text:
          `[${categoryId}] ${audit.id}: ${audit.title}` +
          (audit.displayValue ? ` (${audit.displayValue})` : '') +
          (savings.length > 0 ? ` — saves ${savings.join(', ')}` : ''),
      });
    }
  }
  return lines.sort((a, b) => b.rank - a.rank).map((l) => l.text);
}

/**
 * One Lighthouse run of its command line, in a plain Node process: under tsx, the functions it
 * sends into the page would carry tsx's helpers, which the page lacks. It launches Chromium
 * itself (chrome-launcher, CHROME_PATH) and writes its JSON and HTML reports to `base`.
 */
function lighthouseRun(url: string, base: string): Promise<Result> {
  const cli = require.resolve('lighthouse/cli/index.js');
  const flags = [
    '--headless=new',
    '--disable-gpu',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
  const child = spawn(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--output=json',
      '--output=html',
      `--output-path=${base}`,
      `--chrome-flags=${flags.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolveRun, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`Lighthouse failed on ${url} (${code}): ${errors}`));
      const lhr = JSON.parse(readFileSync(`${base}.report.json`, 'utf8')) as Result;
      if (lhr.runtimeError)
        return reject(new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`));
      resolveRun(lhr);
    });
  });
}

/** BENCH_RUNS runs of a page; the median by performance score, as Lighthouse's docs advise. */
async function audit(url: string, name: string): Promise<Result> {
  const runs: Result[] = [];
  for (let n = 0; n < RUNS; n += 1) {
    const base = join(reportDir, `${name}-${n + 1}`);
    // Lighthouse sometimes loses its own trace on a loaded machine (NO_NAVSTART, "Please run
    // Lighthouse again"): that run is made again, once.
    runs.push(
      await lighthouseRun(url, base).catch((err: unknown) => {
        console.log(`${name}: run ${n + 1} failed, run again: ${String(err).split('\n')[0]}`);
        return lighthouseRun(url, base);
      }),
    );
  }
  const median = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
    Math.floor(runs.length / 2)
  ]!;
  console.log(
    `${name}: performance ${runs.map((r) => score(r, 'performance')).join(', ')}; median is run ${runs.indexOf(median) + 1}`,
  );
  return median;
}

async function main() {
  mkdirSync(reportDir, { recursive: true });
  const { run, stack } = await benchStack({ extraEnv: { TRUST_PROXY: '1' } });
  try {
    console.log('Starting the stack…');
    await stack.start();
    Object.assign(process.env, run.env, { KARTLINK_BASE_URL: stack.baseUrl });
    console.log(`Making a shop of ${PRODUCTS} products with photos through the API…`);
    const { shopUrl, products } = await showcaseShop({ products: PRODUCTS });
    const pages = [
      { name: 'landing', path: '/' },
      { name: 'shop', path: `/${shopUrl}` },
      { name: 'product', path: `/${shopUrl}/${products[0]!.shortCode}` },
    ];
    console.log(
      `Lighthouse ${RUNS} run(s) a page, mobile preset (simulated throttling), ${CHROMIUM}, ` +
        `${cpus().length} cores; median run shown\n`,
    );
    const results = [];
    for (const page of pages) {
      const lhr = await audit(`${stack.baseUrl}${page.path}`, page.name);
      results.push({ ...page, lhr, figures: figures(lhr) });
    }
    const table: Record<string, Record<string, string>> = {};
    for (const label of results[0]!.figures.map((f) => f.label)) {
      const row: Record<string, string> = {};
      for (const result of results) {
        const figure = result.figures.find((f) => f.label === label)!;
        const mark = figure.budget ? (figure.budget.met(figure.value) ? ' ✓' : ' ✗') : '';
        row[result.name] = `${figure.shown}${mark}`;
      }
      row.budget = results[0]!.figures.find((f) => f.label === label)!.budget?.text ?? '';
      table[label] = row;
    }
    console.table(table);
    for (const result of results) {
      const misses = result.figures.filter((f) => f.budget && !f.budget.met(f.value));
      if (misses.length === 0) continue;
      console.log(
        `\n${result.name} (${result.path}) misses: ${misses.map((f) => f.label).join(', ')}. ` +
          'Top audits:',
      );
      for (const line of failingAudits(result.lhr).slice(0, 15)) console.log(`  ${line}`);
    }
    console.log(`\nReports: ${reportDir}/<page>-<run>.report.html`);
  } finally {
    await stack.stop();
    await run.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
