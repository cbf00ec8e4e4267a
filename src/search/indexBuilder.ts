/**
 * Builds the content of a `search-index-{tag}.json` file from a site's sections: the production
 * build (src/plugins/search-index, from the rendered HTML), the preview (from the markdown) and
 * the unit tests all go through here, so they index the same way.
 *
 * Field weights are applied here, when the index is built (`this.field(name, { boost })`): lunr
 * multiplies every term score of the field by that weight. Applying them at query time instead
 * changes nothing, because lunr divides a field's score by the magnitude of that field's query
 * vector, so a boost carried by every clause of a field cancels out.
 */
import lunr from 'lunr';
import { INDEX_FIELDS, SNIPPET_TEXT_LIMIT, search as searchConfig } from '../config/search';
import { packIndex } from './compactIndex';
import type { SearchDocument } from './types';

/** One section of a page, as an extractor found it. */
export interface IndexSection {
  pageTitle: string;
  sectionTitle: string;
  /** `route` or `route#anchor`. */
  sectionRoute: string;
  /** The section's text, plain (no markup), whitespace collapsed: what the index holds. */
  content: string;
  /** The text a result shows as its snippet, when it is not `content` (the pages' leave out code blocks). */
  text?: string;
  /** The page's tags (their labels). */
  tags: readonly string[];
  /** Where the page sits: sidebar label, category labels, page label (`Docs › Database › Relations`). */
  path: readonly string[];
}

/** What a `search-index-{tag}.json` file holds. */
export interface IndexFile {
  documents: SearchDocument[];
  index: object;
}

/**
 * At most `limit` characters of `text`, cut after a whole word and followed by " …" when it is cut
 * (a word longer than the limit is cut where the limit falls).
 */
export function clipText(text: string, limit = SNIPPET_TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  const space = text.lastIndexOf(' ', limit);
  return `${text.slice(0, space > 0 ? space : limit)} …`;
}

/** The words of the path field: the sidebar path and the page title, each word once. */
function placeText(section: IndexSection): string {
  return Array.from(new Set([...section.path, section.pageTitle])).join(' ');
}

/** A lunr builder set up as `lunr()` does, with the site's tokenizer, b, k1 and field weights. */
function builder(): lunr.Builder {
  const built = new lunr.Builder();
  built.pipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);
  built.searchPipeline.add(lunr.stemmer);
  built.k1(searchConfig.lunr.k1);
  built.b(searchConfig.lunr.b);
  built.ref('id');
  // @types/lunr 2.3.7 lacks the attributes argument: lunr 2.3.9 takes `{ boost, extractor }`.
  for (const [field, boost] of INDEX_FIELDS) (built.field as (name: string, attributes: object) => void)(field, { boost });
  return built;
}

export function buildIndexFile(sections: readonly IndexSection[]): IndexFile {
  const previousSeparator = lunr.tokenizer.separator;
  lunr.tokenizer.separator = searchConfig.lunr.tokenizerSeparator;
  try {
    const built = builder();
    sections.forEach((section, at) => {
      built.add({
        id: String(at + 1),
        title: section.sectionTitle,
        content: section.content,
        tags: section.tags.join(' '),
        sidebarParentCategories: placeText(section),
      });
    });
    built.build();
    const documents: SearchDocument[] = sections.map((section, at) => ({
      id: at + 1,
      pageTitle: section.pageTitle,
      sectionTitle: section.sectionTitle,
      sectionRoute: section.sectionRoute,
      type: 'docs',
      path: [...section.path],
      // The snippet text is stored once, here; the index holds only terms.
      text: clipText(section.text ?? section.content),
    }));
    return { documents, index: packIndex(built) };
  } finally {
    lunr.tokenizer.separator = previousSeparator;
  }
}
