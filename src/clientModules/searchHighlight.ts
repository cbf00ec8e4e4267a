/**
 * Client module: after each route update, highlights on the page the words a search result
 * carried in its `?highlight=` parameter (see src/search/highlight.ts). Tiny, so it ships with
 * every page; it does nothing when the parameter is absent.
 */
import type { ClientModule } from '@docusaurus/types';
import { applyHighlights, clearHighlights, highlightPattern, highlightTerms } from '../search/highlight';

const clientModule: ClientModule = {
  onRouteDidUpdate({ location }) {
    if (typeof document === 'undefined') return;
    const content = document.querySelector('article .markdown') ?? document.querySelector('main');
    if (!content) return;
    clearHighlights(document);
    const pattern = highlightPattern(highlightTerms(location.search));
    if (pattern) applyHighlights(content, pattern);
  },
};

export default clientModule;
