/**
 * The executed claims, read from the tests themselves: every `claim({...}, ...)` and
 * `defect({...}, ...)` call in `strapi-app/claims/**\/*.test.ts` (strapi-app/harness/claims.ts),
 * with its id, the page text it backs (`says`), a defect's `summary`, and the file and line of
 * the call. The page a claims file backs follows from its path: `claims/api/EventHub.test.ts`
 * backs `docs/api/EventHub.md`. Marks on the pages (./index.ts) and the build checks
 * (scripts/claims.test.ts) both come from this list, so a mark cannot exist without its test.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ExecutedClaim {
  /** `<page key>/<id>`: the `data-claim` attribute of the mark. */
  fullId: string;
  id: string;
  /** `api/EventHub`: the claims file's path under claims/, without `.test.ts`. */
  page: string;
  kind: 'claim' | 'defect';
  says: string;
  summary?: string;
  /** Repository-relative path of the test file, and the line of the call. */
  testFile: string;
  line: number;
}

export const CLAIMS_ROOT = 'strapi-app/claims';

function testFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function literal(node: ts.Expression | undefined, what: string, where: string): string {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  throw new Error(`${where}: ${what} must be a string literal`);
}

/** The claims declared in one test file's source. */
export function claimsOfSource(source: string, testFile: string, page: string): ExecutedClaim[] {
  const sf = ts.createSourceFile(testFile, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ExecutedClaim[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      (node.expression.text === 'claim' || node.expression.text === 'defect')
    ) {
      const kind = node.expression.text;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const where = `${testFile}:${line}`;
      const spec = node.arguments[0];
      if (!spec || !ts.isObjectLiteralExpression(spec)) throw new Error(`${where}: ${kind}() takes an object literal first`);
      const props = new Map<string, ts.Expression>();
      for (const p of spec.properties) {
        if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) props.set(p.name.text, p.initializer);
        else throw new Error(`${where}: ${kind}() spec properties must be plain \`name: 'literal'\` pairs`);
      }
      const id = literal(props.get('id'), 'id', where);
      const says = literal(props.get('says'), 'says', where);
      const summary = kind === 'defect' ? literal(props.get('summary'), 'summary', where) : undefined;
      found.push({ fullId: `${page}/${id}`, id, page, kind, says, summary, testFile, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

let cache: { key: string; claims: ExecutedClaim[] } | undefined;

/** Every executed claim of the repository at `root`, in file then line order. Cached until a test file changes. */
export function loadClaims(root: string): ExecutedClaim[] {
  const dir = path.join(root, CLAIMS_ROOT);
  const files = testFilesUnder(dir).sort();
  const key = root + '\n' + files.map((f) => `${f}:${statSync(f).mtimeMs}`).join('\n');
  if (cache?.key === key) return cache.claims;
  const claims = files.flatMap((file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const page = path.relative(dir, file).split(path.sep).join('/').slice(0, -'.test.ts'.length);
    return claimsOfSource(readFileSync(file, 'utf8'), rel, page);
  });
  const ids = new Set<string>();
  for (const c of claims) {
    if (ids.has(c.fullId)) throw new Error(`${c.testFile}:${c.line}: claim id ${c.fullId} is declared twice`);
    ids.add(c.fullId);
  }
  cache = { key, claims };
  return claims;
}

/** `docs/api/EventHub.md` → `api/EventHub` (the key its claims file is named after). */
export function pageKeyOfDoc(docFile: string): string {
  return docFile.replace(/^docs\//, '').replace(/\.mdx?$/, '');
}
