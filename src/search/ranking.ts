/**
 * Ranking (spec section 9): every plain term is queried exactly and with a trailing wildcard
 * (at a quarter of the weight, PREFIX_WEIGHT) on title, content, tags and, when indexed, the
 * sidebar parent categories. Their weights (5, 1,
 * 3, 2) and b = 0.75, k1 = 1.2 are applied when the index is built (src/search/indexBuilder.ts):
 * lunr divides each field's score by the magnitude of that field's query vector, so a weight on
 * every query clause of a field would cancel out. At most `maxSearchResults` results per index and
 * again overall, by score descending.
 */
import lunr from 'lunr';
import { parseQuery, type Clause, type QueryField } from './queryParser';
import type { LoadedIndex, SearchDocument, SearchResult, SearchSettings } from './types';

export type SearchOutcome = { kind: 'results'; results: SearchResult[]; terms: string[] } | { kind: 'error'; message: string };

type IndexField = QueryField | 'sidebarParentCategories';

/**
 * The fields a query searches, among those the index has (lunr throws on a field it lacks). Their
 * weights are in the index, so every query clause has weight 1 (times the reader's `^n`).
 */
function queryFields(query: lunr.Query, settings: SearchSettings): IndexField[] {
  const fields: IndexField[] = ['title', 'content', 'tags'];
  if (settings.indexDocSidebarParentCategories > 0) fields.push('sidebarParentCategories');
  return fields.filter((field) => query.allFields.includes(field));
}

/** Shortest word also matched as a prefix (`rel` finds `relations`); shorter ones match exactly. */
export const PREFIX_MIN_LENGTH = 3;

/**
 * Weight of a word's prefix clause against its exact clause. A completion counts a quarter of the
 * word typed in full, so "strapi server" ranks the Strapi server page before a title that merely
 * starts with "strapi" (strapiVersion). While a word is being typed only its prefix clause matches,
 * and a weight shared by every clause of a field cancels out, so partial words rank as before.
 * Measured on the relevance set: docs-dev/search.md, "Figures".
 */
export const PREFIX_WEIGHT = 0.25;

/** lunr's English stop words ("a", "how", "the"…): the index drops them, so a query word never matches one. */
export function isStopWord(term: string): boolean {
  return (lunr.stopWordFilter as unknown as (token: string) => string | undefined)(term) === undefined;
}

/**
 * A plain word that cannot change the results: a stop word. Its exact form matches nothing, and
 * as a prefix ("a*", "how*") it would match hundreds of unrelated terms.
 */
function ignored(clause: Clause): boolean {
  return clause.presence === 'optional' && !clause.hasWildcard && clause.editDistance === undefined && isStopWord(clause.term);
}

/** Adds the lunr clauses of one parsed clause to a query (`search` leaves out the ignored ones). */
export function addClause(query: lunr.Query, clause: Clause, settings: SearchSettings): void {
  const { term, presence, hasWildcard, editDistance } = clause;
  const userBoost = clause.boost ?? 1;
  const fields = queryFields(query, settings).filter((field) => clause.field === null || clause.field === field);
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
  // Scoring clauses, one per field (the field's weight is in the index).
  for (const field of fields) {
    const boost = userBoost;
    if (hasWildcard || editDistance !== undefined) {
      query.term(term, { ...match, fields: [field], boost });
    } else {
      query.term(term, { fields: [field], boost });
      if (term.length >= PREFIX_MIN_LENGTH)
        query.term(term, { fields: [field], boost: boost * PREFIX_WEIGHT, wildcard: lunr.Query.wildcard.TRAILING });
    }
  }
}

/**
 * The same query as `addClause`, faster: one clause over all fields gives the same scores as one
 * clause per field (each field gets its own query vector either way), with a quarter of the work.
 * ranking.test.ts ("scores exactly like the per-field query") and `npm run bench:search` check
 * that the results are identical.
 */
export function addClauseCombined(query: lunr.Query, clause: Clause, settings: SearchSettings): void {
  const { hasWildcard, editDistance, presence } = clause;
  if (presence !== 'optional' || hasWildcard || editDistance !== undefined) {
    // Operators and modifiers are rare; they keep the literal form.
    addClause(query, clause, settings);
    return;
  }
  const fields = queryFields(query, settings).filter((field) => clause.field === null || clause.field === field);
  const boost = clause.boost ?? 1;
  query.term(clause.term, { fields, boost });
  if (clause.term.length >= PREFIX_MIN_LENGTH)
    query.term(clause.term, { fields, boost: boost * PREFIX_WEIGHT, wildcard: lunr.Query.wildcard.TRAILING });
}

/** Shortest word retried with one edit when a plain query finds nothing, and with two edits. */
export const TYPO_MIN_LENGTH = 4;
export const TYPO_TWO_EDITS_LENGTH = 7;
/** Longer words are not retried: fuzzy matching grows with the word's length (a pasted 64-letter word took seconds). */
export const TYPO_MAX_LENGTH = 20;

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
  const { highlightTerms } = parsed.query;
  const clauses = parsed.query.clauses.filter((clause) => !ignored(clause));
  // Nothing left to search for (only stop words): no results. lunr would treat an empty query as
  // "everything not excluded" and return every document.
  if (clauses.length === 0) return { kind: 'results', results: [], terms: highlightTerms };
  const max = settings.maxSearchResults;
  const run = (runClauses: readonly Clause[]): SearchResult[] =>
    indexes
      .flatMap(({ index, documents }) => {
        if (!index) return [];
        return index
          .query((query) => {
            for (const clause of runClauses) add(query, clause, settings);
          })
          .slice(0, max)
          .flatMap((match): SearchResult[] => {
            const document = findDocument(documents, match.ref);
            return document
              ? [{ document, score: match.score, terms: highlightTerms, matched: Object.keys(match.matchData.metadata) }]
              : [];
          });
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, max);
  let results = run(clauses);
  // Typing mistakes: a plain query that finds nothing is tried again allowing one edit in each word
  // of 4 letters or more, two from 7 letters (the index holds stems: "migratons" is two edits from
  // "migrat"). Exact matches always come first this way.
  if (results.length === 0 && parsed.query.plain) {
    const fuzzy = clauses.map((clause) =>
      clause.term.length >= TYPO_MIN_LENGTH && clause.term.length <= TYPO_MAX_LENGTH && !isStopWord(clause.term)
        ? { ...clause, editDistance: clause.term.length >= TYPO_TWO_EDITS_LENGTH ? 2 : 1 }
        : clause,
    );
    if (fuzzy.some((clause, at) => clause !== clauses[at])) results = run(fuzzy);
  }
  return { kind: 'results', results, terms: highlightTerms };
}
