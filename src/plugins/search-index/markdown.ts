/**
 * Sections of a doc read from its markdown (the preview, `npm start`, where no HTML is
 * rendered on the server): the text before the first h2, then one section per h2 and h3.
 * Anchors are made as the docs plugin makes them (an explicit `{#id}`, or the heading's text
 * through Docusaurus's slugger), and the text is the markdown without its syntax: close to
 * what the production build indexes from the HTML, not byte for byte (an imported component's
 * content is not there, for example). The source footer is added by a remark plugin at render
 * time, so it is never in the markdown.
 */
import { createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils';
import type { PageSection } from './html';
import { clean } from './html';

/** Inline markdown and MDX to plain text. */
export function plainText(markdown: string): string {
  return (
    markdown
      // HTML and MDX comments.
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
      // Images go, links keep their text.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      // Tags (HTML or JSX) go, their content stays.
      .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
      // Admonitions: `:::note[Title]` keeps the title.
      .replace(/^\s*:::\s*\w*(?:\[([^\]]*)\])?.*$/gm, ' $1 ')
      // Emphasis, code spans, table pipes, list and quote markers.
      .replace(/(\*\*|__|\*|`+|~~)/g, '')
      .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, ' ')
      .replace(/^\s*>\s?/gm, ' ')
      .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ')
      .replace(/\|/g, ' ')
  );
}

/** Splits a markdown body (front matter removed) into sections. */
export function markdownSections(body: string, pageTitle: string): PageSection[] {
  const slugger = createSlugger();
  const sections: PageSection[] = [{ title: pageTitle, hash: '', content: '', text: '' }];
  let lines: string[] = [];
  /** The section's lines outside code blocks: its snippet text (./html.ts). */
  let prose: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    sections[sections.length - 1].content = clean(plainText(lines.join('\n')));
    sections[sections.length - 1].text = clean(plainText(prose.join('\n')));
    lines = [];
    prose = [];
  };
  for (const line of body.split('\n')) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1].startsWith(fence)) fence = null;
      else lines.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    // Module syntax of MDX.
    if (/^(import|export)\s/.test(line)) continue;
    if (/^#\s/.test(line)) continue;
    const heading = /^(#{2,3})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const { text, id } = parseMarkdownHeadingId(heading[2]);
      const title = clean(plainText(text));
      sections.push({ title, hash: `#${id ?? slugger.slug(title)}`, content: '', text: '' });
      continue;
    }
    lines.push(line);
    prose.push(line);
  }
  flush();
  return sections;
}

/** The body of a markdown file without its front matter. */
export function withoutFrontMatter(source: string): string {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}
