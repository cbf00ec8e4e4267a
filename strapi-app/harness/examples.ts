/**
 * Doctests: a page's code example runs as written. The test reads the fenced block from the page's
 * Markdown at test time (never a copy), compiles it as the TypeScript it is, and loads it as a
 * CommonJS module of the test application, so its `import`s resolve where a project's would.
 */
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { APP_DIR, REPO_ROOT, callerClaimsFile, docFileOfPageKey, pageKeyOfClaimsFile } from './paths';

export interface CodeBlock {
  lang: string;
  meta: string;
  title?: string;
  code: string;
  /** Line of the opening fence in the page's file. */
  line: number;
}

/** Every fenced code block of a Markdown file, in order. */
export function codeBlocksOf(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})([\w-]*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).exec(lines[j]);
      if (close) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    const title = /title="([^"]+)"/.exec(meta)?.[1];
    blocks.push({ lang, meta, title, code: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

export interface BlockSelector {
  /** The block's `title="..."`. */
  title?: string;
  /** A string the block's code contains. */
  contains?: string;
  /** Language of the fence (`ts`, `js`, `bash`...). */
  lang?: string;
}

/** The one code block of the calling claims file's page that matches; throws unless exactly one does. */
export function codeBlock(selector: BlockSelector, page?: string): CodeBlock {
  const key = page ?? pageKeyOfClaimsFile(callerClaimsFile());
  const file = docFileOfPageKey(key);
  const blocks = codeBlocksOf(readFileSync(path.join(REPO_ROOT, file), 'utf8')).filter(
    (b) =>
      (selector.title === undefined || b.title === selector.title) &&
      (selector.contains === undefined || b.code.includes(selector.contains)) &&
      (selector.lang === undefined || b.lang === selector.lang),
  );
  if (blocks.length !== 1) throw new Error(`${file}: ${blocks.length} code blocks match ${JSON.stringify(selector)}, expected 1`);
  return blocks[0];
}

export interface RunOptions {
  /** File name the module gets (relative to the application); decides how its relative imports resolve. */
  filename?: string;
  /** Modules the example imports that the test provides (`'./utils'`, `'../services/cdn'`...). */
  modules?: Record<string, unknown>;
}

/**
 * Compiles a TypeScript (or JavaScript) example to CommonJS and loads it as a module of the test
 * application; returns its exports (`default` for `export default`).
 */
export function runExample<T = Record<string, unknown>>(block: CodeBlock | string, options: RunOptions = {}): T {
  const source = typeof block === 'string' ? block : block.code;
  const { outputText, diagnostics } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, jsx: ts.JsxEmit.React },
    reportDiagnostics: true,
    fileName: options.filename ?? 'example.ts',
  });
  if (diagnostics?.length) {
    throw new Error(
      `the example does not compile: ${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`,
    );
  }
  const filename = path.join(APP_DIR, options.filename ?? 'src/example.js');
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(filename));
  const provided = options.modules ?? {};
  const realRequire = mod.require.bind(mod);
  mod.require = Object.assign((id: string) => (id in provided ? provided[id] : realRequire(id)), realRequire) as NodeJS.Require;
  (mod as unknown as { _compile(code: string, file: string): void })._compile(outputText, filename);
  return mod.exports as T;
}
