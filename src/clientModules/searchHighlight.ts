/**
 * Client module: after each route update, highlights on the page the words a search result
 * carried in its `?highlight=` parameter (see src/search/highlight.ts). Tiny, so it ships with
 * every page; it does nothing when the parameter is absent.
 *
 * On the first load it waits until every deferred part of the page has hydrated
 * (src/components/DeferHydration): a part hydrated after the marks were added would drop them.
 */
import type { ClientModule } from '@docusaurus/types';
import { afterHydration } from '../components/DeferHydration/schedule';
import { applyHighlights, clearHighlights, highlightPattern, highlightTerms } from '../search/highlight';

function highlight(search: string): void {
  const content = document.querySelector('article .markdown') ?? document.querySelector('main');
  if (!content) return;
  clearHighlights(document);
  const pattern = highlightPattern(highlightTerms(search));
  if (pattern) applyHighlights(content, pattern);
}

const clientModule: ClientModule = {
  onRouteDidUpdate({ location }) {
    if (typeof document === 'undefined') return;
    afterHydration(() => highlight(location.search));
  },
};

export default clientModule;
