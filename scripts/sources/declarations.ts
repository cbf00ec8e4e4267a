/**
 * The members of what `@strapi/admin/strapi-admin` exports, read from the package's published
 * `.d.ts` files with the TypeScript compiler API (the Exports pages are held to these).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { CACHE_DIR } from '../strapi-source';

export interface DeclaredMember {
  name: string;
  optional: boolean;
  /** The member's type as written in the declaration (a method as `(params) => ret`). */
  type: string;
  /** The same method written as `(params): ret`, accepted too. */
  altType?: string;
  kind: 'property' | 'method';
  /** The `.d.ts` that declares it, relative to the package (`dist/admin/src/components/Form.d.ts`); '' outside the package. */
  declaredIn: string;
  /** The interface, class or type that declares it (a parent's, for an inherited member). */
  owner: string;
}

export interface DeclaredSymbol {
  name: string;
  kind: 'interface' | 'class' | 'namespace' | 'type' | 'other';
  members: DeclaredMember[];
  file: string;
}

/** Whitespace and a trailing `;` do not matter when comparing type text. */
export function normaliseType(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\s+/g, '')
    .replace(/;+$/, '')
    .replace(/;(?=[}\]])/g, '');
}

/**
 * The files a `.d.ts` of `@strapi/admin` may have been compiled from, in the monorepo folder
 * `directory`: `dist/admin/src/a.d.ts` from `admin/src/a.ts`, `a.tsx`, `a/index.ts` or `a/index.tsx`.
 */
export function declarationSources(declaredIn: string, directory = 'packages/core/admin'): string[] {
  const stem = `${directory}/${declaredIn.replace(/^dist\//, '').replace(/\.d\.ts$/, '')}`;
  return [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`];
}

export class AdminDeclarations {
  private readonly checker: ts.TypeChecker;
  private readonly exports: Map<string, ts.Symbol>;
  readonly entry: string;
  /** The unpacked package, whose `dist/` holds the declarations. */
  readonly packageDir: string;

  /** `packageDir`: the unpacked `@strapi/admin` (default: the one of `version` in the source cache; tests plant one). */
  constructor(version: string, packageDir = join(CACHE_DIR, 'packages', `@strapi__admin@${version}`)) {
    this.packageDir = packageDir;
    this.entry = join(this.packageDir, 'dist', 'admin', 'src', 'index.d.ts');
    if (!existsSync(this.entry)) {
      throw new Error(`No declarations at ${this.entry}: run \`npm run strapi-source\``);
    }
    const program = ts.createProgram([this.entry], {
      skipLibCheck: true,
      noEmit: true,
      types: [],
      jsx: ts.JsxEmit.ReactJSX,
      moduleResolution: ts.ModuleResolutionKind.Node10,
    });
    this.checker = program.getTypeChecker();
    const source = program.getSourceFile(this.entry)!;
    const moduleSymbol = this.checker.getSymbolAtLocation(source)!;
    this.exports = new Map(this.checker.getExportsOfModule(moduleSymbol).map((s) => [s.getName(), s]));
  }

  private resolve(symbol: ts.Symbol): ts.Symbol {
    return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  /** `FormState`, or `Table.BodyProps` for a member of an exported namespace. */
  lookup(dotted: string): DeclaredSymbol | null {
    const [head, ...rest] = dotted.split('.');
    let symbol = this.exports.get(head);
    if (!symbol) return null;
    symbol = this.resolve(symbol);
    for (const part of rest) {
      const inner = symbol.exports?.get(part as ts.__String);
      if (!inner) return null;
      symbol = this.resolve(inner);
    }
    return this.describe(dotted, symbol);
  }

  private describe(name: string, symbol: ts.Symbol): DeclaredSymbol {
    const decls = symbol.getDeclarations() ?? [];
    const iface = decls.find(ts.isInterfaceDeclaration);
    const klass = decls.find(ts.isClassDeclaration);
    const file = decls[0]?.getSourceFile().fileName ?? '';
    if (iface || klass) {
      const type = this.checker.getDeclaredTypeOfSymbol(symbol);
      const members: DeclaredMember[] = [];
      for (const prop of this.checker.getPropertiesOfType(type)) {
        const decl = prop.valueDeclaration ?? prop.getDeclarations()?.[0];
        // Symbol-keyed members (`[immerable]`, shown as `__@name@id`) have no name to document.
        if (!decl || prop.getName().startsWith('__@')) continue;
        // Optional as the type sees it: `Partial<...>` and mapped types make members optional
        // without a `?` in their declaration.
        const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
        const modifiers = ts.canHaveModifiers(decl) ? (ts.getModifiers(decl) ?? []) : [];
        if (modifiers.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword)) continue;
        const declFile = decl.getSourceFile().fileName;
        const declaredIn = declFile.startsWith(this.packageDir) ? declFile.slice(this.packageDir.length + 1) : '';
        const ownerNode = decl.parent;
        const owner =
          (ts.isInterfaceDeclaration(ownerNode) || ts.isClassDeclaration(ownerNode)) && ownerNode.name
            ? ownerNode.name.text
            : ts.isTypeLiteralNode(ownerNode) && ts.isTypeAliasDeclaration(ownerNode.parent)
              ? ownerNode.parent.name.text
              : '';
        if (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) {
          members.push({
            name: prop.getName(),
            optional,
            type: decl.type ? decl.type.getText() : 'any',
            kind: 'property',
            declaredIn,
            owner,
          });
        } else if (ts.isMethodSignature(decl) || ts.isMethodDeclaration(decl)) {
          const typeParams = decl.typeParameters ? `<${decl.typeParameters.map((p) => p.getText()).join(', ')}>` : '';
          const params = decl.parameters.map((p) => p.getText()).join(', ');
          const ret = decl.type ? decl.type.getText() : 'void';
          members.push({
            name: prop.getName(),
            optional,
            type: `${typeParams}(${params}) => ${ret}`,
            altType: `${typeParams}(${params}): ${ret}`,
            kind: 'method',
            declaredIn,
            owner,
          });
        }
      }
      return { name, kind: iface ? 'interface' : 'class', members, file };
    }
    if (symbol.flags & ts.SymbolFlags.Namespace) {
      return { name, kind: 'namespace', members: [], file };
    }
    if (decls.some(ts.isTypeAliasDeclaration)) return { name, kind: 'type', members: [], file };
    return { name, kind: 'other', members: [], file };
  }

  /** Every name the entry exports. */
  names(): string[] {
    return [...this.exports.keys()];
  }
}
