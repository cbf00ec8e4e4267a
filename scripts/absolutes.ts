/**
 * `npm run lint:absolutes [-- docs/page.md ...]`: the absolutes a page states without proof.
 *
 * An absolute ("only", "never", "always", "cannot", "safe", "every", "all", "none"...) is one more
 * branch away from being wrong, so it stands only with proof in the same sentence: the mark of an
 * executed claim placed after that sentence (a test that runs it on Strapi 5.54.0), or a link to
 * the source lines that make it true (`blob/v5.54.0/<path>#L<a>-L<b>`). In a table, the unit is the
 * row: a claim or a cited line anywhere in the row proves the row's absolutes.
 *
 * Without arguments it reports every page; the server-side pages (src/data/server-pages.ts) must
 * have none (scripts/absolutes.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { blockText, blocksOf, locate, LocateError, sentencesOf, type BlockText, type MdNode } from '../src/plugins/executed-claims/locate';
import { loadClaims, pageKeyOfDoc } from '../src/plugins/executed-claims/manifest';
import { createParser } from './check-sources';
import { ROOT, readDocs } from './docs';

/** The words that make a statement absolute; matched whole, case-insensitively, outside code. */
export const ABSOLUTE_WORDS = [
  'only',
  'never',
  'always',
  'cannot',
  "can't",
  'safe',
  'safely',
  'every',
  'everything',
  'all',
  'none',
  'nothing',
  'nobody',
  'impossible',
  'guaranteed',
  'guarantees',
  'whatever',
];

const WORD = new RegExp(`(?<![\\w'-])(${ABSOLUTE_WORDS.map((w) => w.replace(/'/g, "[']")).join('|')})(?![\\w'-])`, 'gi');
/** A link to lines of a source file at a release tag. */
const CITED_LINES = /\/blob\/v\d+\.\d+\.\d+\/[^#\s]+#L\d+(-L\d+)?$/;

export interface Absolute {
  file: string;
  line: number;
  word: string;
  sentence: string;
}

function rowOf(tree: MdNode, cell: MdNode): MdNode | undefined {
  let found: MdNode | undefined;
  const walk = (node: MdNode) => {
    if (found) return;
    if (node.type === 'tableRow' && node.children?.includes(cell)) found = node;
    else for (const c of node.children ?? []) walk(c);
  };
  walk(tree);
  return found;
}

function citesLines(bt: BlockText, from: number, to: number): boolean {
  for (let i = from; i <= to; i++) if (bt.pieces[i]?.link && CITED_LINES.test(bt.pieces[i].link ?? '')) return true;
  return false;
}

/** The unproven absolutes of one page, given the `says` of the page's executed claims. */
export function absolutesOfPage(file: string, tree: MdNode, says: string[], lineOffset = 0): Absolute[] {
  // Where each claim's mark goes: block and the character it follows.
  const marks: Array<{ block: MdNode; end: number }> = [];
  for (const s of says) {
    try {
      const location = locate(tree, s);
      marks.push({ block: location.block, end: location.end });
    } catch (error) {
      if (!(error instanceof LocateError)) throw error;
    }
  }
  const out: Absolute[] = [];
  for (const block of blocksOf(tree)) {
    const bt = blockText(block);
    const absolutes = [...bt.text.matchAll(WORD)].filter((m) => !bt.pieces[m.index ?? 0].code);
    if (absolutes.length === 0) continue;
    const line = (block.position?.start.line ?? 0) + lineOffset;
    if (block.type === 'tableCell') {
      const row = rowOf(tree, block);
      const cells = row?.children ?? [block];
      const proven = cells.some(
        (cell) => marks.some((m) => m.block === cell) || citesLines(blockText(cell), 0, blockText(cell).text.length - 1),
      );
      if (!proven) for (const m of absolutes) out.push({ file, line, word: m[0], sentence: bt.text });
      continue;
    }
    for (const [start, end] of sentencesOf(bt)) {
      const inSentence = absolutes.filter((m) => (m.index ?? 0) >= start && (m.index ?? 0) <= end);
      if (inSentence.length === 0) continue;
      const proven = marks.some((m) => m.block === block && m.end === end) || citesLines(bt, start, end);
      if (!proven) for (const m of inSentence) out.push({ file, line, word: m[0], sentence: bt.text.slice(start, end + 1) });
    }
  }
  return out;
}

/** The unproven absolutes of the given pages (all docs when none). */
export async function absolutes(files?: string[]): Promise<Absolute[]> {
  const parse = await createParser();
  const claims = loadClaims(ROOT);
  const docs = readDocs().filter((d) => !files || files.includes(d.file));
  return docs.flatMap((doc) => {
    const raw = readFileSync(path.join(ROOT, doc.file), 'utf8');
    const { content } = matter(raw);
    const offset = raw.slice(0, raw.length - content.length).split('\n').length - 1;
    const tree = parse(content, doc.file.endsWith('.mdx')) as unknown as MdNode;
    const says = claims.filter((c) => c.page === pageKeyOfDoc(doc.file)).map((c) => c.says);
    return absolutesOfPage(doc.file, tree, says, offset);
  });
}

if (require.main === module) {
  const files = process.argv.slice(2);
  absolutes(files.length ? files : undefined).then((found) => {
    for (const a of found) console.log(`${a.file}:${a.line}: "${a.word}": ${a.sentence}`);
    const pages = new Set(found.map((a) => a.file)).size;
    console.log(`${found.length} unproven absolutes on ${pages} pages`);
  });
}
