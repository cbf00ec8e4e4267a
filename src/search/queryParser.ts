/**
 * The search query grammar (spec section 5). A query is a list of whitespace-separated clauses:
 *
 *   clause   = [presence] [field ":"] term {modifier}
 *   presence = "+" (required) | "-" (excluded)
 *   field    = "title" | "content" | "tags"
 *   term     = word, may hold "*" wildcards; "\" escapes the next character
 *   modifier = "~" digits (edit distance) | "^" number (boost)
 *
 * Invalid input never throws: `parseQuery` returns a message naming the problem.
 */

import { QUERY_TERM_SEPARATOR } from '../config/search';

export const QUERY_FIELDS = ['title', 'content', 'tags'] as const;
export type QueryField = (typeof QUERY_FIELDS)[number];
export type Presence = 'optional' | 'required' | 'prohibited';

/** Edit distances above 2 make lunr expand millions of variants; larger values are lowered. */
export const MAX_EDIT_DISTANCE = 2;
/** Clauses beyond this count are ignored: the input box holds 512 characters anyway. */
export const MAX_CLAUSES = 32;
/** Longer terms are cut: no word of the site is that long, and fuzzy matching grows with length. */
export const MAX_TERM_LENGTH = 64;

export interface Clause {
  /** Lower-cased term; may contain `*`. */
  term: string;
  /** `null` means every field. */
  field: QueryField | null;
  presence: Presence;
  /** The term contains an explicit `*`. */
  hasWildcard: boolean;
  editDistance?: number;
  boost?: number;
}

export interface ParsedQuery {
  clauses: Clause[];
  /** Plain words only: no operator, field, wildcard or modifier anywhere. */
  plain: boolean;
  /** Words to highlight on the target page (not the excluded ones, no wildcards). */
  highlightTerms: string[];
}

export type ParseResult = { ok: true; query: ParsedQuery } | { ok: false; error: string };

/** Characters that separate words, as the index's tokenizer (src/config/search.ts). */
export const TERM_SEPARATOR = QUERY_TERM_SEPARATOR;

const FIELD_LIST = QUERY_FIELDS.map((field) => `${field}:`).join(', ');

/** Splits on unescaped whitespace. */
function splitChunks(input: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i];
    if (char === '\\' && i + 1 < input.length) {
      current += char + input[i + 1];
      i += 1;
    } else if (/\s/.test(char)) {
      if (current) chunks.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/** Index of the first unescaped occurrence of one of `chars`, or -1. */
function findUnescaped(text: string, chars: string, from = 0): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') {
      i += 1;
    } else if (chars.includes(text[i])) {
      return i;
    }
  }
  return -1;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/gsu, '$1');
}

/** Trims like lunr's index-time trimmer (non-word characters at both ends), keeping `*`. */
function trimTerm(term: string): string {
  return term.replace(/^[^\w*]+/, '').replace(/[^\w*]+$/, '');
}

function shown(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `"${short}"`;
}

export function parseQuery(input: string): ParseResult {
  const clauses: Clause[] = [];
  let plain = true;
  for (const chunk of splitChunks(input)) {
    let rest = chunk;
    let presence: Presence = 'optional';
    if (rest[0] === '+' || rest[0] === '-') {
      presence = rest[0] === '+' ? 'required' : 'prohibited';
      const operator = rest[0];
      rest = rest.slice(1);
      if (rest === '') {
        return { ok: false, error: `Missing term after "${operator}": write ${operator}word, without a space.` };
      }
      plain = false;
    }

    let field: QueryField | null = null;
    const colon = findUnescaped(rest, ':');
    if (colon !== -1) {
      const name = unescape(rest.slice(0, colon)).toLowerCase();
      if (name === '') {
        return { ok: false, error: `Missing field name before ":" in ${shown(chunk)}. Fields: ${FIELD_LIST}` };
      }
      if (!(QUERY_FIELDS as readonly string[]).includes(name)) {
        return { ok: false, error: `Unknown field ${shown(name)}. Fields: ${FIELD_LIST}` };
      }
      field = name as QueryField;
      rest = rest.slice(colon + 1);
      if (rest === '') {
        return { ok: false, error: `Missing term after "${name}:": write ${name}:word, without a space.` };
      }
      plain = false;
    }

    const modifierStart = findUnescaped(rest, '~^');
    const rawTerm = modifierStart === -1 ? rest : rest.slice(0, modifierStart);
    let editDistance: number | undefined;
    let boost: number | undefined;
    if (modifierStart !== -1) {
      plain = false;
      if (rawTerm === '') {
        return { ok: false, error: `Missing term before "${rest[modifierStart]}" in ${shown(chunk)}.` };
      }
      let position = modifierStart;
      while (position < rest.length) {
        const operator = rest[position];
        const next = findUnescaped(rest, '~^', position + 1);
        const value = rest.slice(position + 1, next === -1 ? rest.length : next);
        if (operator === '~') {
          if (!/^\d+$/.test(value)) {
            return {
              ok: false,
              error: `Edit distance must be a whole number: ${shown(`~${value}`)} in ${shown(chunk)} (try ~1).`,
            };
          }
          editDistance = Math.min(Number(value), MAX_EDIT_DISTANCE);
        } else {
          if (!/^\d+(\.\d+)?$/.test(value)) {
            return {
              ok: false,
              error: `Boost must be a number: ${shown(`^${value}`)} in ${shown(chunk)} (try ^10).`,
            };
          }
          boost = Number(value);
        }
        position = next === -1 ? rest.length : next;
      }
    }

    const words = unescape(rawTerm)
      .toLowerCase()
      .split(TERM_SEPARATOR)
      .map((word) => trimTerm(word).slice(0, MAX_TERM_LENGTH))
      .filter((word) => word !== '');
    for (const term of words) {
      const hasWildcard = term.includes('*');
      if (hasWildcard) plain = false;
      if (clauses.length < MAX_CLAUSES) {
        clauses.push({ term, field, presence, hasWildcard, editDistance, boost });
      }
    }
  }
  // Array.from, not spread: the site's Babel preset compiles spread of a Set loosely.
  const highlightTerms = Array.from(
    new Set(
      clauses
        .filter((clause) => clause.presence !== 'prohibited')
        .flatMap((clause) => clause.term.split('*'))
        .filter((word) => word.length > 0),
    ),
  );
  return { ok: true, query: { clauses, plain, highlightTerms } };
}
