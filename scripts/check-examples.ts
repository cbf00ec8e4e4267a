/**
 * npm run check:examples [-- docs/a/page.md ...]: every ```ts, ```tsx and ```typescript block of the
 * pages under docs/ compiles against the pinned packages' own types.
 *
 * Each block is read from the page's Markdown tree (remark, as the build reads it) and becomes a
 * virtual file under strapi-app/, so that its imports resolve from strapi-app/node_modules (Strapi
 * 5.54.0 and what it installs: React 18, the design system, react-router-dom...). A module the app does
 * not install is looked up in scripts/example-pins/ (the packages that left the monorepo, at the
 * versions the pages describe, and a few test tools, installed from its lockfile), never in the site's
 * own node_modules. A block with a `title="path/in/project.ts"` gets that path inside a folder of its
 * page, so blocks of one page import each other as the files they show. A relative import that no
 * block of the page shows is, in order: a block with that title on a page the page links to, Strapi's
 * published declaration file for that path, or a stub typed `any` (a file of the reader's project,
 * counted). The compiler is strapi-app's, with the options of a Strapi project's admin tsconfig
 * (@strapi/typescript-utils/tsconfigs/admin: strict, jsx react-jsx, bundler resolution) and every file
 * a module; a project's generated types make the `strapi` global visible, and a one-line declaration
 * file does the same here.
 *
 * All blocks are checked in one program; a page that augments a module (`declare module`, `declare
 * global`) gets a program of its own, so its augmentation does not change what the other blocks see.
 * A block marked ```ts fragment="reason"``` is a deliberate fragment: it is counted, not compiled, and
 * the page shows its reason (src/theme/CodeBlock/fragment.ts).
 *
 * Prints each error as file:line and the TypeScript error, then the counts and the time; exits 1 on
 * any error. Why and how: docs-dev/testing.md, "Examples compile".
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as TS from 'typescript';
import { fragmentReason, CHECKED_LANGUAGES } from '../src/theme/CodeBlock/fragment';
import { createParser } from './check-sources';
import { ROOT, parseDoc, readDocs, type Doc } from './docs';

export const APP_DIR = path.join(ROOT, 'strapi-app');
export const PINS_DIR = path.join(ROOT, 'scripts', 'example-pins');

/** The TypeScript a Strapi 5.54.0 project installs (strapi-app's), not the site's own. */
export function loadTypeScript(appDir = APP_DIR): typeof TS {
  return createRequire(path.join(appDir, 'package.json'))('typescript') as typeof TS;
}

export interface ExampleBlock {
  /** The page, relative to the repository root. */
  file: string;
  /** Line of the opening fence in the page's file (1-based). */
  line: number;
  lang: 'ts' | 'tsx';
  meta: string;
  title?: string;
  code: string;
  /** The reason a deliberate fragment gives; undefined for a block that must compile. */
  fragment?: string;
  /** The pages its page links to (relative to the repository root): a file shown there may be imported. */
  linked?: readonly string[];
}

interface MdNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdNode[];
  position?: { start: { line: number } };
}

let parser: ReturnType<typeof createParser> | undefined;

/** The TypeScript blocks of a page, in order, read from its Markdown tree. */
export async function examplesOf(doc: Doc): Promise<ExampleBlock[]> {
  // Every page is read as MDX, as the build reads .md and .mdx alike.
  const parse = await (parser ??= createParser());
  const tree = parse(doc.body, true) as unknown as MdNode;
  const blocks: ExampleBlock[] = [];
  const linked = new Set<string>();
  const links = (node: MdNode & { url?: string }) => {
    const target = node.type === 'link' ? /^(\.{1,2}\/[^#?]*\.mdx?)(?:[#?].*)?$/.exec(node.url ?? '')?.[1] : undefined;
    if (target) linked.add(path.posix.join(path.posix.dirname(doc.file), target));
    for (const child of node.children ?? []) links(child);
  };
  links(tree);
  const walk = (node: MdNode) => {
    const lang = (node.lang ?? '').toLowerCase();
    if (node.type === 'code' && CHECKED_LANGUAGES.has(lang)) {
      const meta = node.meta ?? '';
      blocks.push({
        file: doc.file,
        line: (node.position?.start.line ?? 1) + doc.offset,
        lang: lang === 'tsx' ? 'tsx' : 'ts',
        meta,
        title: /(?:^|\s)title="([^"]+)"/.exec(meta)?.[1],
        code: node.value ?? '',
        fragment: fragmentReason(meta),
        linked: Array.from(linked),
      });
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  return blocks;
}

export interface Failure {
  file: string;
  /** Line in the page's file. */
  line: number;
  /** `TS2322` */
  code: string;
  message: string;
}

export interface Report {
  blocks: ExampleBlock[];
  compiled: number;
  fragments: number;
  /** Blocks with at least one error. */
  failed: number;
  /** Blocks compiled as shown that import a file of the reader's project no block shows (typed \`any\`). */
  stubbed: number;
  failures: Failure[];
  programs: number;
  /** Wall-clock time of the check, and the CPU time it used (the machine may be shared). */
  ms: number;
  cpuMs: number;
}

export interface CheckOptions {
  ts?: typeof TS;
  /** Where blocks resolve their modules from (a folder with node_modules). */
  appDir?: string;
  /** Folders with node_modules of their own: a module the app does not have is looked up there. */
  pins?: readonly string[];
  /** Declarations every program sees, as a Strapi project has them (file text). */
  environment?: string;
}

/** What a Strapi project's generated types give every file: the `strapi` global (declared by @strapi/types). */
export const STRAPI_ENVIRONMENT =
  "// The project's generated types import @strapi/strapi, which declares the `strapi` global.\nimport type {} from '@strapi/strapi';\n";

/** Compiler options of a Strapi 5 project's admin tsconfig (@strapi/typescript-utils/tsconfigs/admin.json), every file a module. */
export function compilerOptions(ts: typeof TS, appDir: string, pins: readonly string[] = []): TS.CompilerOptions {
  return {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    useDefineForClassFields: true,
    lib: ['lib.dom.d.ts', 'lib.dom.iterable.d.ts', 'lib.esnext.d.ts'],
    allowJs: false,
    skipLibCheck: true,
    esModuleInterop: true,
    allowSyntheticDefaultImports: true,
    strict: true,
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    // A block without import or export is still its own module: blocks never share a scope.
    moduleDetection: ts.ModuleDetectionKind.Force,
    types: ['node', ...(pins.length ? ['jest'] : [])],
    typeRoots: [appDir, ...pins].map((dir) => path.join(dir, 'node_modules', '@types')),
  };
}

/** The folder of a page's virtual files: the root of the project its blocks show. */
function pageDir(block: ExampleBlock, root: string): string {
  return path.join(root, '.examples', block.file.replace(/\.mdx?$/, ''));
}

/** The virtual file name of a block: its title's path (in its language's extension) or its line, in a folder of its page. */
function virtualName(block: ExampleBlock, root: string, taken: Set<string>): string {
  const dir = pageDir(block, root);
  const ext = `.${block.lang}`;
  let name = `line-${block.line}${ext}`;
  if (block.title && /\.(d\.ts|[cm]?[jt]sx?)$/.test(block.title)) {
    const clean = path.posix
      .normalize(block.title)
      .split('/')
      .filter((part) => part && part !== '..' && part !== '.')
      .join('/');
    name = clean.endsWith('.d.ts') ? clean : clean.replace(/\.[cm]?[jt]sx?$/, ext);
  }
  let full = path.join(dir, name);
  if (taken.has(full)) full = path.join(dir, `line-${block.line}`, name);
  taken.add(full);
  return full;
}

/** A folder and every folder above it. */
function ancestors(dir: string): string[] {
  const all = [dir];
  while (path.dirname(all[all.length - 1]) !== all[all.length - 1]) all.push(path.dirname(all[all.length - 1]));
  return all;
}

let publishedIndex: Map<string, string[]> | undefined;

/**
 * The published declaration file of Strapi's own module that a relative import inside the monorepo
 * names (`../../hooks/useAdminRoles`): the one `.d.ts` under strapi-app/node_modules/@strapi/<package>/dist
 * whose path ends with the import's last two segments or more. None when no file, or several, match.
 */
function publishedModule(specifier: string, appDir: string, side: 'admin' | 'server'): string | undefined {
  const segments = specifier.split('/').filter((part) => part !== '.' && part !== '..');
  if (segments.length === 0) return undefined;
  if (!publishedIndex) {
    publishedIndex = new Map();
    const scope = path.join(appDir, 'node_modules', '@strapi');
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.d.ts')) {
          const key = full.replace(/(\/index)?\.d\.ts$/, '');
          for (const last of [key.split(path.sep).slice(-2).join('/'), path.basename(key)]) {
            publishedIndex?.set(last, [...(publishedIndex.get(last) ?? []), key]);
          }
        }
      }
    };
    for (const pkg of existsSync(scope) ? readdirSync(scope) : []) {
      const dist = path.join(scope, pkg, 'dist');
      if (existsSync(dist)) walk(dist);
    }
  }
  const wanted = segments.join('/');
  const matches = (publishedIndex.get(segments.slice(-2).join('/')) ?? []).filter((key) =>
    key.split(path.sep).join('/').endsWith(`/${wanted}`),
  );
  if (matches.length === 1) return matches[0];
  // A file name alone (`../relations-orderer`) must be unique among all packages.
  if (segments.length === 1) return undefined;
  // Several packages have such a file: the one right under a source root (dist/admin/src/hooks/x), on the block's side.
  const atRoot = matches.filter((key) =>
    /\/dist\/(?:(?:admin|server)\/src\/)?$/.test(key.split(path.sep).join('/').slice(0, -wanted.length)),
  );
  if (atRoot.length === 1) return atRoot[0];
  const onSide = atRoot.filter((key) => key.split(path.sep).includes(side));
  return onSide.length === 1 ? onSide[0] : undefined;
}

let packageDirs: Map<string, string> | undefined;

/**
 * The published declaration file of a monorepo path (`packages/core/database/src/migrations/common`,
 * from a block titled with its place in the monorepo): the package whose `repository.directory` holds
 * it, and the file at that place under its dist/.
 */
function monorepoModule(inMonorepo: string, appDir: string): string | undefined {
  if (!inMonorepo.startsWith('packages/')) return undefined;
  if (!packageDirs) {
    packageDirs = new Map();
    const scope = path.join(appDir, 'node_modules', '@strapi');
    for (const pkg of existsSync(scope) ? readdirSync(scope) : []) {
      const manifest = path.join(scope, pkg, 'package.json');
      if (!existsSync(manifest)) continue;
      const directory = (JSON.parse(readFileSync(manifest, 'utf8')) as { repository?: { directory?: string } }).repository?.directory;
      if (directory) packageDirs.set(directory, path.join(scope, pkg));
    }
  }
  for (const [directory, installed] of packageDirs) {
    if (!inMonorepo.startsWith(`${directory}/`)) continue;
    const rest = inMonorepo.slice(directory.length + 1);
    for (const candidate of [rest.replace(/^src\//, ''), rest]) {
      for (const ext of ['.d.ts', '/index.d.ts']) {
        const file = path.join(installed, 'dist', candidate + ext);
        if (existsSync(file)) return file.replace(/(\/index)?\.d\.ts$/, ext === '.d.ts' ? '' : '/index');
      }
    }
  }
  return undefined;
}

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx', '/index.d.ts'];

/**
 * Files of the reader's own project that a block imports (a relative path) and no block of its page
 * shows: `../services/tickets` next to the controller the page is about. Each becomes a stub module
 * whose exports are the names the blocks import from it, typed `any` (a value and a type of any
 * arity), so that what a block takes from Strapi's packages is still checked exactly.
 */
function projectStubs(
  ts: typeof TS,
  files: ReadonlyMap<string, { block?: ExampleBlock; text: string }>,
  appDir: string,
): Map<string, { text: string; importers: ExampleBlock[] }> {
  const wanted = new Map<
    string,
    { specifier: string; names: Set<string>; default: boolean; namespace: boolean; importers: ExampleBlock[] }
  >();
  const provided = (base: string) => ['', ...EXTENSIONS].some((ext) => files.has(base + ext) || existsSync(base + ext));
  /** The entry of a module the blocks import and no block provides, with `block` among its importers. */
  const want = (base: string, specifier: string, block: ExampleBlock) => {
    const entry = wanted.get(base) ?? { specifier, names: new Set<string>(), default: false, namespace: false, importers: [] };
    wanted.set(base, entry);
    if (!entry.importers.includes(block)) entry.importers.push(block);
    return entry;
  };
  for (const [fileName, { block, text }] of files) {
    if (!block) continue;
    const source = ts.createSourceFile(
      fileName,
      text,
      ts.ScriptTarget.ESNext,
      false,
      block.lang === 'tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    // `import('./pages/App')`: the module's default export.
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteral(argument) && argument.text.startsWith('.')) {
          const base = path.resolve(path.dirname(fileName), argument.text).replace(/\.[cm]?[jt]sx?$/, '');
          if (!provided(base)) {
            const entry = want(base, argument.text, block);
            // What the code reads from the loaded module right after: `(await import('./x')).Name`, `.then((m) => m.Name)`.
            const after = text.slice(node.end, node.end + 80);
            for (const [, name] of after.matchAll(/\.(\w+)/g)) if (name !== 'then' && name !== 'catch') entry.names.add(name);
            entry.default = true;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement);
      if (!isImport && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      const base = path.resolve(path.dirname(fileName), specifier.text).replace(/\.[cm]?[jt]sx?$/, '');
      if (provided(base)) continue;
      const entry = want(base, specifier.text, block);
      if (isImport) {
        const clause = statement.importClause;
        if (clause?.name) entry.default = true;
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) entry.namespace = true;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) entry.names.add((element.propertyName ?? element.name).text);
      } else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) entry.names.add((element.propertyName ?? element.name).text);
      } else entry.namespace = true;
    }
  }
  // A file another page shows: the block titled with that path in the project (`tests/helpers/strapi.ts`).
  // Only a title one block has (`my-plugin/admin/src/pages/ListPage.tsx` on eight pages is eight different
  // files), on the importing page or on a page it links to.
  const titled = new Map<string, { name: string; page: string } | null>();
  for (const [fileName, { block }] of files) {
    if (!block?.title) continue;
    const key = block.title.replace(/\.[cm]?[jt]sx?$/, '');
    titled.set(key, titled.has(key) ? null : { name: fileName.replace(/\.(d\.ts|tsx?)$/, ''), page: block.file });
  }
  const stubs = new Map<string, { text: string; importers: ExampleBlock[] }>();
  for (const [base, entry] of wanted) {
    const inMonorepo = path.relative(pageDir(entry.importers[0], appDir), base).split(path.sep).join('/');
    const importer = entry.importers[0];
    const side = importer.lang === 'tsx' || /(^|\/)admin\//.test(importer.title ?? '') ? 'admin' : 'server';
    const published = monorepoModule(inMonorepo, appDir) ?? publishedModule(entry.specifier, appDir, side);
    if (published) {
      stubs.set(`${base}.ts`, { text: `export * from ${JSON.stringify(published)};\n`, importers: [] });
      continue;
    }
    const inProject = path.relative(pageDir(entry.importers[0], appDir), base).split(path.sep).join('/');
    const found = titled.get(inProject);
    const reader = entry.importers[0];
    const shown = found && (found.page === reader.file || reader.linked?.includes(found.page)) ? found.name : undefined;
    if (shown) {
      const hasDefault = /^export default\b/m.test(
        files.get(Array.from(files.keys()).find((name) => name.startsWith(`${shown}.`)) ?? '')?.text ?? '',
      );
      const text = `export * from ${JSON.stringify(shown)};\n${hasDefault ? `export { default } from ${JSON.stringify(shown)};\n` : ''}`;
      stubs.set(`${base}.ts`, { text, importers: [] });
      continue;
    }
    const lines = ["// A file of the reader's project that the page does not show: what the examples import from it, typed any."];
    for (const name of entry.names) {
      if (name === 'default') entry.default = true;
      else lines.push(`export declare const ${name}: any;`, `export type ${name}<A = any, B = any, C = any, D = any> = any;`);
    }
    // Imported whole (`import * as`, `import()`): the module itself is `any`.
    if (entry.namespace && !entry.names.size) lines.push('declare const stub: any;', 'export = stub;');
    else if (entry.default) lines.push('declare const stub: any;', 'export default stub;');
    stubs.set(`${base}.ts`, { text: `${lines.join('\n')}\n`, importers: entry.importers });
  }
  return stubs;
}

const AUGMENTS = /^\s*declare\s+(module\s+['"]|global\b)/m;

/** Type-checks the blocks (fragments only counted) in as few programs as it can. */
export function checkExamples(blocks: readonly ExampleBlock[], options: CheckOptions = {}): Report {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const ts = options.ts ?? loadTypeScript();
  const appDir = options.appDir ?? APP_DIR;
  const pins = options.pins ?? [];
  const settings = compilerOptions(ts, appDir, pins);
  const compiled = blocks.filter((block) => block.fragment === undefined);

  // One program for all pages, and one for each page that augments a module.
  const groups = new Map<string, ExampleBlock[]>();
  const augmenting = new Set(compiled.filter((block) => AUGMENTS.test(block.code)).map((block) => block.file));
  for (const block of compiled) {
    const key = augmenting.has(block.file) ? block.file : '';
    groups.set(key, [...(groups.get(key) ?? []), block]);
  }

  const failures: Failure[] = [];
  const failedBlocks = new Set<ExampleBlock>();
  const taken = new Set<string>();
  const stubbed = new Set<ExampleBlock>();
  const parsed = new Map<string, TS.SourceFile>();
  for (const group of groups.values()) {
    const files = new Map<string, { block?: ExampleBlock; text: string }>();
    for (const block of group) files.set(virtualName(block, appDir, taken), { block, text: block.code });
    if (options.environment !== undefined)
      files.set(path.join(appDir, '.examples', 'strapi-environment.d.ts'), { text: options.environment });
    for (const [name, stub] of projectStubs(ts, files, appDir)) {
      files.set(name, { text: stub.text });
      for (const block of stub.importers) stubbed.add(block);
    }

    const host = ts.createCompilerHost(settings, true);
    const getSourceFile = host.getSourceFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const readFile = host.readFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const virtual = files.get(path.resolve(fileName));
      if (virtual) return ts.createSourceFile(fileName, virtual.text, languageVersion, true);
      // The packages' declaration files are parsed once for all programs.
      const cached = parsed.get(fileName);
      if (cached) return cached;
      const file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) parsed.set(fileName, file);
      return file;
    };
    host.fileExists = (fileName) => files.has(path.resolve(fileName)) || fileExists(fileName);
    host.readFile = (fileName) => files.get(path.resolve(fileName))?.text ?? readFile(fileName);
    // Module resolution looks only in folders that exist: the virtual files' folders do.
    const folders = new Set(Array.from(files.keys()).flatMap((name) => ancestors(path.dirname(name))));
    const directoryExists = host.directoryExists?.bind(host);
    host.directoryExists = (dir) =>
      folders.has(path.resolve(dir)) || (directoryExists ? directoryExists(dir) : ts.sys.directoryExists(dir));
    // A module the app does not install (a package that left the monorepo, a test tool) is looked up in the pins.
    const cache = ts.createModuleResolutionCache(appDir, (name) => name, settings);
    host.resolveModuleNameLiterals = (literals, containingFile, redirected, resolutionOptions) =>
      literals.map((literal) => {
        const found = ts.resolveModuleName(literal.text, containingFile, resolutionOptions, host, cache, redirected);
        if (literal.text.startsWith('.')) return found;
        // Not the site's own node_modules above strapi-app/: only what the app and the pins install.
        const at = found.resolvedModule?.resolvedFileName;
        if (at && [appDir, ...pins].some((dir) => at.startsWith(`${dir}${path.sep}`))) return found;
        for (const dir of pins) {
          const pinned = ts.resolveModuleName(literal.text, path.join(dir, 'index.ts'), resolutionOptions, host, undefined, redirected);
          if (pinned.resolvedModule?.resolvedFileName.startsWith(`${dir}${path.sep}`)) return pinned;
        }
        return { resolvedModule: undefined };
      });
    const program = ts.createProgram({ rootNames: Array.from(files.keys()), options: settings, host });

    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const virtual = diagnostic.file ? files.get(path.resolve(diagnostic.file.fileName)) : undefined;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (virtual?.block && diagnostic.file && diagnostic.start !== undefined) {
        const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
        failures.push({ file: virtual.block.file, line: virtual.block.line + 1 + line, code: `TS${diagnostic.code}`, message });
        failedBlocks.add(virtual.block);
      } else {
        // An error outside the blocks (options, the environment file): fails the run, named as it is.
        failures.push({ file: diagnostic.file?.fileName ?? '(compiler options)', line: 0, code: `TS${diagnostic.code}`, message });
      }
    }
  }
  failures.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return {
    blocks: [...blocks],
    compiled: compiled.length - failedBlocks.size,
    fragments: blocks.length - compiled.length,
    failed: failedBlocks.size,
    stubbed: Array.from(stubbed).filter((block) => !failedBlocks.has(block)).length,
    failures,
    programs: groups.size,
    ms: performance.now() - start,
    cpuMs: ((cpu) => (cpu.user + cpu.system) / 1000)(process.cpuUsage(cpuStart)),
  };
}

/** Installs scripts/example-pins from its lockfile when the lockfile changed since the last install. */
export function installPins(dir = PINS_DIR): void {
  const stamp = path.join(dir, 'node_modules', '.installed-lock.sha');
  const want = createHash('sha256')
    .update(readFileSync(path.join(dir, 'package-lock.json')))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === want) return;
  console.log(`== npm ci in ${path.relative(ROOT, dir)} (the packages that left the monorepo, at their pins)`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: 'inherit' });
  writeFileSync(stamp, `${want}\n`);
}

export function formatReport(report: Report): string {
  const total = report.blocks.length;
  const share = total ? ((100 * report.compiled) / total).toFixed(1) : '100.0';
  const lines = report.failures.map((f) => `${f.file}:${f.line}: ${f.code}: ${f.message.replace(/\n/g, '\n    ')}`);
  lines.push(
    `${total} TypeScript blocks: ${report.compiled} compiled as shown (${share}%; ${report.stubbed} of them import a file of the reader's project that the page does not show, typed any), ${report.fragments} fragments, ${report.failed} failing` +
      ` (${report.programs} program${report.programs === 1 ? '' : 's'}, ${(report.ms / 1000).toFixed(1)} s, ${(report.cpuMs / 1000).toFixed(1)} s of CPU)`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const only = process.argv.slice(2).map((file) => path.relative(ROOT, path.resolve(file)));
  const docs = only.length ? only.map((file) => parseDoc(file, readFileSync(path.join(ROOT, file), 'utf8'))) : readDocs();
  installPins();
  const blocks: ExampleBlock[] = [];
  for (const doc of docs) blocks.push(...(await examplesOf(doc)));
  const report = checkExamples(blocks, {
    pins: [PINS_DIR],
    environment: STRAPI_ENVIRONMENT,
  });
  console.log(formatReport(report));
  if (report.failures.length) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
