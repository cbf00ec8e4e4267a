/**
 * Line anchors of source links: where a link's identifier is declared or used in a file (read with
 * the TypeScript compiler API for .ts/.tsx/.js files, by lines for the rest), the range a link
 * should name, and whether the range a link names holds its identifier
 * (docs-dev/ground-truth.md has the rules and why).
 */
import ts from 'typescript';
import type { LineRange } from '../../src/config/strapi';

export interface Declaration {
  name: string;
  /** From the declaration's first line (its `export`, `const` or name; not its comment) to its last. */
  lines: LineRange;
  /** How many named declarations enclose it (0: top level). */
  depth: number;
  /** The name of the declaration around it (an interface for its member), null at the top. */
  parent: string | null;
}

/** Files read with the TypeScript compiler API, by extension. */
const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  ts: ts.ScriptKind.TS,
  mts: ts.ScriptKind.TS,
  cts: ts.ScriptKind.TS,
  tsx: ts.ScriptKind.TSX,
  js: ts.ScriptKind.JS,
  mjs: ts.ScriptKind.JS,
  cjs: ts.ScriptKind.JS,
  jsx: ts.ScriptKind.JSX,
};

/**
 * The nodes a use of an identifier is widened to: a statement, a member, an element's tag. (A
 * `default:` clause or an enum holds no name outside a smaller unit, so they are not listed.)
 */
function isUnit(node: ts.Node): boolean {
  return (
    ts.isVariableStatement(node) ||
    ts.isExpressionStatement(node) ||
    ts.isIfStatement(node) ||
    ts.isReturnStatement(node) ||
    ts.isThrowStatement(node) ||
    ts.isForStatement(node) ||
    ts.isForOfStatement(node) ||
    ts.isForInStatement(node) ||
    ts.isWhileStatement(node) ||
    ts.isDoStatement(node) ||
    ts.isSwitchStatement(node) ||
    ts.isCaseClause(node) ||
    ts.isTryStatement(node) ||
    ts.isImportDeclaration(node) ||
    ts.isExportDeclaration(node) ||
    ts.isExportAssignment(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isMethodSignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isEnumMember(node) ||
    ts.isJsxSelfClosingElement(node) ||
    ts.isJsxOpeningElement(node)
  );
}

/** The name a declaration node introduces, or null. */
function declaredName(node: ts.Node): string | null {
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isMethodSignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isEnumMember(node) ||
    ts.isBindingElement(node)
  ) {
    const name = node.name;
    if (!name) return null;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) || ts.isNumericLiteral(name)) {
      return name.text;
    }
    // `['aria-label']: string`
    if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  }
  return null;
}

/** A file's text with its lines, declarations and uses, read once. */
export class SourceText {
  readonly lines: string[];
  private sourceFile: ts.SourceFile | null | undefined;
  private decls: Declaration[] | undefined;

  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    this.lines = text.split('\n');
    // A file ending with a newline has no line after it.
    if (this.lines.length > 1 && this.lines[this.lines.length - 1] === '') this.lines.pop();
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** The parsed file, or null for a file the compiler does not read. */
  private parsed(): ts.SourceFile | null {
    if (this.sourceFile === undefined) {
      const ext = /\.(\w+)$/.exec(this.path)?.[1] ?? '';
      const kind = SCRIPT_KINDS[ext];
      this.sourceFile = kind === undefined ? null : ts.createSourceFile(this.path, this.text, ts.ScriptTarget.Latest, true, kind);
    }
    return this.sourceFile;
  }

  private rangeOf(node: ts.Node): LineRange {
    const sf = node.getSourceFile();
    return {
      start: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      end: sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1,
    };
  }

  /** Every named declaration, in file order. */
  declarations(): Declaration[] {
    if (this.decls) return this.decls;
    const out: Declaration[] = [];
    const sf = this.parsed();
    if (sf) {
      const visit = (node: ts.Node, depth: number, parent: string | null) => {
        const name = declaredName(node);
        let inner = depth;
        let innerParent = parent;
        if (name !== null) {
          // `export const x = ...`: the whole statement, when it declares only x.
          let whole: ts.Node = node;
          if (
            ts.isVariableDeclaration(node) &&
            ts.isVariableDeclarationList(node.parent) &&
            node.parent.declarations.length === 1 &&
            ts.isVariableStatement(node.parent.parent)
          ) {
            whole = node.parent.parent;
          }
          if (ts.isBindingElement(node)) {
            let up: ts.Node = node;
            while (!ts.isVariableStatement(up) && !ts.isParameter(up) && up.parent) up = up.parent;
            whole = up;
          }
          out.push({ name, lines: this.rangeOf(whole), depth, parent });
          inner = depth + 1;
          innerParent = name;
        }
        ts.forEachChild(node, (child) => visit(child, inner, innerParent));
      };
      visit(sf, 0, null);
    }
    this.decls = out;
    return out;
  }

  /** The declarations of one name, outermost first, then in file order (the sort is stable). */
  declarationsOf(name: string): Declaration[] {
    return this.declarations()
      .filter((d) => d.name === name)
      .sort((a, b) => a.depth - b.depth);
  }

  /** A member as declared in an interface, class or type (`FormState.errors`), or undefined. */
  memberOf(owner: string, name: string): Declaration | undefined {
    return this.declarations().find((d) => d.name === name && d.parent === owner);
  }

  /** Whether the name occurs as a word in the given lines (all lines by default). */
  occursIn(name: string, lines: LineRange = { start: 1, end: this.lineCount }): boolean {
    const pattern = wordPattern(name);
    for (let i = lines.start; i <= lines.end && i <= this.lineCount; i++) {
      if (pattern.test(this.lines[i - 1])) return true;
    }
    return false;
  }

  /** The lines where the name occurs as a word. */
  occurrences(name: string): number[] {
    const pattern = wordPattern(name);
    const out: number[] = [];
    this.lines.forEach((l, i) => {
      if (pattern.test(l)) out.push(i + 1);
    });
    return out;
  }

  /**
   * The lines of the first use of a name in code: the statement, member or element tag around it
   * (an `if` with its branch, a property, a call); for a file the compiler does not read, or a name
   * found only in comments, the line it first occurs on.
   */
  useOf(name: string): LineRange | null {
    const sf = this.parsed();
    if (sf) {
      // The first use in code, past the imports and re-exports when there is one.
      const found: ts.Node[] = [];
      const visit = (node: ts.Node) => {
        if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteralLike(node)) && node.text === name) {
          found.push(node);
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
      const units = found.map((node) => {
        let unit: ts.Node = node;
        while (unit.parent && !isUnit(unit)) unit = unit.parent;
        return unit;
      });
      const unit = units.find((u) => !ts.isImportDeclaration(u) && !ts.isExportDeclaration(u)) ?? units[0];
      if (unit && !ts.isSourceFile(unit)) return this.rangeOf(unit);
    }
    const first = this.occurrences(name)[0];
    return first === undefined ? null : { start: first, end: first };
  }

  /** The text of some lines, joined with newlines. */
  slice(lines: LineRange): string {
    return this.lines.slice(lines.start - 1, lines.end).join('\n');
  }
}

/** A name as a whole word: not part of a longer identifier. */
export function wordPattern(name: string): RegExp {
  return new RegExp(`(?<![\\w$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`);
}

/** Longest range, in lines, that several declarations of one link may share. */
export const MAX_SPAN = 120;

export interface Anchor {
  lines: LineRange;
  /** The identifiers the range was found for. */
  names: string[];
  /** `declaration`: where the names are declared; `use`: where the first one is used. */
  how: 'declaration' | 'use';
}

/**
 * The range a link naming these identifiers should point at: the declarations of the names the
 * file declares (all of them when they fit in MAX_SPAN lines, else the first name's), else the
 * first use of the first name that occurs; null when none occurs.
 */
export function anchorFor(source: SourceText, names: string[]): Anchor | null {
  const declared = names.map((n) => ({ name: n, decl: source.declarationsOf(n)[0] })).filter((d) => d.decl !== undefined);
  if (declared.length > 0) {
    const start = Math.min(...declared.map((d) => d.decl.lines.start));
    const end = Math.max(...declared.map((d) => d.decl.lines.end));
    if (end - start + 1 <= MAX_SPAN) {
      return { lines: { start, end }, names: declared.map((d) => d.name), how: 'declaration' };
    }
    return { lines: declared[0].decl.lines, names: [declared[0].name], how: 'declaration' };
  }
  for (const name of names) {
    const use = source.useOf(name);
    if (use) return { lines: use, names: [name], how: 'use' };
  }
  return null;
}

const contains = (outer: LineRange, inner: LineRange) => outer.start <= inner.start && inner.end <= outer.end;
/** Whether one range holds the other: a link's range around a declaration, or inside it. */
export const nested = (a: LineRange, b: LineRange) => contains(a, b) || contains(b, a);
const overlaps = (a: LineRange, b: LineRange) => a.start <= b.end && b.start <= a.end;
export const showRange = (r: LineRange) => (r.start === r.end ? `L${r.start}` : `L${r.start}-L${r.end}`);

export type RangeProblem =
  | { kind: 'no-range'; message: string }
  | { kind: 'past-end'; message: string }
  | { kind: 'off'; message: string }
  | { kind: 'outside'; message: string };

/**
 * Whether a range names one of the link's identifiers. A range holds a name when it contains a
 * whole declaration of it, lies inside one (a branch of a function), or, apart from any declaration
 * of the name, has a line where the name occurs (a use). Null when it holds, else the problem.
 */
export function checkRange(source: SourceText, lines: LineRange, names: string[]): RangeProblem | null {
  if (lines.start < 1 || lines.end < lines.start) {
    return { kind: 'no-range', message: `${showRange(lines)} is not a range of lines` };
  }
  if (lines.end > source.lineCount) {
    return {
      kind: 'past-end',
      message: `${showRange(lines)} is past the end of the file (${source.lineCount} lines)`,
    };
  }
  if (names.length === 0) return null;
  let off: RangeProblem | null = null;
  for (const name of names) {
    const decls = source.declarationsOf(name);
    if (decls.some((d) => nested(lines, d.lines))) return null;
    const cut = decls.find((d) => overlaps(lines, d.lines));
    if (cut) {
      const shift = lines.start - cut.lines.start;
      const same = lines.end - lines.start === cut.lines.end - cut.lines.start;
      off ??= {
        kind: 'off',
        message: `${showRange(lines)} cuts the declaration of \`${name}\` at ${showRange(cut.lines)}${same ? ` (off by ${shift > 0 ? '+' : ''}${shift} lines)` : ''}`,
      };
      continue;
    }
    if (source.occursIn(name, lines)) return null;
  }
  if (off) return off;
  const where = names
    .map((n) => {
      const d = source.declarationsOf(n)[0];
      const uses = source.occurrences(n);
      if (d) return `\`${n}\` is declared at ${showRange(d.lines)}`;
      if (uses.length) return `\`${n}\` occurs at L${uses.slice(0, 5).join(', L')}${uses.length > 5 ? ', ...' : ''}`;
      return `\`${n}\` occurs nowhere in the file`;
    })
    .join('; ');
  return {
    kind: 'outside',
    message: `${names.map((n) => `\`${n}\``).join(' or ')} ${names.length > 1 ? 'do' : 'does'} not occur in ${showRange(lines)} (${where})`,
  };
}
