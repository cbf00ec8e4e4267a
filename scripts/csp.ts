/**
 * Content-Security-Policy of the production build. Runs after `docusaurus build` (npm's `postbuild`,
 * or `npx tsx scripts/csp.ts [buildDir] [outFile]`): hashes every inline script the generator emitted in
 * build/**\/*.html and writes deploy/nginx/csp.conf, the nginx include that sends the header
 * (deploy/nginx/security-headers.conf includes it). Its header value is what a CDN must send too
 * (docs-dev/deployment.md).
 *
 * Scripts run only from this origin or when their sha256 is listed: no 'unsafe-inline', no
 * 'unsafe-eval'. The generator's inline scripts are the colour-mode / announcement-bar bootstrap in
 * every page and the base-URL issue banner on the home page; their text depends on the config, so
 * the hashes are computed from the build, never written by hand.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
export const CSP_CONF = path.join(ROOT, 'deploy', 'nginx', 'csp.conf');

/** The policy apart from the script hashes. Each source is explained; keep it that way. */
export const POLICY: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  // Bundles from this origin plus the hashes of the inline scripts (added by contentSecurityPolicy).
  ['script-src', ["'self'"]],
  // Mermaid writes a <style> element into each diagram's SVG and React renders style attributes:
  // inline styles cannot run code, so 'unsafe-inline' is allowed here (and only here).
  ['style-src', ["'self'", "'unsafe-inline'"]],
  // Infima's CSS draws its icons (menu carets, external-link arrow) as data: SVG images.
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'", 'data:']],
  // The search indexes (search-index-*.json) and route chunks are fetched from this origin.
  ['connect-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  // Nobody may frame the site (clickjacking); X-Frame-Options: DENY says the same to old browsers.
  ['frame-ancestors', ["'none'"]],
];

/** Every .html file under dir (the hashed assets hold none). */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^\s*$|^(text|application)\/(java|ecma)script$|^module$/i;

/** The text of each inline script of an HTML document that a browser would execute. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (EXECUTABLE_TYPE.test(type)) scripts.push(body);
  }
  return scripts;
}

/** CSP source expression for a script's text, as the browser computes it (UTF-8, sha256, base64). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Code a hash cannot allow: inline event handler attributes and javascript: URLs. The build must
 * have none (the policy would silently block them), so finding one is an error, with the file.
 */
export function unhashableCode(html: string): string[] {
  const withoutScripts = html.replace(SCRIPT, '');
  const found: string[] = [];
  for (const [tag] of withoutScripts.matchAll(/<[a-z][^>]*/gi)) {
    for (const match of tag.matchAll(/\s(on[a-z]+)\s*=/gi)) found.push(`${match[1]} attribute`);
  }
  for (const match of withoutScripts.matchAll(/\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/gi)) found.push(match[0].trim());
  return found;
}

/** The sorted, de-duplicated hashes of every inline script in the build. */
export function inlineScriptHashes(buildDir: string): string[] {
  const hashes = new Set<string>();
  const problems: string[] = [];
  for (const file of htmlFiles(buildDir)) {
    const html = readFileSync(file, 'utf8');
    for (const script of inlineScripts(html)) hashes.add(scriptHash(script));
    for (const code of unhashableCode(html)) problems.push(`${path.relative(buildDir, file)}: ${code}`);
  }
  if (problems.length > 0) {
    throw new Error(`inline code that a Content-Security-Policy hash cannot allow:\n${problems.join('\n')}`);
  }
  return [...hashes].sort();
}

/** The full header value for a build. */
export function contentSecurityPolicy(buildDir: string): string {
  const hashes = inlineScriptHashes(buildDir);
  return POLICY.map(([directive, sources]) => [directive, ...sources, ...(directive === 'script-src' ? hashes : [])].join(' ')).join('; ');
}

/** The nginx include: one add_header line, sent on every response (`always`, errors included). */
export function nginxInclude(policy: string): string {
  return [
    '# Generated by scripts/csp.ts from the build (npm run build runs it): do not edit.',
    '# script-src lists the sha256 of every inline script in build/**/*.html.',
    `add_header Content-Security-Policy "${policy}" always;`,
    '',
  ].join('\n');
}

/**
 * Writes the nginx include of the build in `buildDir` to `outFile`; returns the line the command
 * prints, with both paths relative to the working directory.
 */
export function writeCspConf(buildDir: string, outFile: string): string {
  const policy = contentSecurityPolicy(buildDir);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, nginxInclude(policy));
  const scripts = (policy.match(/'sha256-/g) ?? []).length;
  const shown = (file: string) => path.relative(process.cwd(), file) || '.';
  return `[CSP] ${scripts} inline script hashes from ${shown(buildDir)} written to ${shown(outFile)}`;
}

// `tsx scripts/csp.ts [buildDir] [outFile]`: build/ and deploy/nginx/csp.conf by default.
if (require.main === module) {
  const buildDir = path.resolve(process.argv[2] ?? path.join(ROOT, 'build'));
  console.log(writeCspConf(buildDir, path.resolve(process.argv[3] ?? CSP_CONF)));
}
