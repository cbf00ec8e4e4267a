/**
 * A compact serialization of a lunr index, about a third of lunr's own JSON once gzipped.
 *
 * lunr's `toJSON` stores each document field's vector of scores (`fieldVectors`) next to the
 * inverted index. Those scores are a function of what the inverted index already says, once it
 * also keeps each term's frequency: BM25 with the field's weight, lunr's `idf`, the field length
 * (the sum of its term frequencies, as lunr counts it) and the field's average length. So the file
 * keeps the sorted terms and, per term and field, the documents (as gaps between ids) with the
 * term's frequency; `unpackIndex` recomputes the vectors with lunr's own formula and rounding and
 * returns an index that ranks exactly as the one built (compactIndex.test.ts checks it).
 */
import lunr from 'lunr';

export const COMPACT_FORMAT = 'lunr-compact-1';

export interface CompactIndex {
  format: typeof COMPACT_FORMAT;
  /** lunr's version that built it. */
  version: string;
  fields: string[];
  /** Weight of each field, in `fields` order. */
  boosts: number[];
  k1: number;
  b: number;
  /** Documents have refs `1` to `documentCount`. */
  documentCount: number;
  /** The search pipeline (lunr's registered function names). */
  pipeline: string[];
  /** Sorted index terms. */
  terms: string[];
  /** Per term, per field: `[gap, frequency, gap, frequency, ...]`, gaps between ascending document refs. */
  postings: number[][][];
}

interface BuilderInternals {
  invertedIndex: Record<string, Record<string, Record<string, unknown>>>;
  fieldTermFrequencies: Record<string, Record<string, number>>;
  documentCount: number;
  _fields: Record<string, { boost?: number }>;
  _k1: number;
  _b: number;
  searchPipeline: lunr.Pipeline;
}

/** Packs what a built `lunr.Builder` knows. Its documents' refs must be `1`…`n`. */
export function packIndex(built: lunr.Builder): CompactIndex {
  const builder = built as unknown as BuilderInternals;
  const fields = Object.keys(builder._fields);
  const terms = Object.keys(builder.invertedIndex).sort();
  const postings = terms.map((term) =>
    fields.map((field) => {
      const refs = Object.keys(builder.invertedIndex[term][field])
        .map(Number)
        .sort((a, b) => a - b);
      const packed: number[] = [];
      let previous = 0;
      for (const ref of refs) {
        packed.push(ref - previous, builder.fieldTermFrequencies[`${field}/${ref}`][term]);
        previous = ref;
      }
      return packed;
    }),
  );
  return {
    format: COMPACT_FORMAT,
    version: lunr.version,
    fields,
    boosts: fields.map((field) => builder._fields[field].boost ?? 1),
    k1: builder._k1,
    b: builder._b,
    documentCount: builder.documentCount,
    pipeline: (builder.searchPipeline.toJSON() as unknown as string[]).slice(),
    terms,
    postings,
  };
}

export function isCompactIndex(value: unknown): value is CompactIndex {
  const index = value as Partial<CompactIndex> | null;
  return (
    typeof index === 'object' &&
    index !== null &&
    index.format === COMPACT_FORMAT &&
    Array.isArray(index.fields) &&
    Array.isArray(index.boosts) &&
    Array.isArray(index.terms) &&
    Array.isArray(index.postings) &&
    index.postings.length === index.terms.length &&
    Array.isArray(index.pipeline) &&
    typeof index.k1 === 'number' &&
    typeof index.b === 'number' &&
    Number.isInteger(index.documentCount)
  );
}

/**
 * The index's set of terms as a plain trie. lunr's `TokenSet.fromArray` also minimises it (shares
 * common suffixes), which takes most of lunr's own load time and changes no query: intersecting a
 * query with a trie or with its minimised form gives the same terms.
 */
export function termTrie(terms: readonly string[]): lunr.TokenSet {
  const root = new lunr.TokenSet() as unknown as TokenNode;
  for (const term of terms) {
    let node = root;
    for (const char of term) {
      let next = node.edges[char];
      if (!next) {
        next = new lunr.TokenSet() as unknown as TokenNode;
        node.edges[char] = next;
      }
      node = next;
    }
    node.final = true;
  }
  return root as unknown as lunr.TokenSet;
}

// What lunr 2.3.9 has and @types/lunr 2.3.7 does not declare.
interface TokenNode {
  edges: Record<string, TokenNode>;
  final: boolean;
}
type LunrClause = lunr.Query.Clause & { presence: number };
const fromClause = (clause: LunrClause): lunr.TokenSet =>
  (lunr.TokenSet as unknown as { fromClause(clause: LunrClause): lunr.TokenSet }).fromClause(clause);
const PRESENCE = (lunr.Query as unknown as { presence: { REQUIRED: number; PROHIBITED: number } }).presence;

/** What `query` returns for each document: lunr.Index.Result's shape. */
export interface QueryResult {
  ref: string;
  score: number;
  matchData: { metadata: Record<string, Record<string, object>> };
}

/** The part of lunr.Index the ranking uses; both lunr's own index and `CompactSearchIndex` have it. */
export interface QueryableIndex {
  query(fn: lunr.Index.QueryBuilder): QueryResult[];
}

type DocumentSet = Set<number> | 'all';
// Array.from, never spread, for Sets and Maps here: the site's Babel preset compiles spread loosely (as concat).

/**
 * Runs lunr queries on a compact index with lunr's own semantics (lunr.Index#query: pipeline, term
 * expansion through the token set, required and prohibited clauses, per-field query vectors,
 * cosine-like similarity divided by the query vector's magnitude) on typed arrays instead of lunr's
 * string-keyed objects: about five times faster on this site's index, and loaded without building
 * lunr's inverted index or vectors. compactIndex.test.ts checks it against lunr.Index on the same
 * documents, clause for clause.
 */
export class CompactSearchIndex implements QueryableIndex {
  readonly fields: string[];
  private readonly documentCount: number;
  private readonly terms: string[];
  private readonly termAt: Map<string, number>;
  /** Document refs of term t in field f: `refs[postingStart[t * F + f] .. postingStart[t * F + f + 1])`. */
  private readonly refs: Int32Array;
  private readonly postingStart: Uint32Array;
  /** Field vectors: `[termIndex, score, ...]` of field f, document d at `vectors[vectorStart[f * (N + 1) + d] ..]`. */
  private readonly vectors: Float64Array;
  private readonly vectorStart: Uint32Array;
  private readonly tokenSet: lunr.TokenSet;
  private readonly pipeline: lunr.Pipeline;

  constructor(packed: CompactIndex) {
    const { fields, boosts, k1, b, documentCount, terms, postings } = packed;
    const fieldCount = fields.length;
    const slots = fieldCount * (documentCount + 1);
    // Pass 1: absolute refs; per document field, its length (sum of term frequencies, lunr's count) and its number of terms.
    const lengths = new Float64Array(slots);
    const counts = new Uint32Array(slots);
    this.postingStart = new Uint32Array(terms.length * fieldCount + 1);
    let total = 0;
    for (let t = 0; t < terms.length; t += 1) {
      const perField = postings[t];
      if (!Array.isArray(perField) || perField.length !== fieldCount) throw new Error('malformed postings');
      for (let f = 0; f < fieldCount; f += 1) {
        if (!Array.isArray(perField[f]) || perField[f].length % 2 !== 0) throw new Error('malformed postings');
        total += perField[f].length / 2;
        this.postingStart[t * fieldCount + f + 1] = total;
      }
    }
    this.refs = new Int32Array(total);
    let at = 0;
    for (let t = 0; t < terms.length; t += 1) {
      for (let f = 0; f < fieldCount; f += 1) {
        const list = postings[t][f];
        let ref = 0;
        for (let i = 0; i < list.length; i += 2) {
          ref += list[i];
          if (!(ref >= 1 && ref <= documentCount) || !(list[i + 1] >= 1)) throw new Error('malformed postings');
          this.refs[at] = ref;
          at += 1;
          const slot = f * (documentCount + 1) + ref;
          lengths[slot] += list[i + 1];
          counts[slot] += 1;
        }
      }
    }
    const averages = fields.map((_, f) => {
      let sum = 0;
      for (let ref = 1; ref <= documentCount; ref += 1) sum += lengths[f * (documentCount + 1) + ref];
      return sum / documentCount;
    });
    // Pass 2: scores in ascending term order per document field.
    this.vectorStart = new Uint32Array(slots + 1);
    for (let slot = 0; slot < slots; slot += 1) this.vectorStart[slot + 1] = this.vectorStart[slot] + counts[slot] * 2;
    this.vectors = new Float64Array(this.vectorStart[slots]);
    const cursor = this.vectorStart.slice(0, slots);
    for (let t = 0; t < terms.length; t += 1) {
      // lunr.idf: a document counts once per field it has the term in.
      const documentsWithTerm = this.postingStart[(t + 1) * fieldCount] - this.postingStart[t * fieldCount];
      const x = (documentCount - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5);
      const idf = Math.log(1 + Math.abs(x));
      for (let f = 0; f < fieldCount; f += 1) {
        const list = postings[t][f];
        let ref = 0;
        for (let i = 0; i < list.length; i += 2) {
          ref += list[i];
          const tf = list[i + 1];
          const slot = f * (documentCount + 1) + ref;
          // lunr.Builder#createFieldVectors, term for term (document boost 1).
          let score = (idf * ((k1 + 1) * tf)) / (k1 * (1 - b + b * (lengths[slot] / averages[f])) + tf);
          score *= boosts[f];
          this.vectors[cursor[slot]] = t;
          this.vectors[cursor[slot] + 1] = Math.round(score * 1000) / 1000;
          cursor[slot] += 2;
        }
      }
    }
    this.fields = fields;
    this.documentCount = documentCount;
    this.terms = terms;
    this.termAt = new Map(terms.map((term, t) => [term, t]));
    this.tokenSet = termTrie(terms);
    this.pipeline = lunr.Pipeline.load(packed.pipeline);
  }

  private postingRange(t: number, f: number): [number, number] {
    const slot = t * this.fields.length + f;
    return [this.postingStart[slot], this.postingStart[slot + 1]];
  }

  private hasPosting(t: number, f: number, ref: number): boolean {
    let [low, high] = this.postingRange(t, f);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.refs[middle] < ref) low = middle + 1;
      else high = middle;
    }
    return low < this.postingRange(t, f)[1] && this.refs[low] === ref;
  }

  query(fn: lunr.Index.QueryBuilder): QueryResult[] {
    const query = new lunr.Query(this.fields);
    fn.call(query, query);
    const fieldCount = this.fields.length;
    const stride = this.documentCount + 1;
    const queryVectors = this.fields.map(() => new Map<number, number>());
    const matched = new Uint8Array(fieldCount * stride);
    /** Matched (field, document) slots in first-match order: lunr sums a document's fields in that order. */
    const order: number[] = [];
    const required: (DocumentSet | undefined)[] = this.fields.map(() => undefined);
    const prohibited: (Set<number> | undefined)[] = this.fields.map(() => undefined);
    const seen = new Set<number>();
    /** (term, field) pairs whose postings were added, for the results' match data. */
    const added: number[] = [];
    if (query.clauses.length === 0) return [];
    for (const clause of query.clauses as LunrClause[]) {
      const fieldIndexes = clause.fields.map((field) => this.fields.indexOf(field));
      const terms = clause.usePipeline
        ? (this.pipeline.runString as (text: string, metadata: object) => string[])(clause.term, { fields: clause.fields })
        : [clause.term];
      const clauseMatches = new Set<number>();
      for (const term of terms) {
        clause.term = term;
        const expanded = this.tokenSet.intersect(fromClause(clause)).toArray();
        if (expanded.length === 0 && clause.presence === PRESENCE.REQUIRED) {
          for (const f of fieldIndexes) required[f] = new Set();
          break;
        }
        for (const expandedTerm of expanded) {
          const t = this.termAt.get(expandedTerm);
          if (t === undefined) continue;
          for (const f of fieldIndexes) {
            const [start, end] = this.postingRange(t, f);
            if (clause.presence === PRESENCE.REQUIRED) {
              for (let i = start; i < end; i += 1) clauseMatches.add(this.refs[i]);
              required[f] ??= 'all';
            }
            if (clause.presence === PRESENCE.PROHIBITED) {
              const set = (prohibited[f] ??= new Set());
              for (let i = start; i < end; i += 1) set.add(this.refs[i]);
              continue;
            }
            queryVectors[f].set(t, (queryVectors[f].get(t) ?? 0) + (clause.boost ?? 1));
            const key = t * fieldCount + f;
            if (seen.has(key)) continue;
            seen.add(key);
            added.push(t, f);
            for (let i = start; i < end; i += 1) {
              const slot = f * stride + this.refs[i];
              if (!matched[slot]) {
                matched[slot] = 1;
                order.push(slot);
              }
            }
          }
        }
      }
      if (clause.presence === PRESENCE.REQUIRED) {
        for (const f of fieldIndexes) {
          const current = required[f];
          required[f] =
            current === 'all' || current === undefined
              ? new Set(clauseMatches)
              : new Set(Array.from(current).filter((ref) => clauseMatches.has(ref)));
        }
      }
    }
    let allRequired = 'all' as DocumentSet;
    const allProhibited = new Set<number>();
    for (let f = 0; f < fieldCount; f += 1) {
      const set = required[f];
      if (set && set !== 'all')
        allRequired = allRequired === 'all' ? new Set(set) : new Set(Array.from(allRequired).filter((ref) => set.has(ref)));
      for (const ref of prohibited[f] ?? []) allProhibited.add(ref);
    }
    const negated = (query.clauses as LunrClause[]).every((clause) => clause.presence === PRESENCE.PROHIBITED);
    if (negated) {
      // lunr: every document field matches, with score 0 (an empty query vector).
      order.length = 0;
      for (let ref = 1; ref <= this.documentCount; ref += 1) for (let f = 0; f < fieldCount; f += 1) order.push(f * stride + ref);
    }
    // Query vectors, [termIndex, value, ...] ascending, and their magnitudes (lunr.Vector).
    const vectors = queryVectors.map((vector) => Array.from(vector).sort((x, y) => x[0] - y[0]));
    const magnitudes = vectors.map((vector) => Math.sqrt(vector.reduce((sum, [, value]) => sum + value * value, 0)));
    const scores = new Map<number, number>();
    for (const slot of order) {
      const f = Math.floor(slot / stride);
      const ref = slot - f * stride;
      if (allRequired !== 'all' && !allRequired.has(ref)) continue;
      if (allProhibited.has(ref)) continue;
      // lunr.Vector#dot, then #similarity.
      const query = vectors[f];
      let dot = 0;
      let i = this.vectorStart[slot];
      const end = this.vectorStart[slot + 1];
      let j = 0;
      while (i < end && j < query.length) {
        const a = this.vectors[i];
        const b = query[j][0];
        if (a < b) i += 2;
        else if (a > b) j += 1;
        else {
          dot += this.vectors[i + 1] * query[j][1];
          i += 2;
          j += 1;
        }
      }
      const score = dot / magnitudes[f] || 0;
      scores.set(ref, (scores.get(ref) ?? 0) + score);
    }
    const results = Array.from(scores, ([ref, score]) => ({ ref, score }));
    results.sort((x, y) => y.score - x.score);
    return results.map(({ ref, score }) => {
      let metadata: Record<string, Record<string, object>> | undefined;
      const matchData = {
        get metadata() {
          metadata ??= this.build();
          return metadata;
        },
        build: () => {
          const found: Record<string, Record<string, object>> = Object.create(null);
          for (let k = 0; k < added.length; k += 2) {
            const [t, f] = [added[k], added[k + 1]];
            if (this.hasPosting(t, f, ref)) (found[this.terms[t]] ??= Object.create(null))[this.fields[f]] = {};
          }
          return found;
        },
      };
      return { ref: String(ref), score, matchData };
    });
  }
}
