/**
 * npm run trace -- [--runs=N] [--js] ROUTE BUILD_DIR [BUILD_DIR...]: what the main thread does after a
 * page's first contentful paint, the way Lighthouse's mobile run records it (412 x 823, no
 * throttling: Lighthouse multiplies the recorded task times by 4 afterwards).
 *
 * Loads ROUTE from each build in turn, N times (default 8, builds alternating so that load on the
 * machine hits them alike), records a trace with Lighthouse's categories, and prints per build the
 * median of each kind of task longer than 12.5 ms (the length that counts as blocking at 4x), the
 * number of such tasks, the hydration's slices, and the blocking time of the recorded tasks
 * multiplied by 4 (not Lighthouse's figure, which simulates the network too, but it moves with it).
 * A kind with no task over 12.5 ms in a load counts 0 for that load.
 *
 * --js adds, per kind, the source files that ran longest in those tasks (self time from the
 * trace's CPU samples, median load), mapped through the build's source maps: build with
 * DOCS_SOURCE_MAPS=1 for them (docusaurus.config.ts); without maps the bundle names are shown.
 *
 * How the causes of issue 29 were found: docs-dev/performance.md, "The tasks after the first paint".
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { serveBuild } from './static-server';

/** Lighthouse 12's trace categories (a trace costs time; these costs are in its figures too). */
const CATEGORIES = [
  'toplevel',
  'v8.execute',
  'blink.console',
  'blink.user_timing',
  'benchmark',
  'loading',
  'latencyInfo',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
];
/** A task longer than this, at Lighthouse's 4x CPU, is over the 50 ms that counts as blocking. */
export const LONG_MS = 12.5;

export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: { url?: string; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; startTime?: number };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}

/** What a task mostly did, from the events inside it. */
export function kindOf(inside: TraceEvent[]): string {
  const script = inside.find((event) => event.name === 'EvaluateScript' && event.args?.data?.url);
  if (script) {
    const file = script.args!.data!.url!.replace(/^.*\//, '');
    return file.startsWith('main.') ? 'main bundle' : file.startsWith('runtime~main.') ? 'runtime' : 'route chunk (hydration)';
  }
  const call = inside.find((event) => event.name === 'FunctionCall');
  if (call && !call.args?.data?.url?.includes('/assets/')) return 'inline script (loader)';
  for (const [name, kind] of [
    ['TimerFire', 'timer (hydration slice)'],
    ['FireIdleCallback', 'idle callback (prefetch)'],
    ['FireAnimationFrame', 'animation frame'],
    ['ParseAuthorStyleSheet', 'stylesheet parse'],
    ['UpdateLayoutTree', 'style and layout'],
    ['Layout', 'style and layout'],
    ['RunMicrotasks', 'microtasks (route preload)'],
    ['EventDispatch', 'event'],
  ] as const)
    if (inside.some((event) => event.name === name)) return kind;
  return 'other';
}

export interface LoadFigures {
  /** Longest task of each kind over LONG_MS. */
  longest: Map<string, number>;
  /** Tasks over LONG_MS. */
  long: number;
  /** Hydration slices (timer tasks), and those over LONG_MS. */
  slices: number;
  longSlices: number;
  /** Sum over tasks of max(0, 4 x duration - 50 ms). */
  blocking4x: number;
  /** Per kind, self time (ms) per source file in its tasks over LONG_MS. */
  files: Map<string, Map<string, number>>;
}

/** The page's main thread: the renderer thread of the process that reported the first contentful paint. */
export function figures(events: TraceEvent[], where: (frame: ProfileNode['callFrame']) => string): LoadFigures {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === fcp.pid)!;
  const thread = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X').sort((a, b) => a.ts - b.ts);
  // The CPU samples of the page's process (present when the trace had the profiler category).
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; node: number }> = [];
  let clock = 0;
  for (const event of events
    .filter((e) => e.pid === fcp.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'))
    .sort((a, b) => a.ts - b.ts)) {
    if (event.name === 'Profile') {
      clock = event.args?.data?.startTime ?? clock;
      continue;
    }
    for (const node of event.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = event.args?.data?.timeDeltas ?? [];
    (event.args?.data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  const result: LoadFigures = { longest: new Map(), long: 0, slices: 0, longSlices: 0, blocking4x: 0, files: new Map() };
  for (const task of thread.filter((event) => event.name === 'RunTask' && event.ts > fcp.ts)) {
    const ms = (task.dur ?? 0) / 1000;
    const end = task.ts + (task.dur ?? 0);
    const inside = thread.filter((event) => event !== task && event.ts >= task.ts && event.ts < end);
    const kind = kindOf(inside);
    result.blocking4x += Math.max(0, 4 * ms - 50);
    if (kind.startsWith('timer')) {
      result.slices += 1;
      if (ms > LONG_MS) result.longSlices += 1;
    }
    if (ms <= LONG_MS) continue;
    result.long += 1;
    result.longest.set(kind, Math.max(result.longest.get(kind) ?? 0, ms));
    const files = result.files.get(kind) ?? new Map<string, number>();
    result.files.set(kind, files);
    const within = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end);
    within.forEach((sample, index) => {
      const node = nodes.get(sample.node);
      if (!node) return;
      const file = where(node.callFrame);
      files.set(file, (files.get(file) ?? 0) + ((within[index + 1]?.ts ?? end) - sample.ts) / 1000);
    });
  }
  return result;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
}

/** Maps a sampled frame to its source file through the build's source maps, when it has them. */
function sourceMapper(buildDir: string): (frame: ProfileNode['callFrame']) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    if (!frame.url) return `(${frame.functionName || 'native'})`;
    const file = frame.url.replace(/^https?:\/\/[^/]+/, '');
    if (!file.startsWith('/assets/js/')) return path.basename(file) || frame.url;
    if (!maps.has(file)) {
      const map = path.join(buildDir, `${file}.map`);
      maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
    }
    const consumer = maps.get(file);
    if (!consumer) return path.basename(file);
    const source = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? '?';
    return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^.*node_modules\//, '');
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 8);
  const js = args.includes('--js');
  const [route, ...dirs] = args.filter((arg) => !arg.startsWith('--'));
  if (!route || dirs.length === 0) throw new Error('usage: npm run trace -- [--runs=N] [--js] ROUTE BUILD_DIR [BUILD_DIR...]');
  const port = Number(process.env.TRACE_PORT ?? 3940);
  const servers = await Promise.all(dirs.map((dir, index) => serveBuild(dir, port + index)));
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const loads = new Map<string, LoadFigures[]>(dirs.map((dir) => [dir, []]));
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const [index, dir] of dirs.entries()) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        await browser.startTracing(page, { categories: js ? [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler'] : CATEGORIES });
        // Asked through the DevTools protocol, not Playwright's locators: they inject a script of
        // their own into the page, whose tasks would be counted with the page's.
        const cdp = await context.newCDPSession(page);
        const evaluate = async (expression: string) =>
          ((await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })).result as { value?: unknown })
            .value;
        await page.goto(`http://127.0.0.1:${port + index}${route}`);
        const deadline = Date.now() + 60_000;
        while ((await evaluate('document.documentElement.getAttribute("data-page-hydrated")')) !== 'true') {
          if (Date.now() > deadline) throw new Error(`${dir}${route} did not hydrate within 60 s`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        // The tasks that follow the hydration (effects, prefetching in idle time) are part of the load.
        await evaluate('new Promise((resolve) => setTimeout(() => requestIdleCallback(() => resolve(true), { timeout: 2000 }), 1000))');
        const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        await context.close();
        loads.get(dir)!.push(figures(traceEvents, sourceMapper(dir)));
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) server.close();
  }
  console.log(`# Tasks after the first contentful paint: ${route}, ${runs} loads per build, median (all loads)\n`);
  for (const dir of dirs) {
    const list = loads.get(dir)!;
    const kinds = [...new Set(list.flatMap((load) => [...load.longest.keys()]))].sort();
    const row = (label: string, values: number[]) =>
      console.log(`  ${label.padEnd(30)} ${median(values).toFixed(1).padStart(6)}   (${values.map((v) => v.toFixed(0)).join(' ')})`);
    console.log(dir);
    const counts: Array<[string, (load: LoadFigures) => number]> = [
      ['blocking time at 4x (ms)', (load) => load.blocking4x],
      [`tasks over ${LONG_MS} ms`, (load) => load.long],
      ['hydration slices', (load) => load.slices],
      [`slices over ${LONG_MS} ms`, (load) => load.longSlices],
    ];
    for (const [label, pick] of counts) row(label, list.map(pick));
    for (const kind of kinds) {
      row(
        `longest: ${kind}`,
        list.map((load) => load.longest.get(kind) ?? 0),
      );
      if (!js) continue;
      const byFile = new Map<string, number[]>();
      for (const load of list) for (const [file, ms] of load.files.get(kind) ?? []) byFile.set(file, [...(byFile.get(file) ?? []), ms]);
      const top = [...byFile].map(([file, values]) => [file, median([...values, ...Array(list.length - values.length).fill(0)])] as const);
      console.log(
        `      ${top
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([file, ms]) => `${file} ${ms.toFixed(1)}`)
          .join(' | ')}`,
      );
    }
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
