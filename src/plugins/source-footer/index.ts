/**
 * Remark plugin: ends every doc with an aside saying which release the page was checked against
 * ("Checked against Strapi 5.54.0", from the page's `strapi` frontmatter, which the docs lint
 * requires) and listing the source files the page cites, each linked at its release tag and followed
 * by the line ranges the page's links name (`L12-L40`, each linked). The list comes from
 * src/sources/claims.ts, the same reading `npm run check:sources` holds to the source.
 */
import { EXTERNAL_PACKAGES, MONOREPO, STRAPI_VERSION, lineAnchor, sourceUrl } from '../../config/strapi';
import { citedFiles, extractClaims, type MdNode } from '../../sources/claims';

interface VFileLike {
  data: { frontMatter?: Record<string, unknown> };
}

const text = (value: string): MdNode => ({ type: 'text', value });
const code = (value: string): MdNode => ({ type: 'inlineCode', value });
const attr = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });

/** "Strapi 5.54.0", or a moved package's name and version for trees outside the pin. */
function treeLabel(repo: string, version: string): string {
  if (repo === MONOREPO && version === STRAPI_VERSION) return `Strapi ${version}`;
  const pkg = EXTERNAL_PACKAGES.find((p) => p.tree.repo === repo && p.tree.version === version);
  return pkg ? `${pkg.name} ${version}` : `${repo} ${version}`;
}

export default function remarkSourceFooter() {
  return (tree: MdNode & { children: MdNode[] }, file: VFileLike) => {
    const version = String(file.data.frontMatter?.strapi ?? STRAPI_VERSION);
    const files = citedFiles(extractClaims(tree), version);
    const labels = [`Strapi ${version}`];
    for (const f of files) {
      const label = treeLabel(f.repo, f.version);
      if (!labels.includes(label)) labels.push(label);
    }
    const children: MdNode[] = [
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [text(`Checked against ${labels.join(', ')}`)] },
          text(files.length > 0 ? `. The source files this page cites, at their release tags:` : '. This page cites no source file.'),
        ],
      },
    ];
    if (files.length > 0) {
      children.push({
        type: 'list',
        ordered: false,
        spread: false,
        children: files.map((f) => ({
          type: 'listItem',
          spread: false,
          children: [
            {
              type: 'paragraph',
              children: [
                {
                  type: 'link',
                  url: sourceUrl({ repo: f.repo, version: f.version }, f.path, f.kind),
                  children: [code(f.repo === MONOREPO ? f.path : [f.repo.split('/')[1], f.path].filter(Boolean).join('/'))],
                },
                ...(f.repo === MONOREPO && f.version !== version ? [text(` (v${f.version})`)] : []),
                ...f.ranges.flatMap((r, i) => [
                  text(i === 0 ? ': ' : ', '),
                  {
                    type: 'link',
                    url: sourceUrl({ repo: f.repo, version: f.version }, f.path, f.kind, r),
                    children: [text(lineAnchor(r).slice(1))],
                  },
                ]),
              ],
            },
          ],
        })),
      } as MdNode);
    }
    tree.children.push({
      type: 'mdxJsxFlowElement',
      name: 'aside',
      attributes: [attr('className', 'source-footer'), attr('aria-label', 'Sources')],
      children,
    } as MdNode);
  };
}
