/**
 * Which identifiers a source link names (docs-dev/ground-truth.md, "Which identifiers a link
 * names"): the member it stands for on an Exports page, else its code text, else the code spans of
 * its sentence (its table row) that occur in the file, else, on an Exports page, the page's symbol
 * when the file declares it. A link naming none speaks of the file as a whole.
 */
import { identifierOf, type CitedLink } from '../../src/sources/claims';
import type { SourceText } from './anchors';

export interface LinkNames {
  names: string[];
  from: 'member' | 'code' | 'sentence' | 'page' | 'none';
}

/**
 * Whether a link's text is the file's path: the path, or its end after a `/` (`components/Table.tsx`),
 * with or without the file's extension, and for an `index` file its folder, as an import names it
 * (`providers/local-destination`). Backticks and a trailing `/` do not count.
 */
export function isPathText(text: string, path: string): boolean {
  const t = text.trim().replace(/^`|`$/g, '').replace(/\/$/, '');
  if (!t) return false;
  const forms = [path, path.replace(/\.\w+$/, ''), path.replace(/\/index\.\w+$/, '')];
  return forms.some((f) => f === t || f.endsWith(`/${t}`));
}

/** A file name, by its extension (`Table.tsx`), as opposed to a dotted identifier (`strapi.db.query`). */
const FILE_NAME = /\.(?:[cm]?[jt]sx?|json|mdx?|ya?ml|css|html)$/;

/** The identifiers a link names in a file; `pageSymbol` is an Exports page's symbol (`Table.BodyProps`). */
export function namesOf(link: CitedLink, source: SourceText, pageSymbol: string | null = null): LinkNames {
  if (link.member) return { names: [link.member], from: 'member' };
  // Code text that is an identifier names it, even when it is also the file's name
  // ([`useRBAC`](.../useRBAC.ts)); the path written with its extension does not.
  const id = link.code !== null && !FILE_NAME.test(link.code.trim()) ? identifierOf(link.code) : null;
  if (id && (source.occursIn(id) || !isPathText(link.code!, link.path))) return { names: [id], from: 'code' };
  // On an Exports page, the page's symbol leads when the file declares it.
  const symbol = pageSymbol?.split('.').pop();
  const own = symbol && source.declarationsOf(symbol).length > 0 ? [symbol] : [];
  const inFile = link.context.filter((n) => n !== symbol && source.occursIn(n));
  if (inFile.length > 0) return { names: [...own, ...inFile], from: 'sentence' };
  if (own.length > 0) return { names: own, from: 'page' };
  return { names: [], from: 'none' };
}
