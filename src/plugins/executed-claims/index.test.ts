/**
 * The remark plugin on a real page and the real claims files: where the marks go, what they say and
 * link to, the footer's count, the home page's table of defects, and a claim that cannot be placed.
 * The page is docs/api/Cron.md, the one page Stryker's sandbox keeps (stryker.config.mjs).
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkMdx from 'remark-mdx';
import { DOCS_REPO_BRANCH, DOCS_REPO_URL, STRAPI_VERSION } from '../../config/site';
import remarkExecutedClaims, {
  KNOWN_DEFECTS_HEADING,
  defectsTable,
  footerText,
  markLabel,
  markNode,
  replaceDirective,
  testUrl,
} from './index';
import type { MdNode } from './locate';
import { loadClaims, type ExecutedClaim } from './manifest';

const ROOT = path.resolve(__dirname, '../../..');
const ALL = loadClaims(ROOT);
const parseMd = (md: string) => unified().use(remarkParse).use(remarkGfm).use(remarkDirective).parse(md) as unknown as MdNode;
const parseMdx = (md: string) =>
  unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).parse(md) as unknown as MdNode;

type Attr = { name: string; value: string };
/** The class names a node asks of the HTML (remark's `data.hProperties`). */
const classOf = (n: MdNode | undefined) =>
  (n as { data?: { hProperties?: { className?: string[] } } } | undefined)?.data?.hProperties?.className?.[0];
const attrs = (n: MdNode) => Object.fromEntries(((n as { attributes?: Attr[] }).attributes ?? []).map((a) => [a.name, a.value]));

/** Every node of the tree in document order, with the headings in force above it. */
function walk(tree: MdNode): Array<{ node: MdNode; heading: string | undefined }> {
  const out: Array<{ node: MdNode; heading: string | undefined }> = [];
  let heading: string | undefined;
  const text = (n: MdNode): string => n.value ?? (n.children ?? []).map(text).join('');
  const visit = (n: MdNode) => {
    if (n.type === 'heading') heading = text(n);
    out.push({ node: n, heading });
    for (const c of n.children ?? []) visit(c);
  };
  visit(tree);
  return out;
}

const marksOf = (tree: MdNode) => walk(tree).filter(({ node }) => node.type === 'mdxJsxTextElement' && attrs(node)['data-claim']);

function run(docFile: string, tree: MdNode, options = { strict: true }) {
  remarkExecutedClaims(options)(tree, { path: path.join(ROOT, docFile) });
  return tree;
}

const claim = (over: Partial<ExecutedClaim> = {}): ExecutedClaim =>
  ({
    kind: 'claim',
    page: 'api/X',
    id: 'x',
    fullId: 'api/X/x',
    says: 'x',
    testFile: 'strapi-app/claims/api/X.test.ts',
    line: 12,
    ...over,
  }) as ExecutedClaim;

test('a mark links to its test line and says whether it verifies or reproduces', () => {
  const c = claim();
  assert.equal(testUrl(c), `${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/strapi-app/claims/api/X.test.ts#L12`);
  assert.equal(markLabel(c), `Verified by running Strapi ${STRAPI_VERSION}: see the test (strapi-app/claims/api/X.test.ts, line 12)`);
  const d = claim({ kind: 'defect', line: 40 });
  assert.equal(
    markLabel(d),
    `Reproduced by running Strapi ${STRAPI_VERSION}: the test asserts what this release does (strapi-app/claims/api/X.test.ts, line 40)`,
  );
  const node = markNode(c);
  assert.equal(node.type, 'mdxJsxTextElement');
  assert.equal((node as { name?: string }).name, 'a');
  assert.deepEqual(attrs(node), {
    className: 'claim-mark',
    'data-claim': 'api/X/x',
    href: testUrl(c),
    title: markLabel(c),
    'aria-label': markLabel(c),
  });
  assert.equal(attrs(markNode(d)).className, 'claim-mark claim-mark--defect');
  assert.deepEqual(node.children, []);
});

test('the footer counts statements and defects, in the singular for one', () => {
  const start = `Executed on Strapi ${STRAPI_VERSION}: `;
  const end = ". Each one's mark links to its test in ";
  assert.equal(footerText([claim()]), `${start}1 statement on this page verified${end}`);
  assert.equal(footerText([claim(), claim()]), `${start}2 statements on this page verified${end}`);
  assert.equal(footerText([claim({ kind: 'defect' })]), `${start}1 known defect reproduced${end}`);
  assert.equal(
    footerText([claim(), claim({ kind: 'defect' }), claim({ kind: 'defect' })]),
    `${start}1 statement on this page verified, and 2 known defects reproduced${end}`,
  );
});

test("on a real page every claim of its file gets one mark, defects under the page's known defects heading", () => {
  const file = 'docs/api/Cron.md';
  const claims = ALL.filter((c) => c.page === 'api/Cron');
  assert.ok(claims.some((c) => c.kind === 'defect') && claims.some((c) => c.kind === 'claim'));
  const tree = run(file, parseMd(readFileSync(path.join(ROOT, file), 'utf8')));
  const marks = marksOf(tree);
  assert.deepEqual(marks.map(({ node }) => attrs(node)['data-claim']).sort(), claims.map((c) => c.fullId).sort());
  for (const { node, heading } of marks) {
    const c = claims.find((x) => x.fullId === attrs(node)['data-claim'])!;
    assert.equal(attrs(node).href, testUrl(c));
    if (c.kind === 'defect') assert.equal(heading, KNOWN_DEFECTS_HEADING, c.fullId);
  }
  const footer = (tree.children ?? []).at(-1)!;
  assert.equal(footer.type, 'paragraph');
  assert.deepEqual((footer as { data?: unknown }).data, { hProperties: { className: ['claims-count'] } });
  assert.equal(footer.children?.[0].value, footerText(claims));
  assert.equal((footer.children?.[1] as { url?: string }).url, `${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/${claims[0].testFile}`);
  assert.equal(footer.children?.[1].children?.[0].value, claims[0].testFile);
  assert.equal(footer.children?.[2].value, '.');
});

test('the footer paragraph goes inside the source footer when the page has one', () => {
  const file = 'docs/api/Cron.md';
  const tree = parseMdx(
    `${readFileSync(path.join(ROOT, file), 'utf8').replace(/^---[\s\S]*?---/, '')}\n\n<div className="source-footer">\n\nChecked against.\n\n</div>\n`,
  );
  run(file, tree);
  const footer = (tree.children ?? []).at(-1)!;
  assert.equal(footer.type, 'mdxJsxFlowElement');
  assert.equal(classOf(footer.children?.at(-1)), 'claims-count');
});

test('a claim whose text is not on its page fails a strict build and only warns otherwise', () => {
  const file = 'docs/api/Cron.md';
  const claims = ALL.filter((c) => c.page === 'api/Cron');
  assert.throws(
    () => run(file, parseMd('Nothing of the page is left.')),
    (error: Error) =>
      error.message.startsWith('Executed claims that cannot be placed:\n') &&
      claims.every((c) => error.message.includes(`docs/api/Cron.md: claim ${c.fullId} (${c.testFile}:${c.line}): `)),
  );
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => void warnings.push(message);
  try {
    const tree = run(file, parseMd('Nothing of the page is left.'), { strict: false });
    assert.equal(warnings.length, claims.length);
    assert.ok(warnings.every((w) => w.startsWith('[executed-claims] docs/api/Cron.md: claim ')));
    assert.equal(classOf((tree.children ?? []).at(-1)), 'claims-count', 'the footer is still added');
  } finally {
    console.warn = warn;
  }
});

test("a defect's text outside the known defects heading cannot be placed", () => {
  const file = 'docs/api/Cron.md';
  const source = readFileSync(path.join(ROOT, file), 'utf8').replace(`## ${KNOWN_DEFECTS_HEADING}`, '## Other notes');
  const defects = ALL.filter((c) => c.page === 'api/Cron' && c.kind === 'defect');
  assert.throws(
    () => run(file, parseMd(source)),
    (error: Error) =>
      defects.every((d) =>
        error.message.includes(`claim ${d.fullId} (${d.testFile}:${d.line}): a defect's text must be under the heading`),
      ),
  );
});

test('pages outside docs/, pages without claims and files without a path are left as they were', () => {
  const md = 'A sentence. Another.';
  for (const target of ['src/pages/index.md', 'docs/intro.md']) {
    const tree = parseMd(md);
    const before = JSON.stringify(tree);
    run(target, tree);
    assert.equal(JSON.stringify(tree), before, target);
  }
  const tree = parseMd(md);
  const before = JSON.stringify(tree);
  remarkExecutedClaims({ strict: true })(tree, {});
  assert.equal(JSON.stringify(tree), before);
});

test('the defects table: one row per defect in the given order, with its page, summary and test', () => {
  const defects = ALL.filter((c) => c.page === 'api/Cron' && c.kind === 'defect');
  assert.ok(defects.length >= 2);
  const table = defectsTable([...ALL.filter((c) => c.page === 'api/Cron' && c.kind === 'claim'), ...defects]);
  assert.equal(table.type, 'table');
  const cellText = (n: MdNode): string => n.value ?? (n.children ?? []).map(cellText).join('');
  const [header, ...rows] = table.children ?? [];
  assert.deepEqual(header.children?.map(cellText), ['Page', 'Defect', 'Reproducing test']);
  assert.equal(rows.length, defects.length, 'claims that are not defects get no row');
  const routes = JSON.parse(readFileSync(path.join(ROOT, 'src/data/routes.json'), 'utf8')) as Array<{
    file: string;
    route: string;
    title: string;
  }>;
  const route = routes.find((r) => r.file === 'docs/api/Cron.md')!;
  rows.forEach((row, i) => {
    const d = defects[i];
    const [page, defect, testCell] = row.children ?? [];
    assert.equal((page.children?.[0] as { url?: string }).url, route.route, d.fullId);
    assert.equal(cellText(page), route.title);
    assert.equal(cellText(defect), (d.summary ?? '').replaceAll('`', ''));
    assert.equal((testCell.children?.[0] as { url?: string }).url, testUrl(d));
    assert.equal(cellText(testCell), `${path.basename(d.testFile)}:${d.line}`);
  });
  const codeSpans = (d: ExecutedClaim) => (d.summary ?? '').split('`').length - 1;
  rows.forEach((row, i) =>
    assert.equal(
      (row.children?.[1].children ?? []).filter((n) => n.type === 'inlineCode').length,
      codeSpans(defects[i]) / 2,
      'each `code` span of the summary is inline code',
    ),
  );
});

test('the known-defects directive is replaced where it stands, the first one only', () => {
  const tree = parseMdx('# Home\n\n:::note\n\n::known-defects\n\n:::\n\n::known-defects\n\nAfter.\n');
  const table: MdNode = { type: 'table', children: [] };
  assert.equal(
    replaceDirective(tree, 'known-defects', () => table),
    true,
  );
  const note = (tree.children ?? [])[1];
  assert.equal(note.children?.[0], table, 'inside a container');
  assert.equal((tree.children ?? [])[2].type, 'leafDirective', 'the second one is left');
  assert.equal(
    replaceDirective(parseMdx('Nothing.'), 'known-defects', () => table),
    false,
  );
  assert.equal(
    replaceDirective(parseMdx('::other-directive'), 'known-defects', () => table),
    false,
  );
});

/** A repository with one page and its claims file (copies of docs/api/Cron.md and its claims), and the routes. */
function plantedRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'executed-claims-'));
  for (const file of ['docs/api/Cron.md', 'strapi-app/claims/api/Cron.test.ts', 'src/data/routes.json']) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(root, file));
  }
  return root;
}

test("the home page's directive becomes the table of the repository's defects; on another page it stays", () => {
  const root = plantedRoot();
  try {
    const home = parseMdx('# Home\n\n::known-defects\n\nAfter.\n');
    remarkExecutedClaims({ strict: true, root })(home, { path: path.join(root, 'docs/index.mdx') });
    const table = (home.children ?? [])[1];
    assert.equal(table.type, 'table');
    const defects = loadClaims(root).filter((c) => c.kind === 'defect');
    assert.equal((table.children ?? []).length, defects.length + 1);

    const source = readFileSync(path.join(root, 'docs/api/Cron.md'), 'utf8').replace(/^---[\s\S]*?---/, '');
    const page = parseMd(`${source}\n\n::known-defects\n`);
    // Through `history` (the path a vfile has when `path` is unset).
    remarkExecutedClaims({ strict: true, root })(page, { history: [path.join(root, 'docs/api/Cron.md')] });
    assert.ok(
      (page.children ?? []).some((n) => n.type === 'leafDirective' && n.name === 'known-defects'),
      'not replaced outside the home page',
    );
    assert.equal(marksOf(page).length, loadClaims(root).length, 'the marks are placed');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a summary with code at its ends gives inline code and no empty text; a defect without its page is refused', () => {
  const [defect] = ALL.filter((c) => c.page === 'api/Cron' && c.kind === 'defect');
  const table = defectsTable([{ ...defect, summary: '`a()` then `b`' }]);
  assert.deepEqual(table.children?.[1].children?.[1].children, [
    { type: 'inlineCode', value: 'a()' },
    { type: 'text', value: ' then ' },
    { type: 'inlineCode', value: 'b' },
  ]);
  assert.throws(
    () => defectsTable([{ ...defect, page: 'api/Gone' }]),
    new Error('strapi-app/claims/api/Gone.test.ts backs no page: docs/api/Gone.md does not exist'),
  );
});

test('strict by default in production builds, lenient otherwise', () => {
  const env = process.env.NODE_ENV;
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (message: string) => void warnings.push(message);
  try {
    process.env.NODE_ENV = 'production';
    assert.throws(() => remarkExecutedClaims()(parseMd('Nothing.'), { path: path.join(ROOT, 'docs/api/Cron.md') }), /cannot be placed/);
    process.env.NODE_ENV = 'development';
    remarkExecutedClaims()(parseMd('Nothing.'), { path: path.join(ROOT, 'docs/api/Cron.md') });
    assert.ok(warnings.length > 0);
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
    console.warn = warn;
  }
});

test('the footer paragraph joins the element whose className is source-footer, after what it holds', () => {
  const file = 'docs/api/Cron.md';
  const source = readFileSync(path.join(ROOT, file), 'utf8').replace(/^---[\s\S]*?---/, '');
  const tree = parseMdx(
    `${source}\n\n<div className="other">\n\nNot this.\n\n</div>\n\n<div data-role="source-footer">\n\nNor this.\n\n</div>\n\n<section>\n\nNo attributes.\n\n</section>\n\n<div className="source-footer">\n\nChecked against.\n\n</div>\n`,
  );
  run(file, tree);
  const elements = (tree.children ?? []).filter((n) => n.type === 'mdxJsxFlowElement');
  assert.deepEqual(
    elements.map((n) => (n.children ?? []).length),
    [1, 1, 1, 2],
  );
  const footer = elements[3];
  assert.equal(footer.children?.[0].type, 'paragraph');
  assert.equal(classOf(footer.children?.[1]), 'claims-count');
  assert.equal(footer.children?.[1].children?.[0].type, 'text');
  for (const { node } of marksOf(tree))
    for (const a of (node as { attributes?: Array<{ type: string }> }).attributes ?? []) assert.equal(a.type, 'mdxJsxAttribute');
});
