/**
 * npm run bench:search — measures the real search index of a production build.
 * For each build/search-index-*.json: size raw and gzip (index and snippet text together), load
 * time (JSON.parse + rebuilding the lunr index, src/search/indexLoader.ts), and query latency
 * (median, p95) of what the panel computes per keystroke: the site's ranking
 * (src/search/ranking.ts), grouping by page and each result's snippet, over realistic queries
 * drawn from the index's section titles and the relevance set. Then relevance on the team's set
 * (src/search/relevance.json): MRR@8, hit@1, hit@3 and the queries whose expected page is not
 * first. Targets (issue 15): gzip <= 400 KB, load p95 <= 60 ms, query p95 <= 2 ms,
 * MRR@8 >= 0.9, hit@1 >= 0.85. BUILD_DIR picks another build folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { SEARCH_SETTINGS } from '../src/config/search';
import { toLoadedIndex } from '../src/search/indexLoader';
import { search } from '../src/search/ranking';
import { groupResults } from '../src/search/group';
import { measureRelevance, RELEVANCE_SET } from '../src/search/relevance';
import { markText, snippet } from '../src/search/snippet';
import type { LoadedIndex, SearchDocument } from '../src/search/types';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const P95_TARGET_MS = 2;
const LOAD_P95_TARGET_MS = 60;
const GZIP_TARGET_KB = 400;
const MRR_TARGET = 0.9;
const HIT1_TARGET = 0.85;
const LOAD_ROUNDS = 20;
const QUERY_ROUNDS = 7;

const SETTINGS = SEARCH_SETTINGS;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Realistic queries from the site's vocabulary: words of section titles, as typed. */
function queriesFrom(documents: SearchDocument[]): string[] {
  const stop = new Set([
    'the',
    'and',
    'for',
    'with',
    'how',
    'what',
    'its',
    'from',
    'into',
    'where',
    'when',
    'why',
    'you',
    'your',
    'are',
    'one',
    'not',
  ]);
  const words = [
    ...new Set(
      documents
        .flatMap((document) => document.sectionTitle.toLowerCase().split(/[^a-z0-9]+/))
        .filter((word) => word.length > 3 && !stop.has(word)),
    ),
  ].sort();
  // Every k-th word, for a deterministic spread across the vocabulary.
  const pick = (count: number, offset: number) =>
    Array.from({ length: count }, (_, i) => words[(offset + i * Math.floor(words.length / count)) % words.length]);
  const single = pick(30, 0);
  const prefixes = pick(15, 7).map((word) => word.slice(0, Math.max(3, Math.ceil(word.length / 2))));
  const pairs = pick(20, 3).map((word, i, all) => `${word} ${all[(i + 5) % all.length]}`);
  const grammar = [
    `title:${single[0]}`,
    `content:${single[1]}`,
    `+${single[2]} -${single[3]}`,
    `${single[4].slice(0, 4)}*`,
    `${single[5]}~1`,
    `${single[6]}^10 ${single[7]}`,
    `tags:${single[8]}`,
  ];
  return [...single, ...prefixes, ...pairs, ...grammar];
}

/** What the panel does for one query: rank, group by page, mark titles and cut snippets. */
function panelWork(loaded: LoadedIndex, query: string): ReturnType<typeof search> {
  const outcome = search([loaded], query, SETTINGS);
  if (outcome.kind === 'results') {
    for (const group of groupResults(outcome.results)) {
      for (const result of group.results) {
        markText(result.document.sectionTitle, result.matched ?? []);
        snippet(result.document.text ?? '', result.matched ?? []);
      }
    }
  }
  return outcome;
}

const files = readdirSync(BUILD_DIR).filter((name) => /^search-index-.+\.json$/.test(name));
if (files.length === 0) {
  console.error(`No search-index-*.json in ${BUILD_DIR}/: run a production build first (npx docusaurus build).`);
  process.exit(1);
}

let allMet = true;
for (const file of files) {
  const raw = readFileSync(join(BUILD_DIR, file));
  const gzip = gzipSync(raw, { level: 9 }).length;
  const loadTimes: number[] = [];
  let loaded = toLoadedIndex(null);
  for (let round = 0; round < LOAD_ROUNDS; round += 1) {
    // Collect the previous round's garbage first (npm run bench:search runs node with --expose-gc),
    // so that each round measures its own load, not the collection of the one before.
    (globalThis as { gc?: () => void }).gc?.();
    const start = performance.now();
    loaded = toLoadedIndex(JSON.parse(raw.toString('utf8')));
    loadTimes.push(performance.now() - start);
  }
  const queries = [...queriesFrom(loaded.documents), ...RELEVANCE_SET.map((testCase) => testCase.query)];
  // Warm-up round, not measured (JIT).
  for (const query of queries) panelWork(loaded, query);
  const latencies: number[] = [];
  const perQuery = new Map<string, number[]>(queries.map((query) => [query, []]));
  let withResults = 0;
  for (let round = 0; round < QUERY_ROUNDS; round += 1) {
    for (const query of queries) {
      const start = performance.now();
      const outcome = panelWork(loaded, query);
      const elapsed = performance.now() - start;
      latencies.push(elapsed);
      perQuery.get(query)?.push(elapsed);
      if (round === 0 && outcome.kind === 'results' && outcome.results.length > 0) withResults += 1;
    }
  }
  // Each query's median over the rounds damps scheduler noise on a shared machine.
  const queryMedians = [...perQuery.values()].map((times) => percentile(times, 50));
  const slowest = [...perQuery.entries()]
    .map(([query, times]) => [query, percentile(times, 50)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  // The combined query (one clause over all fields) must rank exactly like the per-field one.
  const identical = queries.every((query) => {
    const a = search([loaded], query, SETTINGS, 'combined');
    const b = search([loaded], query, SETTINGS, 'literal');
    if (a.kind !== 'results' || b.kind !== 'results') return a.kind === b.kind;
    return (
      JSON.stringify(a.results.map((r) => [r.document.id, r.score.toFixed(6)])) ===
      JSON.stringify(b.results.map((r) => [r.document.id, r.score.toFixed(6)]))
    );
  });
  allMet &&= identical;
  const p95 = percentile(queryMedians, 95);
  const loadP95 = percentile(loadTimes, 95);
  const sizeMet = gzip / 1024 <= GZIP_TARGET_KB;
  const speedMet = p95 <= P95_TARGET_MS;
  const loadMet = loadP95 <= LOAD_P95_TARGET_MS;
  allMet &&= sizeMet && speedMet && loadMet;
  const json = JSON.parse(raw.toString('utf8')) as { documents: SearchDocument[]; index: unknown };
  const textGzip = gzipSync(JSON.stringify(json.documents.map((document) => document.text ?? '')), { level: 9 }).length;
  const indexGzip = gzipSync(JSON.stringify(json.index), { level: 9 }).length;
  console.log(`${file}`);
  console.log(`  documents        ${loaded.documents.length}`);
  console.log(`  size raw         ${kb(raw.length)}`);
  console.log(
    `  size gzip (-9)   ${kb(gzip)}   target <= ${GZIP_TARGET_KB} KB: ${sizeMet ? 'met' : 'MISSED'}   (alone: index ${kb(indexGzip)}, snippet text ${kb(textGzip)})`,
  );
  console.log(
    `  load (parse + index rebuild)  median ${ms(percentile(loadTimes, 50))}  p95 ${ms(loadP95)}  (${LOAD_ROUNDS} rounds)   target p95 <= ${LOAD_P95_TARGET_MS} ms: ${loadMet ? 'met' : 'MISSED'}`,
  );
  console.log(`  queries          ${queries.length} distinct (${withResults} with results) x ${QUERY_ROUNDS} rounds`);
  console.log(`  ranking          combined query identical to the per-field query: ${identical ? 'yes' : 'NO'}`);
  console.log(
    `  query latency    median ${ms(percentile(queryMedians, 50))}  p95 ${ms(p95)}  (per-query medians of ${QUERY_ROUNDS} rounds; ranking, grouping, snippets)   target p95 <= ${P95_TARGET_MS} ms: ${speedMet ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  all samples      median ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  max ${ms(Math.max(...latencies))}`,
  );
  console.log(`  slowest queries  ${slowest.map(([query, time]) => `"${query}" ${ms(time)}`).join(', ')}`);
}

const allIndexes = files.map((file) => toLoadedIndex(JSON.parse(readFileSync(join(BUILD_DIR, file), 'utf8'))));
const relevance = measureRelevance(allIndexes, SETTINGS);
const mrrMet = relevance.mrr >= MRR_TARGET;
const hit1Met = relevance.hit1 >= HIT1_TARGET;
allMet &&= mrrMet && hit1Met;
console.log(`relevance (src/search/relevance.json, ${relevance.queries} queries)`);
console.log(`  MRR@8  ${relevance.mrr.toFixed(3)}   target >= ${MRR_TARGET}: ${mrrMet ? 'met' : 'MISSED'}`);
console.log(`  hit@1  ${relevance.hit1.toFixed(3)}   target >= ${HIT1_TARGET}: ${hit1Met ? 'met' : 'MISSED'}`);
console.log(`  hit@3  ${relevance.hit3.toFixed(3)}`);
console.log(`  not first (${relevance.missed.length}):`);
for (const miss of relevance.missed) {
  console.log(`    "${miss.query}"  rank ${miss.rank ?? 'none'}  expected ${miss.expected.join(' or ')}  first ${miss.first ?? 'nothing'}`);
}
console.log(allMet ? 'All targets met.' : 'Some targets missed (see above).');
