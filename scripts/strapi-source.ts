/**
 * `npm run strapi-source`: rebuilds the exact source of the pinned Strapi release (and of the three
 * packages that left the monorepo) from the npm registry, so that every machine reads the same
 * ground truth.
 *
 * For each package of src/config/strapi.ts it runs `npm pack <name>@<version>`, unpacks the
 * tarball under `.cache/strapi-source/packages/<name>@<version>/` (kept: the `.d.ts` files and the
 * helper plugin's `dist/` code are read from there), and writes every source map's
 * `sourcesContent` at its path in the repository (`repository.directory` of the package's
 * package.json + the source's path inside the package) under
 * `.cache/strapi-source/<owner>__<repo>@<version>/`. The package's own top-level files
 * (package.json, README.md, ...) go there too. A `manifest.json` per tree lists every file, the
 * package it came from and whether its content is known (the helper plugin's maps name files
 * without their content).
 *
 * A package already in a tree's manifest is skipped, so a second run needs no network.
 * `STRAPI_VERSION=5.x.y npm run strapi-source` rebuilds another release beside the pinned one.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { promisify } from 'node:util';
import { STRAPI_VERSION, sourcePackages, sourceTrees, treeDirName, type SourcePackage, type SourceTree } from '../src/config/strapi';

const run = promisify(execFile);

/**
 * The cache: `.cache/strapi-source/` of this checkout, or `STRAPI_SOURCE_CACHE`. A copy of the
 * repository made inside it (a mutation-testing sandbox under `.cache/stryker/`, which does not copy
 * `.cache/`) reads the cache of the checkout around it.
 */
export const CACHE_DIR = process.env.STRAPI_SOURCE_CACHE ?? cacheDir(join(__dirname, '..'));

function cacheDir(root: string): string {
  const own = join(root, '.cache', 'strapi-source');
  for (let dir = dirname(root); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(own)) break;
    const outer = join(dir, '.cache', 'strapi-source');
    if (existsSync(join(outer, 'tarballs'))) return outer;
  }
  return own;
}

export interface ManifestEntry {
  /** The package the file came from. */
  package: string;
  /** False when the source map names the file without its content. */
  content: boolean;
  /**
   * For a file without content: its declaration in the unpacked package (`dist/...d.ts`). A
   * module that only re-exports (an `index.ts`) compiles to an empty source map, so it is known
   * from its declaration alone (as `<name>.ts`).
   */
  declaration?: string;
}

export interface TreeManifest {
  repo: string;
  version: string;
  /** Packages written into this tree, with their `repository.directory`. */
  packages: Record<string, { directory: string; files: number }>;
  /** Packages not published at this version (only allowed for a release other than the pin). */
  unpublished?: string[];
  files: Record<string, ManifestEntry>;
}

export function treeDir(tree: SourceTree): string {
  return join(CACHE_DIR, treeDirName(tree));
}

export function readManifest(tree: SourceTree): TreeManifest | null {
  const file = join(treeDir(tree), 'manifest.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as TreeManifest;
}

/** Every file under a folder (none when it does not exist). */
export function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

async function packOne(pkg: SourcePackage, tarballs: string): Promise<string> {
  const spec = `${pkg.name}@${pkg.tree.version}`;
  const cached = join(tarballs, `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.tree.version}.tgz`);
  if (existsSync(cached)) return cached;
  const { stdout } = await run('npm', ['pack', spec, '--json', '--silent', '--pack-destination', tarballs], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const info = JSON.parse(stdout) as Array<{ filename: string }>;
  return join(tarballs, info[0].filename);
}

/** Unpacks one package and writes its sources into the tree. Returns the files written. */
async function extractOne(pkg: SourcePackage, tarball: string, manifest: TreeManifest): Promise<number> {
  const unpackRoot = join(CACHE_DIR, 'packages', `${pkg.name.replace('/', '__')}@${pkg.tree.version}`);
  rmSync(unpackRoot, { recursive: true, force: true });
  mkdirSync(unpackRoot, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', unpackRoot, '--strip-components=1']);

  const pkgJson = JSON.parse(readFileSync(join(unpackRoot, 'package.json'), 'utf8')) as {
    repository?: { directory?: string } | string;
  };
  const directory =
    typeof pkgJson.repository === 'object' && pkgJson.repository.directory ? pkgJson.repository.directory.replace(/\/$/, '') : '';
  const root = treeDir(pkg.tree);
  let written = 0;

  const put = (repoPath: string, content: string | null, declaration?: string) => {
    const existing = manifest.files[repoPath];
    if (existing?.content && content === null) return;
    manifest.files[repoPath] = { package: pkg.name, content: content !== null, ...(declaration ? { declaration } : {}) };
    if (content !== null) {
      const target = join(root, repoPath);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    written++;
  };

  for (const file of walk(unpackRoot)) {
    const rel = relative(unpackRoot, file).split('\\').join('/');
    const repoPath = (p: string) => (directory ? `${directory}/${p}` : p);
    if (rel.endsWith('.map')) {
      let map: { sources?: string[]; sourcesContent?: Array<string | null>; sourceRoot?: string };
      try {
        map = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      (map.sources ?? []).forEach((source, i) => {
        if (/^(webpack|data):/.test(source) || source.includes('node_modules')) return;
        const inPackage = posix.normalize(posix.join(posix.dirname(rel), map.sourceRoot ?? '', source));
        if (inPackage.startsWith('..') || inPackage.startsWith('/')) return;
        put(repoPath(inPackage), map.sourcesContent?.[i] ?? null);
      });
    } else if (!rel.startsWith('dist/')) {
      // The package's own files (package.json, README.md, LICENSE, bin scripts, JSON data) exist at
      // the same place in the repository.
      put(repoPath(rel), readFileSync(file, 'utf8'));
    }
  }
  // Modules whose source maps are empty (pure re-exports) or hold no content (type-only files):
  // known from their declarations, which mirror the source folders under dist/.
  const inPackage = (p: string) => (directory ? p.slice(directory.length + 1) : p);
  const known = Object.keys(manifest.files)
    .filter((f) => manifest.files[f].package === pkg.name)
    .map(inPackage);
  const knownDirs = new Set(known.map((f) => posix.dirname(f)));
  const knownStems = new Map(known.map((f) => [f.replace(/\.(tsx?|jsx?|mjs|cjs)$/, ''), f]));
  for (const file of walk(join(unpackRoot, 'dist'))) {
    const rel = relative(unpackRoot, file).split('\\').join('/');
    if (!rel.endsWith('.d.ts')) continue;
    const stem = rel.slice('dist/'.length, -'.d.ts'.length);
    const existing = knownStems.get(stem);
    if (existing) {
      const entry = manifest.files[directory ? `${directory}/${existing}` : existing];
      if (!entry.content) entry.declaration = rel;
      continue;
    }
    if (!knownDirs.has(posix.dirname(stem))) continue;
    put(directory ? `${directory}/${stem}.ts` : `${stem}.ts`, null, rel);
  }
  manifest.packages[pkg.name] = { directory, files: written };
  return written;
}

/**
 * Packs and unpacks what the trees of `strapiVersion` still lack. A package missing from the
 * registry fails the pin; for another release (drift check) it is recorded as unpublished there,
 * so that its files count as gone.
 */
export async function buildSourceTrees(strapiVersion: string = STRAPI_VERSION, log = console.log): Promise<void> {
  const tarballs = join(CACHE_DIR, 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  const manifests = new Map<string, TreeManifest>();
  for (const tree of sourceTrees(strapiVersion)) {
    const m = readManifest(tree) ?? { repo: tree.repo, version: tree.version, packages: {}, files: {} };
    manifests.set(treeDirName(tree), m);
  }
  const todo = sourcePackages(strapiVersion).filter((p) => {
    const m = manifests.get(treeDirName(p.tree))!;
    return !m.packages[p.name] && !m.unpublished?.includes(p.name);
  });
  if (todo.length === 0) {
    log(`strapi-source: every package is cached under ${relative(process.cwd(), CACHE_DIR)} (no network needed)`);
    return;
  }
  log(`strapi-source: packing ${todo.length} package(s) from the npm registry`);
  // npm pack in parallel (network bound), extraction one at a time (it writes the manifests).
  const queue = [...todo];
  const packed: Array<{ pkg: SourcePackage; tarball: string }> = [];
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
        try {
          packed.push({ pkg, tarball: await packOne(pkg, tarballs) });
        } catch (error) {
          const e = error as Error & { stdout?: string; stderr?: string };
          const notFound = /E404|ETARGET|No matching version/i.test(`${e.message} ${e.stdout ?? ''} ${e.stderr ?? ''}`);
          if (notFound && pkg.tree.version !== STRAPI_VERSION && pkg.tree.repo === 'strapi/strapi') {
            const m = manifests.get(treeDirName(pkg.tree))!;
            m.unpublished = [...(m.unpublished ?? []), pkg.name];
            log(`  ${pkg.name}@${pkg.tree.version}: not published at this version; its files count as gone`);
          } else {
            failures.push(`${pkg.name}@${pkg.tree.version}: ${(error as Error).message.split('\n')[0]}`);
          }
        }
      }
    }),
  );
  for (const { pkg, tarball } of packed) {
    const manifest = manifests.get(treeDirName(pkg.tree))!;
    const n = await extractOne(pkg, tarball, manifest);
    log(`  ${pkg.name}@${pkg.tree.version} -> ${manifest.packages[pkg.name].directory || '(root)'}: ${n} files`);
  }
  for (const [name, manifest] of manifests) {
    mkdirSync(join(CACHE_DIR, name), { recursive: true });
    writeFileSync(join(CACHE_DIR, name, 'manifest.json'), JSON.stringify(manifest, null, 1));
  }
  if (failures.length > 0) {
    throw new Error(`strapi-source: could not pack:\n  ${failures.join('\n  ')}`);
  }
}

if (require.main === module) {
  const version = process.env.STRAPI_VERSION || STRAPI_VERSION;
  buildSourceTrees(version).then(
    () => {
      for (const tree of sourceTrees(version)) {
        const m = readManifest(tree);
        const files = m ? Object.values(m.files) : [];
        console.log(
          `  ${tree.repo}@v${tree.version}: ${files.length} files (${files.filter((f) => f.content).length} with content) in ${relative(process.cwd(), treeDir(tree))}`,
        );
      }
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
