/**
 * Relevance of the search on the team's own set (./relevance.json): for each query, the rank of
 * the first result on an expected page, in the order the panel shows results (grouped by page,
 * src/search/group.ts). Figures: MRR@8 (mean of 1/rank, 0 when not in the 8 results), hit@1 and
 * hit@3 (share of queries with an expected page at rank 1, within the first 3).
 */
import { groupedOrder, pageRoute } from './group';
import { search } from './ranking';
import type { LoadedIndex, SearchSettings } from './types';
import set from './relevance.json';

export interface RelevanceCase {
  query: string;
  expected: string[];
  kind: string;
}

export interface RelevanceFigures {
  queries: number;
  mrr: number;
  hit1: number;
  hit3: number;
  /** Queries whose expected page is not first: rank (null: not in the results) and the first page shown. */
  missed: { query: string; expected: string[]; rank: number | null; first: string | null }[];
}

export const RELEVANCE_SET: RelevanceCase[] = set.queries;

/** Rank (1-based) of the first result on one of the expected pages, or null. */
export function rankOf(
  indexes: readonly LoadedIndex[],
  testCase: RelevanceCase,
  settings: SearchSettings,
): { rank: number | null; first: string | null } {
  const outcome = search(indexes, testCase.query, settings);
  if (outcome.kind !== 'results') return { rank: null, first: null };
  const shown = groupedOrder(outcome.results).map((result) => pageRoute(result.document.sectionRoute));
  const at = shown.findIndex((route) => testCase.expected.includes(route));
  return { rank: at === -1 ? null : at + 1, first: shown[0] ?? null };
}

export function measureRelevance(
  indexes: readonly LoadedIndex[],
  settings: SearchSettings,
  cases: readonly RelevanceCase[] = RELEVANCE_SET,
): RelevanceFigures {
  let reciprocal = 0;
  let hit1 = 0;
  let hit3 = 0;
  const missed: RelevanceFigures['missed'] = [];
  for (const testCase of cases) {
    const { rank, first } = rankOf(indexes, testCase, settings);
    if (rank !== null) reciprocal += 1 / rank;
    if (rank === 1) hit1 += 1;
    if (rank !== null && rank <= 3) hit3 += 1;
    if (rank !== 1) missed.push({ query: testCase.query, expected: testCase.expected, rank, first });
  }
  const n = cases.length;
  return { queries: n, mrr: reciprocal / n, hit1: hit1 / n, hit3: hit3 / n, missed };
}
