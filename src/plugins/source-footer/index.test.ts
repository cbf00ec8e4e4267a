/**
 * The "Checked against" footer (src/plugins/source-footer): the release it names, and each file the
 * page cites with the line ranges its links name, each linked at its tag.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import remarkSourceFooter from './index';
import { STRAPI_VERSION } from '../../config/strapi';
import type { MdNode } from '../../sources/claims';

let parse: (markdown: string) => MdNode & { children: MdNode[] };
let toMarkdown: (tree: MdNode) => string;

before(async () => {
  const { unified } = await import('unified');
  const remarkParse = (await import('remark-parse')).default;
  const remarkGfm = (await import('remark-gfm')).default;
  const remarkMdx = (await import('remark-mdx')).default;
  const remarkStringify = (await import('remark-stringify')).default;
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).use(remarkStringify);
  parse = (markdown) => processor.parse(markdown) as unknown as MdNode & { children: MdNode[] };
  toMarkdown = (tree) => processor.stringify(tree as never).trim();
});

function footerOf(markdown: string, frontMatter?: Record<string, unknown>): string {
  const tree = parse(markdown);
  const before = tree.children.length;
  remarkSourceFooter()(tree, { data: frontMatter ? { frontMatter } : {} });
  assert.equal(tree.children.length, before + 1);
  const aside = tree.children[before] as MdNode & { name?: string; attributes?: Array<{ name: string; value: string }> };
  assert.equal(aside.type, 'mdxJsxFlowElement');
  assert.equal(aside.name, 'aside');
  assert.deepEqual(aside.attributes, [
    { type: 'mdxJsxAttribute', name: 'className', value: 'source-footer' },
    { type: 'mdxJsxAttribute', name: 'aria-label', value: 'Sources' },
  ]);
  // The statement, then the list of files when there is one.
  assert.deepEqual(
    aside.children?.map((c) => c.type),
    /cites no source file/.test(toMarkdown({ type: 'root', children: aside.children })) ? ['paragraph'] : ['paragraph', 'list'],
  );
  return toMarkdown({ type: 'root', children: aside.children });
}

const V = STRAPI_VERSION;
const T = `https://github.com/strapi/strapi/blob/v${V}`;

test('each file once, with the line ranges the page cites, sorted, each linked', () => {
  const md = [
    `[\`a\`](${T}/packages/x/a.ts#L20-L30) and [\`b\`](${T}/packages/x/a.ts#L3) and [\`a.ts\`](${T}/packages/x/a.ts)`,
    '',
    `[again](${T}/packages/x/a.ts#L20-L30) [\`b.ts\`](${T}/packages/x/b.ts) \`packages/x/c\``,
    '',
    `[h](https://github.com/strapi/strapi/blob/v4.26.2/packages/core/helper-plugin/src/x.ts#L5-L6) [p](https://github.com/strapi/pack-up/tree/v5.1.1)`,
  ].join('\n');
  assert.equal(
    footerOf(md),
    [
      `**Checked against Strapi ${V}, @strapi/helper-plugin 4.26.2, @strapi/pack-up 5.1.1**. The source files this page cites, at their release tags:`,
      '',
      `* [\`packages/x/a.ts\`](${T}/packages/x/a.ts): [L3](${T}/packages/x/a.ts#L3), [L20-L30](${T}/packages/x/a.ts#L20-L30)`,
      `* [\`packages/x/b.ts\`](${T}/packages/x/b.ts)`,
      `* [\`packages/x/c\`](https://github.com/strapi/strapi/tree/v${V}/packages/x/c)`,
      '* [`packages/core/helper-plugin/src/x.ts`](https://github.com/strapi/strapi/blob/v4.26.2/packages/core/helper-plugin/src/x.ts) (v4.26.2): [L5-L6](https://github.com/strapi/strapi/blob/v4.26.2/packages/core/helper-plugin/src/x.ts#L5-L6)',
      '* [`pack-up`](https://github.com/strapi/pack-up/tree/v5.1.1)',
    ].join('\n'),
  );
});

test('a page citing nothing says so; the release comes from the frontmatter', () => {
  assert.equal(footerOf('Just prose.', { strapi: '9.9.9' }), '**Checked against Strapi 9.9.9**. This page cites no source file.');
  assert.equal(footerOf('Just prose.'), `**Checked against Strapi ${V}**. This page cites no source file.`);
  assert.equal(footerOf('Just prose.', {}), `**Checked against Strapi ${V}**. This page cites no source file.`);
});

test('a tree is named as Strapi only for the monorepo at the pin, as a package only at its own version', () => {
  const md = [
    `[a](https://github.com/strapi/other/blob/v${V}/a.ts)`,
    '[b](https://github.com/strapi/pack-up/blob/v9.9.9/b.ts)',
    '[c](https://github.com/strapi/another/blob/v5.1.1/c.ts)',
  ].join(' ');
  assert.match(
    footerOf(md),
    new RegExp(
      `^\\*\\*Checked against Strapi ${V.replace(/\./g, '\\.')}, strapi/other ${V.replace(/\./g, '\\.')}, strapi/pack-up 9\\.9\\.9, strapi/another 5\\.1\\.1\\*\\*`,
    ),
  );
});

test('a tree outside the known packages is named by its repository', () => {
  const md = '[x](https://github.com/strapi/sdk-plugin/blob/v6.1.1/src/a.ts#L1) [y](https://github.com/strapi/other/blob/v1.0.0/z.ts)';
  const footer = footerOf(md);
  assert.match(footer, /^\*\*Checked against Strapi [\d.]+, @strapi\/sdk-plugin 6\.1\.1, strapi\/other 1\.0\.0\*\*/);
  assert.ok(
    footer.includes(
      '* [`sdk-plugin/src/a.ts`](https://github.com/strapi/sdk-plugin/blob/v6.1.1/src/a.ts): [L1](https://github.com/strapi/sdk-plugin/blob/v6.1.1/src/a.ts#L1)',
    ),
    footer,
  );
});
