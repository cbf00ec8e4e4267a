/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocItem/TOC/Desktop (a doc's table of contents beside the article) in DeferHydration.
 * Why: on the first page load it hydrates in a turn of its own instead of in the page's one long
 * task (src/components/DeferHydration). It renders one element, as DeferHydration requires.
 * Upgrade risk: low; the original renders unchanged. If upstream makes it render more than one
 * element, remove this wrapper (the browser suites would show the part duplicated or unhydrated).
 */
import Original from '@theme-original/DocItem/TOC/Desktop';
import { deferred } from '@site/src/components/DeferHydration';

export default deferred(Original);
