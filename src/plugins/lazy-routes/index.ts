/**
 * Points `@docusaurus/ComponentCreator` at ./ComponentCreator.ts, which builds each route's loadable
 * component on first use instead of all of them when the main bundle starts (why: ./ComponentCreator.ts
 * and docs-dev/performance.md, "How the pages stay light").
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function lazyRoutesPlugin(): Plugin {
  return {
    name: 'lazy-routes',
    configureWebpack() {
      return { resolve: { alias: { '@docusaurus/ComponentCreator': path.join(__dirname, 'ComponentCreator.ts') } } };
    },
  };
}
