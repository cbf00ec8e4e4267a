/**
 * npm run bench: measures what the site costs to build and to load, and prints figures.
 *
 * 1. Cold production builds, one after the other in fresh copies of the repository:
 *    "stock" (this site's content and config with the stock Mermaid and CodeBlock theme
 *    components, code coloured by inline styles, upstream's page template, and without this site's
 *    build plugins: mermaid-runtime, code-highlighting, prefetch-scheduler, lazy-routes,
 *    version-metadata, critical-css, preact-client; i.e. what Docusaurus does out of the box) and "shipped" (the repository as it is). Prints wall time, peak memory (GNU
 *    time), their ratio, and checks that both builds hold the same routes and search documents.
 *    A third cold build, "before", is the tree of another commit (`--before=REF`, default `main`,
 *    exported with `git archive` into a fresh folder), so one run prints the figures before and
 *    after the branch's changes, on the same machine under the same load.
 * 2. First-visit transfer of five pages of the before and shipped builds, measured in Chromium:
 *    every JS and CSS file the page loads (lazy chunks included), raw and gzip, on the first view
 *    and after scrolling to every diagram (which loads mermaid).
 * 3. Lighthouse 12 (mobile and desktop presets) on the same pages of both builds, served with
 *    compression, three runs each (before and after alternate, so load on the machine hits both
 *    alike), median reported; for the mobile median, the LCP element, its render delay, how many
 *    of the page's scripts were requested and ran before the LCP paint in the recorded trace (the
 *    causes of the render delay: docs-dev/performance.md, "Largest contentful paint"), and
 *    Lighthouse's long tasks, what the total blocking time is made of.
 *
 * Options: --skip-builds (measure the existing build/ only, or the one of --build=DIR; no "before" unless
 * --before-build=DIR names one), --before=REF,
 * --no-before, --skip-lighthouse. BENCH_PORT (default 3900) and BENCH_PORT + 1 serve the builds.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import type { RunnerResult } from 'lighthouse';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { serveBuild } from './static-server';

const ROOT = path.resolve(__dirname, '..');
const WORK = path.join(os.tmpdir(), 'docs-bench');
const args = new Set(process.argv.slice(2));
/** The commit whose tree is built as "before" (`--before=REF`); `--no-before` skips it. */
const BEFORE_REF = args.has('--no-before')
  ? null
  : ([...args].find((arg) => arg.startsWith('--before='))?.slice('--before='.length) ?? 'main');
/** Two ports: page weights on BENCH_PORT, Lighthouse on BENCH_PORT + 1. */
const PORT = Number(process.env.BENCH_PORT ?? 3900);
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

function prepareCopy(variant: 'stock' | 'shipped' | 'before'): string {
  const dir = path.join(WORK, variant);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (variant === 'before') {
    // The committed tree of BEFORE_REF, nothing uncommitted; this checkout's node_modules.
    const run = spawnSync('sh', ['-c', `git archive --format=tar "$0" | tar -x -C "$1"`, BEFORE_REF!, dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`git archive ${BEFORE_REF} failed: ${run.stderr}`);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    return dir;
  }
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

/** A build to measure: its label in the tables and its folder. */
interface Measured {
  label: string;
  dir: string;
}

const hydratedSelectors = new Map<string, string>();

/**
 * What marks a page of this build as hydrated: `data-page-hydrated` once every deferred part has
 * hydrated (src/clientModules/pageHydrated.ts), or Docusaurus's `data-has-hydrated` for a "before"
 * build older than that module. Read once per build.
 */
function hydratedSelector(buildDir: string): string {
  const known = hydratedSelectors.get(buildDir);
  if (known) return known;
  const js = path.join(buildDir, 'assets', 'js');
  const main = readdirSync(js).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
  const marks = main !== undefined && readFileSync(path.join(js, main), 'utf8').includes('data-page-hydrated');
  const selector = marks ? 'html[data-page-hydrated="true"]' : 'html[data-has-hydrated="true"]';
  hydratedSelectors.set(buildDir, selector);
  return selector;
}

async function firstVisit(browser: Browser, buildDir: string, port: number, route: string): Promise<[Weight, Weight]> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const urls = new Set<string>();
  tab.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) urls.add(new URL(request.url()).pathname);
  });
  await tab.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
  await tab.waitForSelector(hydratedSelector(buildDir));
  const first = weigh(buildDir, urls);
  const diagrams = tab.locator('[data-diagram]');
  for (let index = 0; index < (await diagrams.count()); index += 1) {
    await diagrams.nth(index).scrollIntoViewIfNeeded();
    await diagrams.nth(index).and(tab.locator('[data-diagram="drawn"]')).waitFor({ timeout: 30_000 });
  }
  await tab.waitForLoadState('networkidle');
  const read = weigh(buildDir, urls);
  await context.close();
  return [first, read];
}

async function pageWeights(builds: Measured[], port: number): Promise<void> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  console.log('\n## First-visit transfer (measured in Chromium; gzip computed with zlib level 9)\n');
  console.log('"First view": what loading the page requests. "Read to the end": after scrolling to every diagram,');
  console.log('which loads mermaid and draws them (diagrams are drawn only when they come near the viewport).\n');
  console.log('| page | build | JS files | JS raw | JS gzip | CSS raw | CSS gzip | mermaid | read to the end: JS gzip | mermaid |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  try {
    for (const page of PAGES) {
      for (const build of builds) {
        const server = await serveBuild(build.dir, port);
        try {
          const [first, read] = await firstVisit(browser, build.dir, port, page.route);
          console.log(
            `| ${page.name} \`${page.route}\` | ${build.label} | ${first.files} | ${kb(first.js[0])} | ${kb(first.js[1])} | ${kb(first.css[0])} | ${kb(first.css[1])} | ${first.mermaid ? 'yes' : 'no'} | ${kb(read.js[1])} | ${read.mermaid ? 'yes' : 'no'} |`,
          );
        } finally {
          server.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

/** Lighthouse runs per page, preset and build; the table shows the run with the median performance score. */
const LIGHTHOUSE_RUNS = 3;

type Lhr = RunnerResult['lhr'];
type Trace = { traceEvents: Array<{ name: string; ts: number; args?: { data?: { url?: string } } }> };

/**
 * From the recorded (unthrottled) trace: how many of the page's own scripts had a first event of
 * the given kind before the paint Chromium reported as the largest contentful paint, as "N of M".
 * - `ResourceSendRequest`, requested before it: Lighthouse keeps a script that finished downloading
 *   before the paint in the simulated LCP unless it finds the script's evaluation among the recorded
 *   tasks, and it drops tasks under 10 ms, so a preloaded bundle with a short evaluation was counted
 *   (docs-dev/performance.md);
 * - `EvaluateScript`, run before it: the simulated LCP counts every such script and its download.
 */
function scriptsBeforeLcp(trace: Trace, origin: string, eventName: 'ResourceSendRequest' | 'EvaluateScript'): string {
  const events = trace.traceEvents;
  const lcp = events.filter((event) => event.name === 'largestContentfulPaint::Candidate').at(-1);
  const first = new Map<string, number>();
  for (const event of events) {
    const url = event.args?.data?.url;
    if (event.name === eventName && url?.startsWith(origin) && url.endsWith('.js') && !first.has(url)) first.set(url, event.ts);
  }
  if (!lcp) return '?';
  return `${[...first.values()].filter((ts) => ts < lcp.ts).length} of ${first.size}`;
}

/** Lighthouse's long tasks (simulated, 4x CPU), longest first: what the total blocking time is made of. */
function longTasks(lhr: Lhr, origin: string): string {
  const items = (lhr.audits['long-tasks']?.details as { items?: Array<{ url: string; duration: number }> } | undefined)?.items ?? [];
  const name = (url: string) =>
    url === 'Unattributable'
      ? 'unattributed'
      : url.includes('/assets/js/')
        ? url.replace(/^.*\//, '').replace(/\.[0-9a-f]+\.js$/, '')
        : url.startsWith(origin)
          ? 'page'
          : url;
  return items.length === 0 ? 'none' : items.map((item) => `${Math.round(item.duration)} ${name(item.url)}`).join(', ');
}

function lcpEvidence(lhr: Lhr, trace: Trace, origin: string): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: { selector?: string }; phase?: string; timing?: number }> }> } | undefined;
  const element = details?.items?.[0]?.items?.[0]?.node?.selector?.split(' > ').slice(-2).join(' > ') ?? '?';
  const delay = details?.items?.[1]?.items?.find((item) => item.phase === 'Render Delay')?.timing;
  return (
    `\`${element}\`, render delay ${delay === undefined ? '?' : `${Math.round(delay)} ms`}, scripts requested before the LCP paint: ` +
    `${scriptsBeforeLcp(trace, origin, 'ResourceSendRequest')}, run before it: ${scriptsBeforeLcp(trace, origin, 'EvaluateScript')}; long tasks (simulated ms): ${longTasks(lhr, origin)}`
  );
}

async function lighthouseScores(builds: Measured[], port: number): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const origin = `http://127.0.0.1:${port}`;
  console.log(
    `\n## Lighthouse 12 (served with gzip by scripts/static-server.ts; median of ${LIGHTHOUSE_RUNS} runs by performance score)\n`,
  );
  console.log('| page | preset | build | performance | (all runs) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const evidence: string[] = [];
  try {
    for (const page of PAGES) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const runs = new Map<string, Array<{ lhr: Lhr; trace: Trace }>>(builds.map((build) => [build.label, []]));
        for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
          // Builds alternate run by run on the same port, so both see the same load on the machine.
          for (const build of builds) {
            const server = await serveBuild(build.dir, port);
            try {
              const result = await lighthouse(
                `${origin}${page.route}`,
                {
                  port: chrome.port,
                  output: 'json',
                  logLevel: 'error',
                  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
                },
                preset === 'desktop' ? desktopConfig : undefined,
              );
              runs.get(build.label)!.push({ lhr: result!.lhr, trace: (result!.artifacts as unknown as { Trace: Trace }).Trace });
            } finally {
              server.close();
            }
          }
        }
        const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        for (const build of builds) {
          const list = runs.get(build.label)!;
          list.sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
          const { lhr, trace } = list[Math.floor(list.length / 2)];
          const audit = (id: string) => lhr.audits[id]?.displayValue ?? '';
          const all = list.map((r) => score(r.lhr, 'performance')).join(', ');
          console.log(
            `| ${page.name} | ${preset} | ${build.label} | ${score(lhr, 'performance')} | ${all} | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${score(lhr, 'seo')} | ${audit('first-contentful-paint')} | ${audit('largest-contentful-paint')} | ${audit('total-blocking-time')} | ${audit('cumulative-layout-shift')} |`,
          );
          if (preset === 'mobile') evidence.push(`- ${page.name}, ${build.label}: ${lcpEvidence(lhr, trace, origin)}`);
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    '\nThe mobile median run: its LCP element and render delay, the scripts requested and run before the LCP paint, and its long tasks:\n',
  );
  for (const line of evidence) console.log(line);
}

async function main(): Promise<void> {
  console.log(`# Benchmark (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version})`);
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
  const buildArg = [...args].find((arg) => arg.startsWith('--build='))?.slice('--build='.length);
  const builds: Measured[] = [{ label: 'shipped', dir: path.resolve(buildArg ?? path.join(ROOT, 'build')) }];
  // An existing "before" build to compare with, without building (e.g. a previous run's).
  const beforeBuild = [...args].find((arg) => arg.startsWith('--before-build='))?.slice('--before-build='.length);
  if (beforeBuild && args.has('--skip-builds')) builds.unshift({ label: 'before', dir: path.resolve(beforeBuild) });
  if (!args.has('--skip-builds')) {
    const stockDir = prepareCopy('stock');
    const stock = coldBuild(stockDir, { DOCS_STOCK_BUILD: '1' });
    const before = BEFORE_REF ? coldBuild(prepareCopy('before'), {}) : null;
    const shippedDir = prepareCopy('shipped');
    const shipped = coldBuild(shippedDir, {});
    builds[0].dir = path.join(shippedDir, 'build');
    if (BEFORE_REF) builds.unshift({ label: `before (${BEFORE_REF})`, dir: path.join(WORK, 'before', 'build') });
    console.log('\n## Cold production build\n');
    console.log('| build | wall time | peak memory |');
    console.log('|---|---|---|');
    console.log(`| stock | ${stock.seconds.toFixed(1)} s | ${stock.peakMiB ?? '?'} MiB |`);
    if (before) console.log(`| before (${BEFORE_REF}) | ${before.seconds.toFixed(1)} s | ${before.peakMiB ?? '?'} MiB |`);
    console.log(`| shipped | ${shipped.seconds.toFixed(1)} s | ${shipped.peakMiB ?? '?'} MiB |`);
    console.log(`\nratio shipped / stock: ${(shipped.seconds / stock.seconds).toFixed(2)} (target at most 0.60)`);
    const sameRoutes = stock.routes.size === shipped.routes.size && [...stock.routes].every((route) => shipped.routes.has(route));
    console.log(
      `same routes: ${sameRoutes ? 'yes' : 'NO'} (${shipped.routes.size}); search documents: stock ${stock.searchDocuments}, shipped ${shipped.searchDocuments}`,
    );
  }
  for (const build of builds) if (!existsSync(build.dir)) throw new Error(`no build at ${build.dir}: run npm run build first`);
  await pageWeights(builds, PORT);
  if (!args.has('--skip-lighthouse')) await lighthouseScores(builds, PORT + 1);
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
