/**
 * npm run bench: measures what the site costs to build and to load, and prints figures.
 *
 * 1. Cold production builds, one after the other in fresh copies of the repository:
 *    "stock" (this site's content and config with the stock Mermaid and CodeBlock theme
 *    components, code coloured by inline styles, and without this site's build plugins:
 *    mermaid-runtime, code-highlighting, prefetch-scheduler, lazy-routes; i.e. what Docusaurus does out of
 *    the box) and "shipped" (the repository as it is). Prints wall time, peak memory (GNU
 *    time), their ratio, and checks that both builds hold the same routes and search documents.
 * 2. First-visit transfer of five pages of the shipped build, measured in Chromium: every JS
 *    and CSS file the page loads (lazy chunks included), raw and gzip, on the first view and
 *    after scrolling to every diagram (which loads mermaid).
 * 3. Lighthouse 12 (mobile and desktop presets) on the same pages, served with compression,
 *    three runs each, median reported.
 *
 * Options: --skip-builds (measure the existing build/ only), --skip-lighthouse.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { serveBuild } from './static-server';

const ROOT = path.resolve(__dirname, '..');
const WORK = path.join(os.tmpdir(), 'docs-bench');
const args = new Set(process.argv.slice(2));
const CHROMIUM = CHROMIUM_LAUNCH_OPTIONS.executablePath;
/** Lighthouse starts Chromium itself: the shared launch flags, headless. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_LAUNCH_OPTIONS.args];

/** Pages measured for weight and Lighthouse: a long doc with diagrams, a doc without, an exports page, a tag page, the home page. */
const PAGES = [
  { name: 'home', route: '/' },
  { name: 'doc (no diagram)', route: '/guides/type-system/cheatsheet' },
  { name: 'doc (diagrams)', route: '/docs/core/data-transfer/engine' },
  { name: 'exports', route: '/exports/interfaces/FormProps' },
  { name: 'tag', route: '/tags/content-manager' },
];

const SKIP = new Set(['node_modules', 'build', '.docusaurus', '.git', 'test-results', 'playwright-report']);

function prepareCopy(variant: 'stock' | 'shipped'): string {
  const dir = path.join(WORK, variant);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(ROOT)) {
    if (!SKIP.has(entry)) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  if (variant === 'stock') {
    // The stock components: mermaid's and the code block's, instead of this site's.
    for (const component of ['Mermaid', 'CodeBlock']) rmSync(path.join(dir, 'src/theme', component), { recursive: true, force: true });
  }
  return dir;
}

interface BuildResult {
  seconds: number;
  peakMiB: number | null;
  routes: Set<string>;
  searchDocuments: number;
}

function coldBuild(dir: string, env: Record<string, string>): BuildResult {
  // Cold: no webpack or babel cache, no generated files.
  rmSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true, force: true });
  rmSync(path.join(dir, '.docusaurus'), { recursive: true, force: true });
  const docusaurus = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const hasTime = existsSync('/usr/bin/time');
  const command = hasTime ? '/usr/bin/time' : process.execPath;
  const commandArgs = hasTime ? ['-f', 'BENCH %e %M', process.execPath, docusaurus, 'build'] : [docusaurus, 'build'];
  const started = process.hrtime.bigint();
  const run = spawnSync(command, commandArgs, { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`build failed in ${dir}:\n${run.stdout}\n${run.stderr}`);
  const measured = /BENCH ([\d.]+) (\d+)/.exec(run.stderr);
  const sitemap = readFileSync(path.join(dir, 'build/sitemap.xml'), 'utf8');
  const routes = new Set([...sitemap.matchAll(/<loc>[^<]*?\.io([^<]*)<\/loc>/g)].map((m) => m[1] || '/'));
  const searchDocuments = readdirSync(path.join(dir, 'build'))
    .filter((name) => name.startsWith('search-index-'))
    .reduce((sum, name) => sum + JSON.parse(readFileSync(path.join(dir, 'build', name), 'utf8')).documents.length, 0);
  return { seconds, peakMiB: measured ? Math.round(Number(measured[2]) / 1024) : null, routes, searchDocuments };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Weight {
  files: number;
  js: [number, number];
  css: [number, number];
  mermaid: boolean;
}

/** Raw and gzip bytes of the JS and CSS files among the URLs (files of the build only). */
function weigh(buildDir: string, urls: Set<string>): Weight {
  const totals: Weight = { files: 0, js: [0, 0], css: [0, 0], mermaid: false };
  for (const url of urls) {
    const file = path.join(buildDir, decodeURIComponent(url));
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    const bucket = url.endsWith('.css') ? totals.css : totals.js;
    bucket[0] += bytes.length;
    bucket[1] += gzipSync(bytes, { level: 9 }).length;
    if (!url.endsWith('.css')) totals.files += 1;
    if (url.includes('mermaid')) totals.mermaid = true;
  }
  return totals;
}

async function pageWeights(buildDir: string, port: number): Promise<void> {
  const server = await serveBuild(buildDir, port);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  console.log('\n## First-visit transfer (shipped build, measured in Chromium; gzip computed with zlib level 9)\n');
  console.log('"First view": what loading the page requests. "Read to the end": after scrolling to every diagram,');
  console.log('which loads mermaid and draws them (diagrams are drawn only when they come near the viewport).\n');
  console.log('| page | JS files | JS raw | JS gzip | CSS raw | CSS gzip | mermaid | read to the end: JS gzip | mermaid |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const page of PAGES) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const urls = new Set<string>();
    tab.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) urls.add(new URL(request.url()).pathname);
    });
    await tab.goto(`http://127.0.0.1:${port}${page.route}`, { waitUntil: 'networkidle' });
    await tab.waitForSelector('html[data-has-hydrated="true"]');
    const first = weigh(buildDir, urls);
    const diagrams = tab.locator('[data-diagram]');
    for (let index = 0; index < (await diagrams.count()); index += 1) {
      await diagrams.nth(index).scrollIntoViewIfNeeded();
      await diagrams.nth(index).and(tab.locator('[data-diagram="drawn"]')).waitFor({ timeout: 30_000 });
    }
    await tab.waitForLoadState('networkidle');
    const read = weigh(buildDir, urls);
    console.log(
      `| ${page.name} \`${page.route}\` | ${first.files} | ${kb(first.js[0])} | ${kb(first.js[1])} | ${kb(first.css[0])} | ${kb(first.css[1])} | ${first.mermaid ? 'yes' : 'no'} | ${kb(read.js[1])} | ${read.mermaid ? 'yes' : 'no'} |`,
    );
    await context.close();
  }
  await browser.close();
  server.close();
}

/** Lighthouse runs per page and preset; the table shows the run with the median performance score. */
const LIGHTHOUSE_RUNS = 3;

async function lighthouseScores(buildDir: string, port: number): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const server = await serveBuild(buildDir, port);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  console.log(
    `\n## Lighthouse 12 (served with gzip by scripts/static-server.ts; median of ${LIGHTHOUSE_RUNS} runs by performance score)\n`,
  );
  console.log('| page | preset | performance | (all runs) | accessibility | best practices | SEO | TBT | LCP | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  try {
    for (const page of PAGES) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const runs: Array<NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']> = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
          const result = await lighthouse(
            `http://127.0.0.1:${port}${page.route}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          runs.push(result!.lhr);
        }
        const score = (lhr: (typeof runs)[number], id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
        const lhr = runs[Math.floor(runs.length / 2)];
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? '';
        const all = runs.map((r) => score(r, 'performance')).join(', ');
        console.log(
          `| ${page.name} | ${preset} | ${score(lhr, 'performance')} | ${all} | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${score(lhr, 'seo')} | ${audit('total-blocking-time')} | ${audit('largest-contentful-paint')} | ${audit('cumulative-layout-shift')} |`,
        );
      }
    }
  } finally {
    await chrome.kill();
    server.close();
  }
}

async function main(): Promise<void> {
  console.log(`# Benchmark (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version})`);
  let shippedBuild = path.join(ROOT, 'build');
  if (!args.has('--skip-builds')) {
    const stockDir = prepareCopy('stock');
    const stock = coldBuild(stockDir, { DOCS_STOCK_BUILD: '1' });
    const shippedDir = prepareCopy('shipped');
    const shipped = coldBuild(shippedDir, {});
    shippedBuild = path.join(shippedDir, 'build');
    console.log('\n## Cold production build\n');
    console.log('| build | wall time | peak memory |');
    console.log('|---|---|---|');
    console.log(`| stock | ${stock.seconds.toFixed(1)} s | ${stock.peakMiB ?? '?'} MiB |`);
    console.log(`| shipped | ${shipped.seconds.toFixed(1)} s | ${shipped.peakMiB ?? '?'} MiB |`);
    console.log(`\nratio shipped / stock: ${(shipped.seconds / stock.seconds).toFixed(2)} (target at most 0.60)`);
    const sameRoutes = stock.routes.size === shipped.routes.size && [...stock.routes].every((route) => shipped.routes.has(route));
    console.log(
      `same routes: ${sameRoutes ? 'yes' : 'NO'} (${shipped.routes.size}); search documents: stock ${stock.searchDocuments}, shipped ${shipped.searchDocuments}`,
    );
  }
  if (!existsSync(shippedBuild)) throw new Error(`no build at ${shippedBuild}: run npm run build first`);
  await pageWeights(shippedBuild, 3900);
  if (!args.has('--skip-lighthouse')) await lighthouseScores(shippedBuild, 3901);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
