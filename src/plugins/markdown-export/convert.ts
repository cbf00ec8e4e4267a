/**
 * One page's source (Markdown parsed as MDX, as Docusaurus 3.1.1 parses it) turned into plain
 * Markdown that any reader or coding assistant understands:
 *
 * - the frontmatter becomes a `# Title` line and the description as a blockquote;
 * - `import`/`export` lines go; `<AreaCards />` becomes the list of areas; `<kbd>` becomes code;
 *   other lowercase HTML elements keep their content; an unknown component fails the build, so
 *   nothing of MDX leaks into the output;
 * - admonitions (`:::note[Title]`) become a blockquote that opens with a bold label ("Note: Title");
 * - mermaid stays a fenced `mermaid` block, like every code block, unchanged;
 * - links become absolute site URLs: `./x.md#a` resolves to the route of that file, `/tags/x` and
 *   `#a` to the site URL;
 * - explicit heading ids (`## Heading \{#id}`) are dropped from the heading text;
 * - the "Checked against" aside that src/plugins/source-footer appends becomes a final `## Sources`
 *   section (the caller runs that remark plugin on the tree first);
 * - under the description, a `Source file:` line links the page's file in the site's repository
 *   (the page's "Edit this page" link points at the same file).
 */
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import type { Blockquote, Heading, List, Node, Paragraph, PhrasingContent, Root, RootContent, Strong, Text } from 'mdast';
import { AREAS } from '../../data/areas';

export interface PageSource {
  /** The file's text, frontmatter included. */
  source: string;
  /** Path of the file relative to the site folder, with `/` (e.g. `docs/api/Cron.md`), for messages and relative links. */
  file: string;
  title: string;
  description: string;
  /** The page's route, e.g. `/api/Cron`. */
  permalink: string;
  /** Where the file is in the site's repository; the Markdown names it under the description. */
  sourceUrl?: string;
}

export interface SiteLinks {
  /** The site's absolute URL without a trailing slash (SITE_URL). */
  siteUrl: string;
  /** The route of the doc at a path relative to the site folder, or undefined when there is none. */
  permalinkOf(file: string): string | undefined;
}

/** A tree transform run after parsing and before conversion (the source footer plugin). */
export type TreeTransform = (tree: Root) => void;

/** Any node as the parser leaves it: mdast, MDX and directive nodes alike. */
interface AnyNode {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  depth?: number;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  data?: { directiveLabel?: boolean };
  children?: AnyNode[];
}

const ADMONITIONS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$)/;

/** Options of the Markdown writer: `-` bullets, fenced code, `*` strong, `_` emphasis. */
const STRINGIFY = { bullet: '-', fences: true, strong: '*', emphasis: '_', rule: '-', listItemIndent: 'one' } as const;

const text = (value: string): Text => ({ type: 'text', value });

function textOf(node: AnyNode): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

function attribute(node: AnyNode, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

/** The absolute URL a link of the page points at. */
export function absoluteUrl(url: string, page: Pick<PageSource, 'file' | 'permalink'>, site: SiteLinks): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url;
  const pageUrl = `${site.siteUrl}${page.permalink}`;
  if (url.startsWith('#')) return `${pageUrl}${url}`;
  const hashAt = url.indexOf('#');
  const target = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  if (/\.mdx?$/.test(target)) {
    const file = target.startsWith('/')
      ? path.posix.normalize(target.slice(1))
      : path.posix.normalize(path.posix.join(path.posix.dirname(page.file), decodeURIComponent(target)));
    const permalink = site.permalinkOf(file);
    if (permalink === undefined) throw new Error(`${page.file}: the link ${url} points at ${file}, which is no page`);
    return `${site.siteUrl}${permalink}${hash}`;
  }
  if (url.startsWith('/')) return `${site.siteUrl}${url}`;
  return new URL(url, pageUrl).href;
}

class Converter {
  constructor(
    private readonly page: PageSource,
    private readonly site: SiteLinks,
  ) {}

  private fail(node: AnyNode, what: string): never {
    const line = (node as { position?: { start: { line: number } } }).position?.start.line;
    throw new Error(
      `${this.page.file}${line ? `:${line}` : ''}: ${what} has no Markdown form; teach src/plugins/markdown-export/convert.ts about it`,
    );
  }

  children(node: AnyNode): AnyNode[] {
    return (node.children ?? []).flatMap((child) => this.node(child));
  }

  node(node: AnyNode): AnyNode[] {
    switch (node.type) {
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        // `{/* comment */}` is MDX's comment; any other expression has no value without running it.
        if (/^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value ?? '')) return [];
        return this.fail(node, `the expression {${node.value}}`);
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.element(node);
      case 'containerDirective':
        return [this.admonition(node)];
      case 'textDirective':
        // Docusaurus turns a bare `:name` (a time, a ratio) back into text; anything more is an error there too.
        if ((node.children ?? []).length === 0 && Object.keys(node.attributes ?? {}).length === 0)
          return [text(`:${node.name}`) as AnyNode];
        return this.fail(node, `the directive :${node.name}`);
      case 'leafDirective':
        return this.fail(node, `the directive ::${node.name}`);
      case 'heading':
        return [this.heading(node)];
      case 'link':
      case 'definition':
      case 'image':
        return [{ ...node, url: absoluteUrl(node.url ?? '', this.page, this.site), children: node.children && this.children(node) }];
      default:
        return node.children ? [{ ...node, children: this.children(node) }] : [node];
    }
  }

  private heading(node: AnyNode): AnyNode {
    const children = this.children(node);
    const last = children[children.length - 1];
    if (last?.type === 'text' && last.value !== undefined) {
      const value = last.value.replace(/\s*\{#[\w-]+\}\s*$/, '');
      children[children.length - 1] = { ...last, value };
    }
    return { ...node, children };
  }

  private admonition(node: AnyNode): AnyNode {
    const kind = ADMONITIONS[node.name ?? ''];
    if (!kind) return this.fail(node, `the directive :::${node.name}`);
    const [first, ...rest] = node.children ?? [];
    const hasLabel = first?.data?.directiveLabel === true;
    const label: PhrasingContent[] = hasLabel ? [text(`${kind}: `), ...(this.children(first) as PhrasingContent[])] : [text(kind)];
    const strong: Strong = { type: 'strong', children: label };
    const opening: Paragraph = { type: 'paragraph', children: [strong] };
    const body = this.children({ type: 'root', children: hasLabel ? rest : node.children });
    return { type: 'blockquote', children: [opening, ...body] } as Blockquote as AnyNode;
  }

  private element(node: AnyNode): AnyNode[] {
    const name = node.name ?? '';
    if (name === 'AreaCards') return [this.areaList()];
    if (name === 'aside' && attribute(node, 'className') === 'source-footer') {
      const heading: Heading = { type: 'heading', depth: 2, children: [text('Sources')] };
      return [heading as AnyNode, ...this.children(node)];
    }
    if (name === 'kbd') return [{ type: 'inlineCode', value: textOf(node) }];
    if (name === 'br') return [{ type: 'break' }];
    // A plain HTML element (span, sup, details...) keeps its content.
    if (/^[a-z][a-z\d]*$/.test(name)) return this.children(node);
    return this.fail(node, `the component <${name || 'fragment'}>`);
  }

  private areaList(): AnyNode {
    const list: List = {
      type: 'list',
      ordered: false,
      spread: false,
      children: AREAS.map((area) => ({
        type: 'listItem',
        spread: false,
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'link', url: `${this.site.siteUrl}${area.to}`, children: [{ type: 'strong', children: [text(area.title)] }] },
              text(`: ${area.summary}`),
            ],
          },
        ],
      })),
    };
    return list as AnyNode;
  }
}

/** The body of a Markdown/MDX file parsed the way Docusaurus parses it (MDX, GFM, directives). */
export function parsePage(source: string): Root {
  // Blank lines in place of the frontmatter keep line numbers (in error messages) those of the file.
  const body = source.replace(FRONTMATTER, (frontmatter) => '\n'.repeat(frontmatter.split('\n').length - 1));
  return unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).parse(body);
}

/** `Source file: [`docs/api/Cron.md`](url)`: where the page's text is kept and can be changed. */
function sourceLine(page: PageSource): Paragraph[] {
  if (!page.sourceUrl) return [];
  const link: PhrasingContent = { type: 'link', url: page.sourceUrl, children: [{ type: 'inlineCode', value: page.file }] };
  return [{ type: 'paragraph', children: [text('Source file: '), link] }];
}

/** The page as plain Markdown: title, description, the source file's line, body, sources. */
export function pageMarkdown(page: PageSource, site: SiteLinks, transforms: TreeTransform[] = []): string {
  const tree = parsePage(page.source);
  for (const transform of transforms) transform(tree);
  const converter = new Converter(page, site);
  const body = converter.children(tree as unknown as AnyNode) as unknown as RootContent[];
  const root: Root = {
    type: 'root',
    children: [
      { type: 'heading', depth: 1, children: [text(page.title)] },
      ...(page.description
        ? [{ type: 'blockquote', children: [{ type: 'paragraph', children: [text(page.description)] }] } as Blockquote]
        : []),
      ...sourceLine(page),
      ...body,
    ],
  };
  return unified()
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkStringify, STRINGIFY)
    .stringify(root as Node as Root);
}
