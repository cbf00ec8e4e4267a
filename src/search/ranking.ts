/**
 * Ranking (spec section 9): every plain term is queried exactly and with a trailing wildcard
 * on title (boost 5), content (1), tags (3) and, when indexed, the sidebar parent categories
 * (2). b = 0.75 and k1 = 1.2 are applied by the plugin when it builds the index. At most
 * `maxSearchResults` results per index and again overall, by score descending.
 */
import lunr from 'lunr';
import { parseQuery, type Clause, type QueryField } from './queryParser';
import type { LoadedIndex, SearchDocument, SearchResult, SearchSettings } from './types';

export type SearchOutcome = { kind: 'results'; results: SearchResult[]; terms: string[] } | { kind: 'error'; message: string };

type IndexField = QueryField | 'sidebarParentCategories';

function fieldBoosts(settings: SearchSettings): [IndexField, number][] {
  const boosts: [IndexField, number][] = [
    ['title', settings.titleBoost],
    ['content', settings.contentBoost],
    ['tags', settings.tagsBoost],
  ];
  if (settings.indexDocSidebarParentCategories > 0) {
    boosts.push(['sidebarParentCategories', settings.parentCategoriesBoost]);
  }
  return boosts;
}

/** Adds the lunr clauses of one parsed clause to a query. */
export function addClause(query: lunr.Query, clause: Clause, settings: SearchSettings): void {
  const { term, presence, hasWildcard, editDistance } = clause;
  const userBoost = clause.boost ?? 1;
  const boosts = fieldBoosts(settings).filter(([field]) => clause.field === null || clause.field === field);
  const fields = boosts.map(([field]) => field);
  // lunr reads `'editDistance' in clause`: the key must be absent, not undefined, when unused.
  const match: Partial<lunr.Query.Clause> = { usePipeline: !hasWildcard };
  if (editDistance !== undefined) match.editDistance = editDistance;

  if (presence === 'prohibited') {
    query.term(term, { ...match, fields, presence: lunr.Query.presence.PROHIBITED });
    return;
  }
  if (presence === 'required') {
    // One clause over all the fields in scope: the term must be in at least one of them.
    query.term(term, { ...match, fields, presence: lunr.Query.presence.REQUIRED, boost: userBoost });
  }
  // Scoring clauses, per field with the field's boost.
  for (const [field, fieldBoost] of boosts) {
    const boost = fieldBoost * userBoost;
    if (hasWildcard || editDistance !== undefined) {
      query.term(term, { ...match, fields: [field], boost });
    } else {
      query.term(term, { fields: [field], boost });
      query.term(term, { fields: [field], boost, wildcard: lunr.Query.wildcard.TRAILING });
    }
  }
}

/**
 * The same query as `addClause`, faster. lunr scores a document field by the dot product of the
 * field's query vector with the document's vector, divided by the query vector's magnitude
 * (lunr.Vector#similarity). Every clause on a field carries that field's boost, so the boost
 * multiplies the whole vector and cancels out: one clause over all fields gives the same scores
 * as one clause per field, with a third of the work. ranking.test.ts ("scores exactly like the
 * per-field query") and `npm run bench:search` check that the results are identical.
 */
export function addClauseCombined(query: lunr.Query, clause: Clause, settings: SearchSettings): void {
  const { hasWildcard, editDistance, presence } = clause;
  if (presence !== 'optional' || hasWildcard || editDistance !== undefined) {
    // Operators and modifiers are rare; they keep the literal form.
    addClause(query, clause, settings);
    return;
  }
  const fields = fieldBoosts(settings)
    .map(([field]) => field)
    .filter((field) => clause.field === null || clause.field === field);
  const boost = clause.boost ?? 1;
  query.term(clause.term, { fields, boost });
  query.term(clause.term, { fields, boost, wildcard: lunr.Query.wildcard.TRAILING });
}

const documentsById = new WeakMap<SearchDocument[], Map<string, SearchDocument>>();
function findDocument(documents: SearchDocument[], ref: string): SearchDocument | undefined {
  let byId = documentsById.get(documents);
  if (!byId) {
    byId = new Map(documents.map((document) => [String(document.id), document]));
    documentsById.set(documents, byId);
  }
  return byId.get(ref);
}

/** Runs a query over several indexes. Never throws for any input string. */
export function search(
  indexes: readonly LoadedIndex[],
  input: string,
  settings: SearchSettings,
  /** `literal`: one lunr clause per field, as the spec words it (for the equivalence tests). */
  form: 'combined' | 'literal' = 'combined',
): SearchOutcome {
  const add = form === 'combined' ? addClauseCombined : addClause;
  const parsed = parseQuery(input);
  if (!parsed.ok) return { kind: 'error', message: parsed.error };
  const { clauses, highlightTerms } = parsed.query;
  if (clauses.length === 0) return { kind: 'results', results: [], terms: highlightTerms };
  const max = settings.maxSearchResults;
  const results = indexes
    .flatMap(({ index, documents }) => {
      if (!index) return [];
      return index
        .query((query) => {
          for (const clause of clauses) add(query, clause, settings);
        })
        .slice(0, max)
        .flatMap((match): SearchResult[] => {
          const document = findDocument(documents, match.ref);
          return document ? [{ document, score: match.score, terms: highlightTerms }] : [];
        });
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, max);
  return { kind: 'results', results, terms: highlightTerms };
}
