/**
 * The search panel, loaded on the first open by ./index.tsx (dynamic import): creates the
 * autocomplete-js instance in detached mode (a modal, full screen on small screens). Results are
 * grouped under their page (one autocomplete source per page); each shows its section title, its
 * place in the sidebars and a snippet of its text with the matched words marked. Everything it
 * shows is text or `<mark>` elements made here: nothing from the index or the query is parsed as
 * HTML, so a payload is never executed. Each result is a real link: the option element itself is
 * an `a[href]` (see `createElement` below), so middle-click, open in a new tab and copy link work.
 * With an empty query the panel shows the reader's recent choices (src/search/recent.ts).
 * No insights, no third-party request: only the index files.
 */
import { autocomplete, type AutocompleteApi, type SourceTemplates } from '@algolia/autocomplete-js';
import { createElement as h, Fragment, render, type ComponentChild, type VNode } from 'preact';
import { createStorageSlot } from '@docusaurus/theme-common';
import '@algolia/autocomplete-theme-classic';
import './panel.css';
import { SEARCH_SETTINGS, search as searchConfig } from '@site/src/config/search';
import { createIndexLoader, indexedTags, type IndexLoader } from '@site/src/search/indexLoader';
import { PLACE_SEPARATOR, placeOf } from '@site/src/search/group';
import { escapeClears, isPlainClick, queryView, recentOf, resultUrl } from '@site/src/search/panel';
import { addRecent, parseRecent, RECENT_STORAGE_KEY, type RecentSearch } from '@site/src/search/recent';
import { markText, snippet, type Segment } from '@site/src/search/snippet';
import type { SearchResult } from '@site/src/search/types';
import {
  CANCEL_TEXT,
  CLEAR_TITLE,
  NO_RESULTS,
  PLACEHOLDER,
  RECENT_CLEAR_TEXT,
  RECENT_TITLE,
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
  /** The preview (`docusaurus start`): a missing index is shown as such, and indexes are fetched again on each opening. */
  preview?: boolean;
}

interface Context extends Record<string, unknown> {
  searchError?: string;
}

/** An option of the panel: a search result, or a recent choice (empty query). */
type Item = Record<string, unknown> &
  ({ kind: 'result'; result: SearchResult; url: string } | { kind: 'recent'; recent: RecentSearch; url: string });

const SETTINGS = SEARCH_SETTINGS;

let loader: IndexLoader | null = null;

/** The option's link target, read from the item template's root element (`data-href`). */
function hrefOf(children: ComponentChild[]): string | undefined {
  const first = children.flat()[0] as VNode<Record<string, unknown>> | undefined;
  const href = first && typeof first === 'object' ? first.props?.['data-href'] : undefined;
  return typeof href === 'string' ? href : undefined;
}

/**
 * preact's createElement, except that each option is the link itself: autocomplete renders an
 * `li[role=option]` around the item template, and a link inside an option would be interactive
 * content nested in an interactive element. Here the option becomes `a[href][role=option]` (and
 * its list a `div[role=listbox]`). A plain click navigates client-side; a click with a modifier,
 * a middle click or the context menu are the browser's own link behaviour.
 */
function linkOptions(navigate: (url: string) => void) {
  return function createElement(type: unknown, props: Record<string, unknown> | null, ...children: ComponentChild[]): VNode {
    if (type === 'ul' && props?.role === 'listbox') return h('div', props, ...children);
    if (type === 'li' && props?.role === 'option') {
      const href = hrefOf(children);
      if (href) {
        const onClick = props.onClick as ((event: MouseEvent) => void) | undefined;
        return h(
          'a',
          {
            ...props,
            href,
            onClick(event: MouseEvent) {
              onClick?.(event);
              if (!isPlainClick(event)) return;
              event.preventDefault();
              navigate(href);
            },
          },
          ...children,
        );
      }
    }
    return h(type as string, props, ...children);
  };
}

/** The element factory autocomplete hands to templates (linkOptions' result), typed loosely. */
type Create = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => VNode<Record<string, unknown>>;
// The templates' return type in autocomplete's own typings (its bundled preact types).
type TemplateNode = ReturnType<NonNullable<SourceTemplates<Item>['item']>>;

function marked(create: Create, segments: readonly Segment[]): unknown[] {
  return segments.map((segment) => (segment.marked ? create('mark', null, segment.text) : segment.text));
}

const recentSlot = () => createStorageSlot(RECENT_STORAGE_KEY);

export function mountSearch({ container, baseUrl, navigate, getTags, preview = false }: Options): SearchController {
  // One loader for the life of the page: each index file is fetched once (in the preview, once per open).
  loader ??= createIndexLoader(baseUrl, (url) => fetch(url, { credentials: 'same-origin' }), { explain: preview });
  let indexLoader = loader;
  let query = '';

  function go(url: string): void {
    api.setIsOpen(false);
    navigate(url);
  }

  function remember(item: Item): void {
    const entry: RecentSearch = item.kind === 'recent' ? item.recent : recentOf(item.result, item.url);
    const slot = recentSlot();
    slot.set(JSON.stringify(addRecent(parseRecent(slot.get()), entry)));
  }

  function itemTemplate(item: Item, create: Create): TemplateNode {
    const h = create;
    if (item.kind === 'recent') {
      const { recent } = item;
      return h(
        'div',
        { className: 'aa-ItemContent', 'data-href': item.url },
        h('div', { className: 'aa-ItemContentTitle' }, recent.sectionTitle),
        h('div', { className: 'search-place' }, recent.place.join(PLACE_SEPARATOR)),
      ) as unknown as TemplateNode;
    }
    const { document, matched = [] } = item.result;
    const text = document.text ?? '';
    return h(
      'div',
      { className: 'aa-ItemContent', 'data-href': item.url },
      h('div', { className: 'aa-ItemContentTitle' }, ...marked(h, markText(document.sectionTitle, matched))),
      h('div', { className: 'search-place' }, placeOf(document.path, document.pageTitle).join(PLACE_SEPARATOR)),
      text ? h('div', { className: 'search-snippet' }, ...marked(h, snippet(text, matched))) : null,
    ) as unknown as TemplateNode;
  }

  const api: AutocompleteApi<Item> = autocomplete<Item>({
    container,
    placeholder: PLACEHOLDER,
    detachedMediaQuery: '',
    openOnFocus: true,
    insights: false,
    defaultActiveItemId: 0,
    stallThreshold: STALL_THRESHOLD_MS,
    renderer: { createElement: linkOptions(go) as never, Fragment: Fragment as never, render: render as never },
    translations: {
      clearButtonTitle: CLEAR_TITLE,
      detachedCancelButtonText: CANCEL_TEXT,
      submitButtonTitle: SUBMIT_TITLE,
    },
    navigator: {
      navigate({ itemUrl }) {
        go(itemUrl);
      },
      navigateNewTab({ itemUrl }) {
        window.open(itemUrl, '_blank', 'noopener');
      },
      navigateNewWindow({ itemUrl }) {
        window.open(itemUrl, '_blank', 'noopener');
      },
    },
    onStateChange({ state, prevState }) {
      query = state.query;
      if (preview && state.isOpen && !prevState.isOpen) {
        // The preview's pages change while it runs: read the index again on each opening.
        loader = createIndexLoader(baseUrl, (url) => fetch(url, { credentials: 'same-origin', cache: 'no-store' }), { explain: true });
        indexLoader = loader;
      }
      document.querySelector('.aa-DetachedOverlay')?.setAttribute('data-status', state.status);
      container.setAttribute('data-status', state.status);
    },
    async getSources({ query: input, setContext, refresh }) {
      const common = {
        getItemUrl: ({ item }: { item: Item }) => item.url,
        onSelect: ({ item }: { item: Item }) => remember(item),
        templates: {
          item: ({ item, createElement }: { item: Item; createElement: unknown }) => itemTemplate(item, createElement as Create),
        },
      };
      if (input.trim() === '') {
        setContext({ searchError: undefined });
        const recent = parseRecent(recentSlot().get());
        if (recent.length === 0) return [];
        return [
          {
            ...common,
            sourceId: 'recent',
            getItems: () => recent.map((entry): Item => ({ kind: 'recent', recent: entry, url: entry.url })),
            templates: {
              ...common.templates,
              header: ({ createElement }: { createElement: unknown }) => {
                const h = createElement as Create;
                return h(
                  Fragment,
                  null,
                  h('span', { className: 'aa-SourceHeaderTitle' }, RECENT_TITLE),
                  h(
                    'button',
                    {
                      type: 'button',
                      className: 'search-recent-clear',
                      onClick() {
                        recentSlot().del();
                        void refresh();
                      },
                    },
                    RECENT_CLEAR_TEXT,
                  ),
                ) as unknown as TemplateNode;
              },
            },
          },
        ];
      }
      const tags = indexedTags(getTags(), searchConfig);
      const indexes = await Promise.all(tags.map((tag) => indexLoader.load(tag)));
      const { groups, error } = queryView(indexes, input, SETTINGS);
      setContext({ searchError: error });
      if (groups.length === 0) {
        return [
          {
            ...common,
            sourceId: 'docs',
            getItems: () => [],
            templates: {
              ...common.templates,
              noResults({ state, createElement }) {
                const h = createElement as unknown as Create;
                const error = (state.context as Context).searchError;
                return (error
                  ? h('div', { className: 'search-error', role: 'alert' }, error)
                  : h('div', { className: 'search-no-results', role: 'status' }, NO_RESULTS)) as unknown as TemplateNode;
              },
            },
          },
        ];
      }
      return groups.map((group, at) => ({
        ...common,
        sourceId: `page-${at}`,
        getItems: () => group.results.map((result): Item => ({ kind: 'result', result, url: resultUrl(result) })),
        templates: {
          ...common.templates,
          header: ({ createElement }: { createElement: unknown }) =>
            (createElement as Create)('span', { className: 'aa-SourceHeaderTitle' }, group.pageTitle) as unknown as TemplateNode,
        },
      }));
    },
  });

  // Escape closes the panel (autocomplete) and focus returns to the search button; a second
  // Escape there clears the query (spec section 4).
  function onKeyDown(event: KeyboardEvent): void {
    if (escapeClears(event.key, query, Boolean((event.target as Element | null)?.closest?.('.aa-DetachedSearchButton')))) {
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
