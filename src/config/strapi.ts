/**
 * The ground truth the pages are held to: which published packages make up Strapi's source at the
 * pinned release, and the three packages that left the monorepo, each at its own pinned version.
 *
 * `npm run strapi-source` packs each package from the npm registry and writes the original
 * TypeScript held in its source maps at its path in its repository, under `.cache/strapi-source/`
 * (scripts/strapi-source.ts). `npm run check:sources` reads that tree (scripts/check-sources.ts).
 */
import { STRAPI_VERSION } from './site';

export { STRAPI_VERSION };

/** A repository at one tag: where a page's source links point and where its source is rebuilt. */
export interface SourceTree {
  /** GitHub repository, `owner/name`. */
  repo: string;
  /** Version without the `v`; the tag is `v<version>`. */
  version: string;
}

/** A package whose published tarball holds (part of) a source tree. */
export interface SourcePackage {
  name: string;
  tree: SourceTree;
  /**
   * For a package that left the monorepo but whose history stays in it: its folder there. A
   * monorepo path under this folder is read at this package's tag, not at the pin.
   */
  monorepoDir?: string;
}

export const MONOREPO = 'strapi/strapi';

/** The monorepo at the pinned release. */
export const STRAPI_TREE: SourceTree = { repo: MONOREPO, version: STRAPI_VERSION };

/**
 * Every `@strapi/*` package of the monorepo published at the pin whose source a page may cite.
 * (Private workspace packages, such as `packages/utils/tsconfig`, are not published: see
 * src/data/unpublished-sources.ts.)
 */
export const STRAPI_PACKAGES = [
  '@strapi/admin',
  '@strapi/cloud-cli',
  '@strapi/content-manager',
  '@strapi/content-releases',
  '@strapi/content-type-builder',
  '@strapi/core',
  '@strapi/data-transfer',
  '@strapi/database',
  '@strapi/email',
  '@strapi/generators',
  '@strapi/i18n',
  '@strapi/logger',
  '@strapi/openapi',
  '@strapi/permissions',
  '@strapi/plugin-cloud',
  '@strapi/plugin-color-picker',
  '@strapi/plugin-documentation',
  '@strapi/plugin-graphql',
  '@strapi/plugin-sentry',
  '@strapi/plugin-users-permissions',
  '@strapi/provider-email-sendmail',
  '@strapi/provider-upload-local',
  '@strapi/review-workflows',
  '@strapi/strapi',
  '@strapi/types',
  '@strapi/typescript-utils',
  '@strapi/upgrade',
  '@strapi/upload',
  '@strapi/utils',
  'create-strapi',
  'create-strapi-app',
] as const;

/**
 * Packages that left the monorepo, described at their own last published versions.
 * - `@strapi/helper-plugin`: the v4 admin helper library; its last 4.x release is 4.26.2, from the
 *   monorepo's `v4.26.2` tag. Its maps name the files but hold no content: read its `dist/` code.
 * - `@strapi/pack-up`: the package bundler, now in its own repository.
 * - `@strapi/sdk-plugin`: the `strapi-plugin` CLI that replaced the `strapi plugin:*` commands.
 */
export const EXTERNAL_PACKAGES: SourcePackage[] = [
  { name: '@strapi/helper-plugin', tree: { repo: MONOREPO, version: '4.26.2' }, monorepoDir: 'packages/core/helper-plugin' },
  { name: '@strapi/pack-up', tree: { repo: 'strapi/pack-up', version: '5.1.1' } },
  { name: '@strapi/sdk-plugin', tree: { repo: 'strapi/sdk-plugin', version: '6.1.1' } },
];

/** Every source tree a page may cite: the monorepo at the pin, then the external packages'. */
export function sourceTrees(strapiVersion: string = STRAPI_VERSION): SourceTree[] {
  const trees: SourceTree[] = [{ repo: MONOREPO, version: strapiVersion }];
  for (const pkg of EXTERNAL_PACKAGES) {
    if (!trees.some((t) => t.repo === pkg.tree.repo && t.version === pkg.tree.version)) {
      trees.push(pkg.tree);
    }
  }
  return trees;
}

/** All packages to pack for the given Strapi version. */
export function sourcePackages(strapiVersion: string = STRAPI_VERSION): SourcePackage[] {
  return [...STRAPI_PACKAGES.map((name) => ({ name, tree: { repo: MONOREPO, version: strapiVersion } })), ...EXTERNAL_PACKAGES];
}

/** The monorepo tree a `packages/...` path is read in: the pin, or the tag of a package that left. */
export function monorepoTreeOf(path: string, strapiVersion: string = STRAPI_VERSION): SourceTree {
  const left = EXTERNAL_PACKAGES.find((p) => p.monorepoDir && (path === p.monorepoDir || path.startsWith(`${p.monorepoDir}/`)));
  return left ? left.tree : { repo: MONOREPO, version: strapiVersion };
}

/** Lines of a file, 1-based and inclusive: what a `#L<start>-L<end>` anchor names. */
export interface LineRange {
  start: number;
  end: number;
}

/** `#L12` for one line, `#L12-L40` for several. */
export function lineAnchor(lines: LineRange): string {
  return lines.start === lines.end ? `#L${lines.start}` : `#L${lines.start}-L${lines.end}`;
}

/** The link to a file of a tree, at its tag, and to its lines when given. */
export function sourceUrl(tree: SourceTree, path: string, kind: 'blob' | 'tree' = 'blob', lines?: LineRange | null): string {
  return `https://github.com/${tree.repo}/${kind}/v${tree.version}${path ? `/${path}` : ''}${lines ? lineAnchor(lines) : ''}`;
}

/** The folder of a tree inside the source cache. */
export function treeDirName(tree: SourceTree): string {
  return `${tree.repo.replace('/', '__')}@${tree.version}`;
}

/**
 * Parses a GitHub link into a tree, a path and, for `#L12` or `#L12-L40`, the lines it names
 * (`hash` is the anchor as written, '' without one). Returns null for links that are not into a
 * file or folder of a repository (`blob/` or `tree/`).
 */
export function parseSourceUrl(
  url: string,
): { repo: string; ref: string; path: string; kind: 'blob' | 'tree'; lines: LineRange | null; hash: string } | null {
  const m = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/(blob|tree)\/([^/#?]+)\/?([^#?]*)(?:\?[^#]*)?(#.*)?$/.exec(url);
  if (!m) return null;
  const hash = m[5] ?? '';
  const l = /^#L(\d+)(?:-L(\d+))?$/.exec(hash);
  const lines = l ? { start: Number(l[1]), end: Number(l[2] ?? l[1]) } : null;
  return { repo: m[1], kind: m[2] as 'blob' | 'tree', ref: m[3], path: decodeURI(m[4]).replace(/\/$/, ''), lines, hash };
}
