/**
 * The search panel, loaded on the first open by ./index.tsx (dynamic import): creates the
 * autocomplete-js instance in detached mode (a modal, full screen on small screens), with
 * autocomplete's own renderer. Everything it shows is text (no HTML strings), so a typed
 * payload is never executed. No insights, no third-party request: only the index files.
 */
import { autocomplete, type AutocompleteApi } from '@algolia/autocomplete-js';
import '@algolia/autocomplete-theme-classic';
import './panel.css';
import { SEARCH_SETTINGS, search as searchConfig } from '@site/src/config/search';
import { createIndexLoader, indexedTags } from '@site/src/search/indexLoader';
import { search } from '@site/src/search/ranking';
import { highlightUrl } from '@site/src/search/highlight';
import type { SearchResult } from '@site/src/search/types';
import {
  CANCEL_TEXT,
  CLEAR_TITLE,
  MAX_QUERY_LENGTH,
  NO_RESULTS,
  PLACEHOLDER,
  STALL_THRESHOLD_MS,
  SUBMIT_TITLE,
} from '@site/src/search/strings';

export interface SearchController {
  open(): void;
  destroy(): void;
}

interface Options {
  container: HTMLElement;
  baseUrl: string;
  navigate(url: string): void;
  getTags(): string[];
}

interface Context extends Record<string, unknown> {
  searchError?: string;
}

type Item = SearchResult & Record<string, unknown>;

const SETTINGS = SEARCH_SETTINGS;

let loader: ReturnType<typeof createIndexLoader> | null = null;

export function mountSearch({ container, baseUrl, navigate, getTags }: Options): SearchController {
  // One loader for the life of the page: each index file is fetched once.
  loader ??= createIndexLoader(baseUrl, (url) => fetch(url, { credentials: 'same-origin' }));
  const indexLoader = loader;
  let query = '';

  const api: AutocompleteApi<Item> = autocomplete<Item>({
    container,
    placeholder: PLACEHOLDER,
    detachedMediaQuery: '',
    openOnFocus: true,
    insights: false,
    defaultActiveItemId: 0,
    stallThreshold: STALL_THRESHOLD_MS,
    translations: {
      clearButtonTitle: CLEAR_TITLE,
      detachedCancelButtonText: CANCEL_TEXT,
      submitButtonTitle: SUBMIT_TITLE,
    },
    navigator: {
      navigate({ itemUrl }) {
        api.setIsOpen(false);
        navigate(itemUrl);
      },
      navigateNewTab({ itemUrl }) {
        window.open(itemUrl, '_blank', 'noopener');
      },
      navigateNewWindow({ itemUrl }) {
        window.open(itemUrl, '_blank', 'noopener');
      },
    },
    onStateChange({ state }) {
      query = state.query;
      document.querySelector('.aa-DetachedOverlay')?.setAttribute('data-status', state.status);
      container.setAttribute('data-status', state.status);
    },
    async getSources({ query: input, setContext }) {
      if (input.trim() === '') {
        setContext({ searchError: undefined });
        return [];
      }
      const tags = indexedTags(getTags(), searchConfig);
      const indexes = await Promise.all(tags.map((tag) => indexLoader.load(tag)));
      let outcome: ReturnType<typeof search>;
      try {
        outcome = search(indexes, input.slice(0, MAX_QUERY_LENGTH), SETTINGS);
      } catch {
        outcome = { kind: 'results', results: [], terms: [] };
      }
      setContext({ searchError: outcome.kind === 'error' ? outcome.message : undefined });
      const items: Item[] = outcome.kind === 'results' ? (outcome.results as Item[]) : [];
      return [
        {
          sourceId: 'docs',
          getItems: () => items,
          getItemUrl: ({ item }) => highlightUrl(item.document.sectionRoute, item.terms),
          templates: {
            item({ item, createElement }) {
              const { sectionTitle, pageTitle } = item.document;
              const url = highlightUrl(item.document.sectionRoute, item.terms);
              // A plain element, not a link: the option (role="option", from autocomplete) must not
              // hold an interactive element (axe nested-interactive). Enter goes through `navigator`.
              return createElement(
                'div',
                {
                  className: 'aa-ItemLink',
                  'data-href': url,
                  onClick: (event: MouseEvent) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) {
                      window.open(url, '_blank', 'noopener');
                      return;
                    }
                    api.setIsOpen(false);
                    navigate(url);
                  },
                },
                createElement(
                  'div',
                  { className: 'aa-ItemContent' },
                  createElement(
                    'div',
                    { className: 'aa-ItemContentBody' },
                    createElement('div', { className: 'aa-ItemContentTitle' }, sectionTitle),
                    pageTitle !== sectionTitle ? createElement('div', { className: 'aa-ItemContentDescription' }, pageTitle) : null,
                  ),
                ),
              );
            },
            noResults({ state, createElement }) {
              const error = (state.context as Context).searchError;
              return error
                ? createElement('div', { className: 'search-error', role: 'alert' }, error)
                : createElement('div', { className: 'search-no-results', role: 'status' }, NO_RESULTS);
            },
          },
        },
      ];
    },
  });

  // Escape closes the panel (autocomplete) and focus returns to the search button; a second
  // Escape there clears the query (spec section 4).
  function onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && query !== '' && (event.target as Element | null)?.closest?.('.aa-DetachedSearchButton')) {
      event.preventDefault();
      api.setQuery('');
      api.setCollections([]);
      api.setContext({ searchError: undefined });
    }
  }
  container.addEventListener('keydown', onKeyDown);

  return {
    open() {
      api.setIsOpen(true);
    },
    destroy() {
      container.removeEventListener('keydown', onKeyDown);
      api.destroy();
    },
  };
}
