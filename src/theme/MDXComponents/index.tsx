/**
 * Wraps @theme-original/MDXComponents (theme-classic 3.1.1): the same components, plus
 * `DeferHydration`, which src/plugins/hydration-slices wraps around each top-level block of a doc.
 * Upgrade risk: low; the original map is spread unchanged.
 */
import MDXComponents from '@theme-original/MDXComponents';
import DeferHydration from '@site/src/components/DeferHydration';

export default {
  ...MDXComponents,
  DeferHydration,
};
