/**
 * `npm run check:claims [-- <page> ...]`: places every executed claim's mark the way the build
 * does (src/plugins/executed-claims), without building: each claim's `says` must occur exactly
 * once on its page, a defect's under the "Known defects in <pin>" heading. Prints one line per
 * problem and exits 1 on any; in about a second, while writing a page or a claims file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { KNOWN_DEFECTS_HEADING } from '../src/plugins/executed-claims';
import { LocateError, insertAt, locate, type MdNode } from '../src/plugins/executed-claims/locate';
import { loadClaims, type ExecutedClaim } from '../src/plugins/executed-claims/manifest';
import { createParser } from './check-sources';
import { ROOT } from './docs';

export async function checkClaims(claims: ExecutedClaim[]): Promise<string[]> {
  const parse = await createParser();
  const problems: string[] = [];
  const pages = [...new Set(claims.map((c) => c.page))];
  for (const page of pages) {
    const file = ['.md', '.mdx']
      .map((ext) => `docs/${page}${ext}`)
      .find((f) => {
        try {
          readFileSync(path.join(ROOT, f));
          return true;
        } catch {
          return false;
        }
      });
    const own = claims.filter((c) => c.page === page);
    if (!file) {
      problems.push(...own.map((c) => `${c.testFile}:${c.line}: docs/${page}.md does not exist`));
      continue;
    }
    const tree = parse(matter(readFileSync(path.join(ROOT, file), 'utf8')).content, file.endsWith('.mdx')) as unknown as MdNode;
    for (const claim of [...own].reverse()) {
      try {
        const location = locate(tree, claim.says);
        if (claim.kind === 'defect' && !location.headings.includes(KNOWN_DEFECTS_HEADING)) {
          throw new LocateError(`a defect's text must be under the heading "${KNOWN_DEFECTS_HEADING}"`);
        }
        insertAt(location, [{ type: 'mdxJsxTextElement', name: 'a', children: [] }]);
      } catch (error) {
        if (!(error instanceof LocateError)) throw error;
        problems.push(`${claim.testFile}:${claim.line}: ${claim.fullId} on ${file}: ${error.message}`);
      }
    }
  }
  return problems;
}

if (require.main === module) {
  // A page key (`docs/core/database/intro`) or its file (`docs/docs/core/database/intro.md`).
  const wanted = process.argv.slice(2).map((a) => a.replace(/\.mdx?$/, ''));
  const all = loadClaims(ROOT);
  const claims = wanted.length ? all.filter((c) => wanted.some((w) => c.page === w || `docs/${c.page}` === w)) : all;
  checkClaims(claims).then((problems) => {
    for (const p of problems) console.log(p);
    const pages = new Set(claims.map((c) => c.page)).size;
    console.log(`${claims.length} executed claims on ${pages} page${pages === 1 ? '' : 's'}; ${problems.length} cannot be placed`);
    process.exit(problems.length ? 1 : 0);
  });
}
