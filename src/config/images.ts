import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An SVG of `static/` as a `data:` URI. The logos are written into the HTML this way so that a page
 * requests nothing but its HTML before its first paint: an image that arrives before the paint is
 * counted in Lighthouse's simulated largest contentful paint (docs-dev/performance.md, "Largest
 * contentful paint"). The files stay in `static/img/` for links from elsewhere.
 */
export function inlineSvg(file: string): string {
  const svg = readFileSync(path.join(__dirname, '../../static', file), 'utf8').trim();
  if (!svg.startsWith('<svg')) throw new Error(`inlineSvg: static/${file} is not an SVG file`);
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
