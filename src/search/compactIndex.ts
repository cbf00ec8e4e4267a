/**
 * A compact serialization of a lunr index: about a quarter of lunr's own JSON once gzipped, and
 * loaded without building lunr's inverted index or its document vectors.
 *
 * lunr's `toJSON` stores each document field's vector of scores (`fieldVectors`) next to the
 * inverted index. Those scores are a function of what the inverted index already says, once it
 * also keeps each term's frequency: BM25 with the field's weight, lunr's `idf`, the field length
 * (the sum of its term frequencies, as lunr counts it) and the field's average length. So the file
 * keeps only the sorted terms (front-coded) and, per term and field, the documents with the term's
 * frequency (one string, see `CompactIndex.postings`). `CompactSearchIndex` computes a document's
 * score for a term when a query needs it, with lunr's own formula and rounding, and ranks exactly
 * as the lunr index built from the same documents (compactIndex.test.ts checks it).
 */
import lunr from 'lunr';

export const COMPACT_FORMAT = 'lunr-compact-2';

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
  /**
   * The sorted index terms, front-coded and separated by spaces (no term holds one: the tokenizer
   * splits on whitespace). Each entry is one base-36 digit, the number of leading characters the
   * term shares with the previous one (at most 35), then the rest of the term: `0api 3s 1dmin` is
   * `api`, `apis`, `admin`.
   */
  terms: string;
  /**
   * Per term, in `terms` order and separated by `;`: per field, in `fields` order and separated by
   * `,`: the documents holding the term in that field, separated by spaces, each written as the
   * gap from the previous document's ref (the first from 0), then `.` and the term's frequency
   * when it is not 1. `2 3.4,,5;…`: the first term is in the title of documents 2 and 5 (4 times
   * in 5) and in the tags of document 5.
   */
  postings: string;
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

const MAX_SHARED = 35;

/** Front-codes sorted terms (see `CompactIndex.terms`). */
export function encodeTerms(terms: readonly string[]): string {
  let previous = '';
  return terms
    .map((term) => {
      if (/\s/.test(term)) throw new Error(`an index term holds whitespace: ${JSON.stringify(term)}`);
      let shared = 0;
      while (shared < MAX_SHARED && shared < previous.length && shared < term.length && previous[shared] === term[shared]) shared += 1;
      previous = term;
      return shared.toString(36) + term.slice(shared);
    })
    .join(' ');
}

/** The terms of `encodeTerms`'s string. Throws on an entry that does not decode. */
export function decodeTerms(encoded: string): string[] {
  if (encoded === '') return [];
  let previous = '';
  return encoded.split(' ').map((entry) => {
    const shared = parseInt(entry[0] ?? '', 36);
    if (!(shared >= 0 && shared <= previous.length)) throw new Error('malformed terms');
    previous = previous.slice(0, shared) + entry.slice(1);
    return previous;
  });
}

/** Packs what a built `lunr.Builder` knows. Its documents' refs must be `1`…`n`. */
export function packIndex(built: lunr.Builder): CompactIndex {
  const builder = built as unknown as BuilderInternals;
  const fields = Object.keys(builder._fields);
  const terms = Object.keys(builder.invertedIndex).sort();
  const postings = terms
    .map((term) =>
      fields
        .map((field) => {
          // Refs are integer keys, which an object lists in ascending order.
          const refs = Object.keys(builder.invertedIndex[term][field]).map(Number);
          let previous = 0;
          return refs
            .map((ref) => {
              const frequency = builder.fieldTermFrequencies[`${field}/${ref}`][term];
              const gap = ref - previous;
              previous = ref;
              return frequency === 1 ? String(gap) : `${gap}.${frequency}`;
            })
            .join(' ');
        })
        .join(','),
    )
    .join(';');
  return {
    format: COMPACT_FORMAT,
    version: lunr.version,
    fields,
    boosts: fields.map((field) => builder._fields[field].boost ?? 1),
    k1: builder._k1,
    b: builder._b,
    documentCount: builder.documentCount,
    pipeline: builder.searchPipeline.toJSON() as unknown as string[],
    terms: encodeTerms(terms),
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
    index.boosts.length === index.fields.length &&
    typeof index.terms === 'string' &&
    typeof index.postings === 'string' &&
    Array.isArray(index.pipeline) &&
    typeof index.k1 === 'number' &&
    typeof index.b === 'number' &&
    Number.isInteger(index.documentCount)
  );
}

/** Postings read from `CompactIndex.postings`: refs and frequencies, and where each (term, field) list starts. */
interface Postings {
  refs: Int32Array;
  frequencies: Int32Array;
  /** List of term t, field f: `[start[t * F + f], start[t * F + f + 1])`. */
  start: Uint32Array;
}

const SPACE = 32;
const COMMA = 44;
const DOT = 46;
const SEMICOLON = 59;
const ZERO = 48;
const NINE = 57;

/** Reads the postings string in one pass. Throws on anything `packIndex` would not write. */
export function readPostings(encoded: string, termCount: number, fieldCount: number, documentCount: number): Postings {
  // Every entry takes at least two characters with its separator.
  const capacity = (encoded.length >> 1) + 1;
  const refs = new Int32Array(capacity);
  const frequencies = new Int32Array(capacity);
  const start = new Uint32Array(termCount * fieldCount + 1);
  const fail = (): never => {
    throw new Error('malformed postings');
  };
  let count = 0;
  let list = 0; // index of the current (term, field) list
  let field = 0;
  let ref = 0;
  let i = 0;
  const length = encoded.length;
  if (termCount === 0) return length === 0 ? { refs, frequencies, start } : fail();
  while (true) {
    // One entry, or an empty list.
    let code = i < length ? encoded.charCodeAt(i) : -1;
    if (code >= ZERO && code <= NINE) {
      let gap = 0;
      while (code >= ZERO && code <= NINE) {
        gap = gap * 10 + (code - ZERO);
        i += 1;
        code = i < length ? encoded.charCodeAt(i) : -1;
      }
      let frequency = 1;
      if (code === DOT) {
        i += 1;
        code = i < length ? encoded.charCodeAt(i) : -1;
        if (!(code >= ZERO && code <= NINE)) fail();
        frequency = 0;
        while (code >= ZERO && code <= NINE) {
          frequency = frequency * 10 + (code - ZERO);
          i += 1;
          code = i < length ? encoded.charCodeAt(i) : -1;
        }
        if (frequency < 2) fail();
      }
      ref += gap;
      if (gap < 1 || ref > documentCount) fail();
      refs[count] = ref;
      frequencies[count] = frequency;
      count += 1;
      if (code === SPACE) {
        i += 1;
        code = i < length ? encoded.charCodeAt(i) : -1;
        if (!(code >= ZERO && code <= NINE)) fail();
        continue;
      }
    }
    // The end of a list.
    list += 1;
    start[list] = count;
    ref = 0;
    if (code === COMMA) {
      field += 1;
      if (field >= fieldCount) fail();
    } else if (code === SEMICOLON || code === -1) {
      if (field !== fieldCount - 1) fail();
      field = 0;
      if (code === -1) break;
    } else fail();
    i += 1;
  }
  if (list !== termCount * fieldCount) fail();
  return { refs: refs.subarray(0, count), frequencies: frequencies.subarray(0, count), start };
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

/**
 * The index's set of terms as a plain trie, built along the sorted terms (each term starts from
 * the node of the prefix it shares with the previous one). lunr's `TokenSet.fromArray` also
 * minimises it (shares common suffixes), which takes most of lunr's own load time and changes no
 * query: intersecting a query with a trie or with its minimised form gives the same terms.
 */
export function termTrie(terms: readonly string[]): lunr.TokenSet {
  const root = new lunr.TokenSet() as unknown as TokenNode;
  /** Nodes along the previous term: `path[k]` is the node after its first k characters. */
  const path: TokenNode[] = [root];
  let previous = '';
  for (const term of terms) {
    let shared = 0;
    while (shared < previous.length && shared < term.length && previous[shared] === term[shared]) shared += 1;
    path.length = shared + 1;
    let node = path[shared];
    for (let k = shared; k < term.length; k += 1) {
      const char = term[k];
      let next = node.edges[char];
      if (!next) {
        next = new lunr.TokenSet() as unknown as TokenNode;
        node.edges[char] = next;
      }
      node = next;
      path.push(node);
    }
    node.final = true;
    previous = term;
  }
  return root as unknown as lunr.TokenSet;
}

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
 * string-keyed objects. A document field's score for a term (lunr's field vector entry) is computed
 * when a query reaches it, from the term's frequency, the field's length and the term's idf, so
 * loading builds no vectors. compactIndex.test.ts checks it against lunr.Index on the same
 * documents, clause for clause.
 */
export class CompactSearchIndex implements QueryableIndex {
  readonly fields: string[];
  private readonly documentCount: number;
  private readonly terms: string[];
  private readonly termAt: Map<string, number>;
  private readonly postings: Postings;
  private readonly boosts: number[];
  private readonly k1: number;
  /** lunr's idf of each term. */
  private readonly idf: Float64Array;
  /** Per document field (`f * (N + 1) + ref`): BM25's length part, `k1 * (1 - b + b * length / average)`. */
  private readonly norms: Float64Array;
  private readonly tokenSet: lunr.TokenSet;
  private readonly pipeline: lunr.Pipeline;

  constructor(packed: CompactIndex) {
    const { fields, boosts, k1, b, documentCount } = packed;
    if (!(documentCount >= 0) || fields.length === 0) throw new Error('malformed index');
    const fieldCount = fields.length;
    const terms = decodeTerms(packed.terms);
    for (let t = 1; t < terms.length; t += 1) if (!(terms[t - 1] < terms[t])) throw new Error('malformed terms');
    const postings = readPostings(packed.postings, terms.length, fieldCount, documentCount);
    const stride = documentCount + 1;
    // Field lengths as lunr counts them: the sum of the field's term frequencies.
    const lengths = new Float64Array(fieldCount * stride);
    const { refs, frequencies, start } = postings;
    for (let t = 0; t < terms.length; t += 1) {
      for (let f = 0; f < fieldCount; f += 1) {
        for (let i = start[t * fieldCount + f]; i < start[t * fieldCount + f + 1]; i += 1) lengths[f * stride + refs[i]] += frequencies[i];
      }
    }
    this.norms = new Float64Array(fieldCount * stride);
    for (let f = 0; f < fieldCount; f += 1) {
      let sum = 0;
      for (let ref = 1; ref <= documentCount; ref += 1) sum += lengths[f * stride + ref];
      const average = sum / documentCount;
      for (let ref = 1; ref <= documentCount; ref += 1)
        this.norms[f * stride + ref] = k1 * (1 - b + b * (lengths[f * stride + ref] / average));
    }
    this.idf = new Float64Array(terms.length);
    for (let t = 0; t < terms.length; t += 1) {
      // lunr.idf: a document counts once per field it has the term in.
      const documentsWithTerm = start[(t + 1) * fieldCount] - start[t * fieldCount];
      const x = (documentCount - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5);
      this.idf[t] = Math.log(1 + Math.abs(x));
    }
    this.fields = fields;
    this.boosts = boosts;
    this.k1 = k1;
    this.documentCount = documentCount;
    this.terms = terms;
    this.postings = postings;
    this.termAt = new Map(terms.map((term, t) => [term, t]));
    this.tokenSet = termTrie(terms);
    this.pipeline = lunr.Pipeline.load(packed.pipeline);
  }

  private postingRange(t: number, f: number): [number, number] {
    const slot = t * this.fields.length + f;
    return [this.postings.start[slot], this.postings.start[slot + 1]];
  }

  private hasPosting(t: number, f: number, ref: number): boolean {
    const [, end] = this.postingRange(t, f);
    let [low, high] = this.postingRange(t, f);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.postings.refs[middle] < ref) low = middle + 1;
      else high = middle;
    }
    return low < end && this.postings.refs[low] === ref;
  }

  /** lunr.Builder#createFieldVectors's score of term t in field f of the posting at `i` (document boost 1). */
  private termScore(t: number, f: number, i: number): number {
    const tf = this.postings.frequencies[i];
    const norm = this.norms[f * (this.documentCount + 1) + this.postings.refs[i]];
    let score = (this.idf[t] * ((this.k1 + 1) * tf)) / (norm + tf);
    score *= this.boosts[f];
    return Math.round(score * 1000) / 1000;
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
    const { refs } = this.postings;
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
          // The token set holds exactly the index's terms.
          const t = this.termAt.get(expandedTerm)!;
          for (const f of fieldIndexes) {
            const [start, end] = this.postingRange(t, f);
            if (clause.presence === PRESENCE.REQUIRED) {
              for (let i = start; i < end; i += 1) clauseMatches.add(refs[i]);
              required[f] ??= 'all';
            }
            if (clause.presence === PRESENCE.PROHIBITED) {
              const set = (prohibited[f] ??= new Set());
              for (let i = start; i < end; i += 1) set.add(refs[i]);
              continue;
            }
            queryVectors[f].set(t, (queryVectors[f].get(t) ?? 0) + (clause.boost ?? 1));
            const key = t * fieldCount + f;
            if (seen.has(key)) continue;
            seen.add(key);
            added.push(t, f);
            for (let i = start; i < end; i += 1) {
              const slot = f * stride + refs[i];
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
    // lunr.Vector#dot of each document field with the query vector: the products in ascending term
    // order, as lunr sums them. Then #similarity divides by the query vector's magnitude.
    const dots = new Float64Array(fieldCount * stride);
    const vectors = queryVectors.map((vector) => Array.from(vector).sort((x, y) => x[0] - y[0]));
    const magnitudes = vectors.map((vector) => Math.sqrt(vector.reduce((sum, [, value]) => sum + value * value, 0)));
    vectors.forEach((vector, f) => {
      for (const [t, weight] of vector) {
        const [start, end] = this.postingRange(t, f);
        for (let i = start; i < end; i += 1) dots[f * stride + refs[i]] += this.termScore(t, f, i) * weight;
      }
    });
    const scores = new Map<number, number>();
    for (const slot of order) {
      const f = Math.floor(slot / stride);
      const ref = slot - f * stride;
      if (allRequired !== 'all' && !allRequired.has(ref)) continue;
      if (allProhibited.has(ref)) continue;
      const score = dots[slot] / magnitudes[f] || 0;
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
