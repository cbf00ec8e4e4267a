/**
 * Remark plugin: the "verified by running Strapi" marks. For each claim a test in
 * `strapi-app/claims/` declares for this page (./manifest.ts), it puts a small mark at the end of
 * the sentence the claim `says` (./locate.ts): a link to the test's line at GitHub, with the
 * claim's id in `data-claim`. A defect's mark must sit under the page's "Known defects in <pin>"
 * heading. The page's "Checked against" footer (src/plugins/source-footer, which runs first) gets
 * the count. On the home page, the `::known-defects` directive becomes the table of every known
 * defect (page, defect, test).
 *
 * A claim whose text is not on its page (or is there twice) fails the production build; the
 * preview only warns, so a page being edited still shows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCS_REPO_BRANCH, DOCS_REPO_URL, STRAPI_VERSION } from '../../config/site';
import { LocateError, insertAt, locate, type MdNode } from './locate';
import { loadClaims, pageKeyOfDoc, type ExecutedClaim } from './manifest';

const ROOT = path.resolve(__dirname, '../../..');
const attr = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });
const text = (value: string): MdNode => ({ type: 'text', value });

export const KNOWN_DEFECTS_HEADING = `Known defects in ${STRAPI_VERSION}`;

export function testUrl(claim: ExecutedClaim): string {
  return `${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/${claim.testFile}#L${claim.line}`;
}

export function markLabel(claim: ExecutedClaim): string {
  return claim.kind === 'defect'
    ? `Reproduced by running Strapi ${STRAPI_VERSION}: the test asserts what this release does (${claim.testFile}, line ${claim.line})`
    : `Verified by running Strapi ${STRAPI_VERSION}: see the test (${claim.testFile}, line ${claim.line})`;
}

export function markNode(claim: ExecutedClaim): MdNode {
  return {
    type: 'mdxJsxTextElement',
    name: 'a',
    attributes: [
      attr('className', claim.kind === 'defect' ? 'claim-mark claim-mark--defect' : 'claim-mark'),
      attr('data-claim', claim.fullId),
      attr('href', testUrl(claim)),
      attr('title', markLabel(claim)),
      attr('aria-label', markLabel(claim)),
    ],
    children: [],
  } as MdNode;
}

/** `a \`code\` b` → text and inline code nodes. */
function inline(markdown: string): MdNode[] {
  return markdown
    .split('`')
    .map((part, i) => (i % 2 === 1 ? { type: 'inlineCode', value: part } : text(part)))
    .filter((n) => n.value !== '');
}

interface Routes {
  file: string;
  route: string;
  title: string;
}

function routes(root: string): Routes[] {
  return JSON.parse(readFileSync(path.join(root, 'src/data/routes.json'), 'utf8')) as Routes[];
}

function docFileOf(page: string, root: string): string {
  for (const ext of ['.md', '.mdx']) {
    const file = `docs/${page}${ext}`;
    try {
      readFileSync(path.join(root, file));
      return file;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`strapi-app/claims/${page}.test.ts backs no page: docs/${page}.md does not exist`);
}

/** The home page's table: every known defect, with its page and its test (`root`: the repository). */
export function defectsTable(claims: ExecutedClaim[], root = ROOT): MdNode {
  const byFile = new Map(routes(root).map((r) => [r.file, r]));
  const cell = (children: MdNode[]): MdNode => ({ type: 'tableCell', children });
  const link = (url: string, children: MdNode[]): MdNode => ({ type: 'link', url, children }) as MdNode;
  const rows = claims
    .filter((c) => c.kind === 'defect')
    .map((c) => {
      const file = docFileOf(c.page, root);
      const route = byFile.get(file);
      if (!route) throw new Error(`${file} is not in src/data/routes.json`);
      return {
        type: 'tableRow',
        children: [
          cell([link(route.route, [text(route.title)])]),
          cell(inline(c.summary ?? '')),
          cell([link(testUrl(c), [{ type: 'inlineCode', value: `${path.basename(c.testFile)}:${c.line}` }])]),
        ],
      } as MdNode;
    });
  return {
    type: 'table',
    align: [null, null, null],
    children: [
      { type: 'tableRow', children: [cell([text('Page')]), cell([text('Defect')]), cell([text('Reproducing test')])] } as MdNode,
      ...rows,
    ],
  } as MdNode;
}

/** Replaces the first leaf directive `::name` of the tree by what `by()` returns; false when there is none. */
export function replaceDirective(tree: MdNode, name: string, by: () => MdNode): boolean {
  const children = tree.children ?? [];
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c.type === 'leafDirective' && c.name === name) {
      children.splice(i, 1, by());
      return true;
    }
    if (replaceDirective(c, name, by)) return true;
  }
  return false;
}

/** "7 statements", "1 statement". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function footerText(claims: ExecutedClaim[]): string {
  const verified = claims.filter((c) => c.kind === 'claim').length;
  const defects = claims.length - verified;
  const what = [
    ...(verified > 0 ? [`${count(verified, 'statement', 'statements')} on this page verified`] : []),
    ...(defects > 0 ? [`${count(defects, 'known defect', 'known defects')} reproduced`] : []),
  ].join(', and ');
  return `Executed on Strapi ${STRAPI_VERSION}: ${what}. Each one's mark links to its test in `;
}

function footerParagraph(claims: ExecutedClaim[]): MdNode {
  const file = claims[0].testFile;
  return {
    type: 'paragraph',
    data: { hProperties: { className: ['claims-count'] } },
    children: [
      text(footerText(claims)),
      { type: 'link', url: `${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/${file}`, children: [{ type: 'inlineCode', value: file }] } as MdNode,
      text('.'),
    ],
  } as MdNode;
}

interface VFileLike {
  path?: string;
  history?: string[];
}

export interface Options {
  /** Throw on a claim that cannot be placed (production builds); otherwise warn. */
  strict?: boolean;
  /** The repository whose docs/, strapi-app/claims/ and src/data/routes.json are read (tests plant one). */
  root?: string;
}

export default function remarkExecutedClaims(options: Options = {}) {
  const strict = options.strict ?? process.env.NODE_ENV === 'production';
  const root = options.root ?? ROOT;
  return (tree: MdNode, file: VFileLike) => {
    const filePath = file.path ?? file.history?.[0];
    if (!filePath) return;
    const rel = path.relative(root, filePath).split(path.sep).join('/');
    if (!rel.startsWith('docs/')) return;
    const all = loadClaims(root);
    if (rel === 'docs/index.mdx') replaceDirective(tree, 'known-defects', () => defectsTable(all, root));
    const page = pageKeyOfDoc(rel);
    const claims = all.filter((c) => c.page === page);
    if (claims.length === 0) return;
    const problems: string[] = [];
    for (const claim of [...claims].reverse()) {
      try {
        const location = locate(tree, claim.says);
        if (claim.kind === 'defect' && !location.headings.includes(KNOWN_DEFECTS_HEADING)) {
          throw new LocateError(`a defect's text must be under the heading "${KNOWN_DEFECTS_HEADING}"`);
        }
        insertAt(location, [markNode(claim)]);
      } catch (error) {
        if (!(error instanceof LocateError)) throw error;
        problems.push(`${rel}: claim ${claim.fullId} (${claim.testFile}:${claim.line}): ${error.message}`);
      }
    }
    if (problems.length && strict) throw new Error(`Executed claims that cannot be placed:\n${problems.join('\n')}`);
    for (const p of problems) console.warn(`[executed-claims] ${p}`);
    const footer = (tree.children ?? []).find(
      (n) =>
        n.type === 'mdxJsxFlowElement' &&
        (n as { attributes?: Array<{ name: string; value: string }> }).attributes?.some(
          (a) => a.name === 'className' && a.value === 'source-footer',
        ),
    );
    const paragraph = footerParagraph(claims);
    if (footer) (footer.children ?? (footer.children = [])).push(paragraph);
    else (tree.children ?? (tree.children = [])).push(paragraph);
  };
}
