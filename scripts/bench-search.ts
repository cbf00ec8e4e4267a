/**
 * npm run bench:search — measures the real search index of a production build.
 * For each build/search-index-*.json: size raw and gzip, load time (JSON.parse + lunr.Index.load),
 * and query latency (median, p95) of the site's own ranking (src/search/ranking.ts) over
 * realistic queries drawn from the index's section titles. Targets (issue 3): p95 < 5 ms per
 * query, index < 400 KB gzip. BUILD_DIR picks another build folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { SEARCH_SETTINGS } from '../src/config/search';
import { toLoadedIndex } from '../src/search/indexLoader';
import { search } from '../src/search/ranking';
import type { SearchDocument } from '../src/search/types';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const P95_TARGET_MS = 5;
const GZIP_TARGET_KB = 400;
const LOAD_ROUNDS = 10;
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
    const start = performance.now();
    loaded = toLoadedIndex(JSON.parse(raw.toString('utf8')));
    loadTimes.push(performance.now() - start);
  }
  const queries = queriesFrom(loaded.documents);
  // Warm-up round, not measured (JIT).
  for (const query of queries) search([loaded], query, SETTINGS);
  const latencies: number[] = [];
  const perQuery = new Map<string, number[]>(queries.map((query) => [query, []]));
  let withResults = 0;
  for (let round = 0; round < QUERY_ROUNDS; round += 1) {
    for (const query of queries) {
      const start = performance.now();
      const outcome = search([loaded], query, SETTINGS);
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
  const sizeMet = gzip / 1024 < GZIP_TARGET_KB;
  const speedMet = p95 < P95_TARGET_MS;
  allMet &&= sizeMet && speedMet;
  console.log(`${file}`);
  console.log(`  documents        ${loaded.documents.length}`);
  console.log(`  size raw         ${kb(raw.length)}`);
  console.log(`  size gzip (-9)   ${kb(gzip)}   target < ${GZIP_TARGET_KB} KB: ${sizeMet ? 'met' : 'MISSED'}`);
  console.log(
    `  load (parse + lunr.Index.load)  median ${ms(percentile(loadTimes, 50))}  p95 ${ms(percentile(loadTimes, 95))}  (${LOAD_ROUNDS} rounds)`,
  );
  console.log(`  queries          ${queries.length} distinct (${withResults} with results) x ${QUERY_ROUNDS} rounds`);
  console.log(`  ranking          combined query identical to the per-field query: ${identical ? 'yes' : 'NO'}`);
  console.log(
    `  query latency    median ${ms(percentile(queryMedians, 50))}  p95 ${ms(p95)}  (per-query medians of ${QUERY_ROUNDS} rounds)   target p95 < ${P95_TARGET_MS} ms: ${speedMet ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  all samples      median ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  max ${ms(Math.max(...latencies))}`,
  );
  console.log(`  slowest queries  ${slowest.map(([query, time]) => `"${query}" ${ms(time)}`).join(', ')}`);
}
console.log(allMet ? 'All targets met.' : 'Some targets missed (see above).');
