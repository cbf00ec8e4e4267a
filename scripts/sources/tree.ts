/**
 * Reads a rebuilt source tree (scripts/strapi-source.ts): which paths exist, and the text of a
 * file. A type-only file, whose source map names it without content, is read through its `.d.ts`
 * in the package's `dist/`; a file with neither (the helper plugin's maps hold no content) is read
 * through the package's whole compiled `dist/` code.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SourceTree } from '../../src/config/strapi';
import { SourceText } from './anchors';
import { CACHE_DIR, readManifest, treeDir, walk, type TreeManifest } from '../strapi-source';

export class TreeReader {
  readonly manifest: TreeManifest;
  private readonly dirs = new Set<string>();
  private readonly texts = new Map<string, string>();
  private readonly distTexts = new Map<string, string>();
  private readonly sources = new Map<string, SourceText | null>();

  constructor(readonly tree: SourceTree) {
    const manifest = readManifest(tree);
    if (!manifest) {
      throw new Error(
        `No rebuilt source for ${tree.repo}@v${tree.version} in ${relative(process.cwd(), CACHE_DIR)}: run \`npm run strapi-source\`` +
          (tree.repo === 'strapi/strapi' ? ` (STRAPI_VERSION=${tree.version} for another release)` : ''),
      );
    }
    this.manifest = manifest;
    for (const file of Object.keys(manifest.files)) {
      const parts = file.split('/');
      for (let i = 1; i < parts.length; i++) this.dirs.add(parts.slice(0, i).join('/'));
    }
  }

  isFile(path: string): boolean {
    return path in this.manifest.files;
  }

  isDir(path: string): boolean {
    return this.dirs.has(path.replace(/\/$/, ''));
  }

  has(path: string): boolean {
    return this.isFile(path) || this.isDir(path);
  }

  /** Text of a file, or of every file under a folder; '' when unknown. */
  read(path: string): string {
    const cached = this.texts.get(path);
    if (cached !== undefined) return cached;
    let text = '';
    if (this.isFile(path)) text = this.readFile(path);
    else if (this.isDir(path)) {
      const prefix = `${path.replace(/\/$/, '')}/`;
      text = Object.keys(this.manifest.files)
        .filter((f) => f.startsWith(prefix))
        .map((f) => this.readFile(f))
        .join('\n');
    }
    this.texts.set(path, text);
    return text;
  }

  private readFile(path: string): string {
    const entry = this.manifest.files[path];
    if (entry.content) return readFileSync(join(treeDir(this.tree), path), 'utf8');
    const pkgDir = join(CACHE_DIR, 'packages', `${entry.package.replace('/', '__')}@${this.tree.version}`);
    if (entry.declaration) return readFileSync(join(pkgDir, entry.declaration), 'utf8');
    // No content and no declaration at the file's own place under dist/ (the manifest records that
    // one, scripts/strapi-source.ts): the package's whole compiled code stands for it.
    let dist = this.distTexts.get(pkgDir);
    if (dist === undefined) {
      dist = walk(join(pkgDir, 'dist'))
        .filter((f) => /\.(js|mjs|d\.ts)$/.test(f))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
      this.distTexts.set(pkgDir, dist);
    }
    return dist;
  }

  /**
   * A file as it is in the repository, for its lines; null for a folder, an unknown path, or a file
   * whose source map names it without content (its lines are not known).
   */
  source(path: string): SourceText | null {
    let source = this.sources.get(path);
    if (source === undefined) {
      const entry = this.manifest.files[path];
      source = entry?.content ? new SourceText(path, readFileSync(join(treeDir(this.tree), path), 'utf8')) : null;
      this.sources.set(path, source);
    }
    return source;
  }

  /** Every file path, for comparing two releases. */
  files(): string[] {
    return Object.keys(this.manifest.files);
  }
}
