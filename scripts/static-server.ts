/**
 * A small static server for the production build, with what a real host does and
 * `docusaurus serve` does not: gzip compression, long caching of hashed assets, clean URLs
 * (/a/b serves a/b.html) and the 404 page. Used by the benchmark's Lighthouse runs.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt']);

function resolveFile(root: string, urlPath: string): string | null {
  const clean = decodeURIComponent(urlPath.split('?')[0]).replace(/\/+$/, '');
  const base = path.join(root, path.normalize(clean).replace(/^(\.\.[/\\])+/, ''));
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, `${base}.html`, path.join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function serveBuild(root: string, port: number): Promise<Server> {
  const absoluteRoot = path.resolve(root);
  const server = createServer((request, response) => {
    const file = resolveFile(absoluteRoot, request.url ?? '/');
    const target = file ?? path.join(absoluteRoot, '404.html');
    const extension = path.extname(target);
    response.statusCode = file ? 200 : 404;
    response.setHeader('Content-Type', TYPES[extension] ?? 'application/octet-stream');
    response.setHeader(
      'Cache-Control',
      target.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    const gzip = COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers['accept-encoding']));
    if (gzip) response.setHeader('Content-Encoding', 'gzip');
    const stream = createReadStream(target);
    (gzip ? stream.pipe(createGzip()) : stream).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
