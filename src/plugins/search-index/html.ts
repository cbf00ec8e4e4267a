/**
 * Sections of a rendered doc page (production build): the text before the first h2 under the
 * page title, then one section per h2 and h3, with the heading's anchor. Reads only the page's
 * `.markdown` content, without the source footer (`aside.source-footer`: the release and the
 * cited files, not content), copy buttons and heading hash links. Text only: whitespace between
 * blocks, none of the markup.
 *
 * Each section has two texts: `content`, everything (code blocks included), which is indexed, and
 * `text`, the same without code blocks, which results show as their snippet. Code blocks are a
 * tenth of the pages' text and read badly as one line of a snippet; leaving them out of the
 * snippet text is what keeps the index file within its size budget (docs-dev/search.md).
 */
import * as cheerio from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

export interface PageSection {
  title: string;
  /** `#anchor`, or '' for the page's first section. */
  hash: string;
  /** Everything the reader sees in the section: what the index holds. */
  content: string;
  /** The same without code blocks: the result's snippet. */
  text: string;
}

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tr',
  'td',
  'th',
  'ul',
]);

function textOf(nodes: readonly AnyNode[], withCode = true): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += (node as unknown as { data: string }).data;
    else if (node.type === 'tag') {
      const element = node as Element;
      if (!withCode && element.name === 'pre') {
        out += ' ';
        continue;
      }
      // A block is apart from the text on both sides (`<li>Parent<ul><li>Child` is two words);
      // lines of a code block are spans, and each ends a line.
      const apart = BLOCK.has(element.name) || /\btoken-line\b/.test(element.attribs.class ?? '');
      if (apart) out += ' ';
      out += textOf(element.children, withCode);
      if (apart) out += ' ';
    }
  }
  return out;
}

/** Collapses whitespace (and the zero-width space of heading links). */
export function clean(text: string): string {
  return text.replace(/[\u200b\s]+/g, ' ').trim();
}

export function htmlSections(html: string): { pageTitle: string; sections: PageSection[]; searchTag: string | undefined } {
  const $ = cheerio.load(html);
  const searchTag = $('meta[name="docusaurus_tag"]').attr('content');
  const markdown = $('article .markdown').first();
  markdown.find('aside.source-footer, button, a.hash-link, script, style, noscript').remove();
  const pageTitle = clean(textOf($('article h1').first().toArray()));
  const sections: PageSection[] = [{ title: pageTitle, hash: '', content: '', text: '' }];
  let parts: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    sections[sections.length - 1].content = clean(parts.join(' '));
    sections[sections.length - 1].text = clean(prose.join(' '));
    parts = [];
    prose = [];
  };
  for (const child of markdown.children().toArray()) {
    const name = child.name;
    if (name === 'header' && $(child).find('h1').length > 0) continue;
    if (name === 'h2' || name === 'h3') {
      flush();
      const id = $(child).attr('id');
      sections.push({ title: clean(textOf([child])), hash: id ? `#${id}` : '', content: '', text: '' });
      continue;
    }
    parts.push(textOf([child]));
    prose.push(textOf([child], false));
  }
  flush();
  return { pageTitle, sections, searchTag };
}
