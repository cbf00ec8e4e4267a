/**
 * The snippet of a result: the part of the section's text around the words the query matched,
 * as segments of plain text, some of them marked. The panel renders each segment as a text node,
 * a marked one inside `<mark>`: nothing from the index is ever parsed as HTML.
 *
 * A word is marked when lunr's pipeline (trim, stem) turns it into one of the index terms the
 * query matched in that document (`SearchResult.matched`), so "relations" is marked for the query
 * "relation", and "transactions" for "tranzactions~1", exactly as lunr matched them.
 */
import lunr from 'lunr';

export interface Segment {
  text: string;
  marked: boolean;
}

/** The characters of a word: anything the index's tokenizer does not split on (src/config/search.ts). */
const WORD = /[^\s\-.,;:!?'"`()[\]{}<>/\\|=+*&%$#@^~]+/g;

const stems = new Map<string, string>();
/** The index term lunr makes of a word (lower case, trimmed, stemmed), memoised. */
export function indexTerm(word: string): string {
  const lower = word.toLowerCase();
  let stem = stems.get(lower);
  if (stem === undefined) {
    const token = new lunr.Token(lower, {});
    // lunr's pipeline functions take (token, index, tokens); @types/lunr declares only the token.
    const trimmed = (lunr.trimmer as (t: lunr.Token, i: number, all: lunr.Token[]) => lunr.Token)(token, 0, [token]);
    stem = String((lunr.stemmer as (t: lunr.Token, i: number, all: lunr.Token[]) => lunr.Token)(trimmed, 0, [trimmed]));
    if (stems.size > 50_000) stems.clear();
    stems.set(lower, stem);
  }
  return stem;
}

interface Hit {
  start: number;
  end: number;
  term: string;
}

function hits(text: string, matched: ReadonlySet<string>): Hit[] {
  const found: Hit[] = [];
  if (matched.size === 0) return found;
  for (const match of text.matchAll(WORD)) {
    const term = indexTerm(match[0]);
    if (matched.has(term)) found.push({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length, term });
  }
  return found;
}

function toSegments(text: string, found: readonly Hit[], from: number, to: number): Segment[] {
  const segments: Segment[] = [];
  let at = from;
  for (const hit of found) {
    if (hit.start < from || hit.end > to) continue;
    if (hit.start > at) segments.push({ text: text.slice(at, hit.start), marked: false });
    segments.push({ text: text.slice(hit.start, hit.end), marked: true });
    at = hit.end;
  }
  if (at < to) segments.push({ text: text.slice(at, to), marked: false });
  return segments;
}

/** The whole of a short text (a title) with its matched words marked. */
export function markText(text: string, matched: readonly string[]): Segment[] {
  return toSegments(text, hits(text, new Set(matched)), 0, text.length);
}

/** Moves `index` back to the start of the word it is in (never before `min`). */
function wordStart(text: string, index: number, min: number): number {
  let i = index;
  while (i > min && !/\s/.test(text[i - 1])) i -= 1;
  return i;
}

/** Moves `index` forward to the end of the word it is in (never past `max`). */
function wordEnd(text: string, index: number, max: number): number {
  let i = index;
  while (i < max && !/\s/.test(text[i])) i += 1;
  return i;
}

/**
 * At most about `length` characters of `text` around the matched words: the window holding the
 * most distinct matched terms, starting a little before its first one, cut between words, with
 * "…" where text was left out. Without a match, the start of the text.
 */
export function snippet(text: string, matched: readonly string[], length = 180): Segment[] {
  const found = hits(text, new Set(matched));
  let from = 0;
  if (found.length > 0) {
    let best = 0;
    let bestCount = 0;
    for (let i = 0; i < found.length; i += 1) {
      const terms = new Set<string>();
      for (let j = i; j < found.length && found[j].end - found[i].start <= length; j += 1) terms.add(found[j].term);
      if (terms.size > bestCount) {
        best = i;
        bestCount = terms.size;
      }
    }
    // Some words of context before the first match, when the text is long enough to need cutting.
    const lead = Math.min(40, Math.floor(length / 4));
    from = text.length <= length ? 0 : wordStart(text, Math.max(0, found[best].start - lead), 0);
  }
  let to = Math.min(text.length, from + length);
  if (to < text.length) {
    to = wordEnd(text, to, text.length);
    // Shorten to the last whole word if the word at the cut is long.
    if (to - from > length + 20) to = wordStart(text, from + length, from + 1);
  }
  if (to - from > length + 20) to = from + length;
  const segments = toSegments(text, found, from, to);
  if (from > 0) segments.unshift({ text: '… ', marked: false });
  if (to < text.length) segments.push({ text: ' …', marked: false });
  return segments;
}
