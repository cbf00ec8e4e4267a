/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocSidebarItem (one entry of the docs sidebar: a link, a category
 * with its items, or HTML) in DeferHydration.
 * Why: a long sidebar was one of the longest parts of the first load's hydration; wrapped item by
 * item (a category's items inside their category's turn), it hydrates in short slices
 * (src/components/DeferHydration). Each item renders one `<li>`, as DeferHydration requires.
 * Upgrade risk: low; the original renders unchanged. If upstream makes an item render more than
 * one element, remove this wrapper.
 */
import Original from '@theme-original/DocSidebarItem';
import { deferred } from '@site/src/components/DeferHydration';

export default deferred(Original);
