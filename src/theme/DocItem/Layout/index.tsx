/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocItem/Layout (a doc page's column: breadcrumbs, article,
 * doc footer, paginator, tables of contents) in DeferHydration.
 * Why: on the first page load the doc's column hydrates in turns of its own instead of in the
 * root's task (src/components/DeferHydration); the root then hydrates the layout, the providers and
 * the head tags, the doc's own included (DocItem/Metadata sits outside this part, so the title and
 * meta tags stay as the server rendered them). It renders one element, as DeferHydration requires.
 * Upgrade risk: low; the original renders unchanged. If upstream makes it render more than one
 * element, remove this wrapper (the browser suites would show the part duplicated or unhydrated).
 */
import Original from '@theme-original/DocItem/Layout';
import { deferred } from '@site/src/components/DeferHydration';

export default deferred(Original);
