/**
 * The two files of the llms.txt proposal (llmstxt.org), written from the pages' Markdown:
 *
 * - `llms.txt`: the site title as H1, a summary blockquote naming the Strapi release, the pages
 *   outside any sidebar (the home page) as a list, then one H2 section per sidebar listing each of
 *   its pages in sidebar order as `- [Title](url.md): description`;
 * - `llms-full.txt`: the same title and summary, then every page's Markdown in the same order, each
 *   followed after its title by the address of its web page.
 */
export interface LlmsPage {
  title: string;
  description: string;
  /** The web page's absolute URL. */
  url: string;
  /** The Markdown's absolute URL. */
  markdownUrl: string;
  /** The page as Markdown (starts with `# Title`). */
  markdown: string;
}

export interface LlmsSection {
  label: string;
  pages: LlmsPage[];
}

export interface LlmsSite {
  title: string;
  tagline: string;
  strapiVersion: string;
  /** Pages that belong to no sidebar, listed before the sections. */
  unsectioned: LlmsPage[];
  sections: LlmsSection[];
}

/** Square brackets would end a link's text early. */
const linkText = (value: string) => value.replace(/([[\]\\])/g, '\\$1');
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

function summary(site: LlmsSite): string {
  return `> ${oneLine(site.tagline)}. Every page describes Strapi ${site.strapiVersion} and is checked against the source of that release. Each page is also served as Markdown at its address plus \`.md\`.`;
}

function entry(page: LlmsPage): string {
  const description = oneLine(page.description);
  return `- [${linkText(oneLine(page.title))}](${page.markdownUrl})${description ? `: ${description}` : ''}`;
}

export function llmsTxt(site: LlmsSite): string {
  const parts = [`# ${site.title}`, summary(site)];
  if (site.unsectioned.length > 0) parts.push(site.unsectioned.map(entry).join('\n'));
  for (const section of site.sections) parts.push(`## ${section.label}\n\n${section.pages.map(entry).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

/** Every page in llms.txt order. */
export function orderedPages(site: LlmsSite): LlmsPage[] {
  return [...site.unsectioned, ...site.sections.flatMap((section) => section.pages)];
}

export function llmsFullTxt(site: LlmsSite): string {
  const pages = orderedPages(site).map((page) => {
    const [titleLine, ...rest] = page.markdown.trimEnd().split('\n');
    return [titleLine, '', `Source: ${page.url}`, ...rest].join('\n');
  });
  return `${[`# ${site.title}`, summary(site), ...pages].join('\n\n')}\n`;
}
