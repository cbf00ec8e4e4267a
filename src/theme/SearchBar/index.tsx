/**
 * SearchBar — our own component (no theme provides one here: neither wrapped nor ejected). The
 * `search-index-{tag}.json` files it reads are written by src/plugins/search-index.
 *
 * Why: the spec's panel behaviour, query grammar and lazy loading. This component only renders
 * a button shaped like autocomplete's; the search library, its styles and the index load on the
 * first open (click, Enter or Ctrl/Cmd+K) through a dynamic import of `./controller`, so doc pages
 * do not pay for them. Loading, parsing and ranking live in src/search.
 *
 * Upgrade risk: relies on `useContextualSearchFilters` (@docusaurus/theme-common 3.1.1) for the
 * index tags, and on autocomplete-js's detached-mode DOM (class names `aa-*`).
 */
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { useHistory } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useContextualSearchFilters } from '@docusaurus/theme-common';
import { PLACEHOLDER } from '@site/src/search/strings';
import type { SearchController } from './controller';
import styles from './styles.module.css';

export default function SearchBar(): JSX.Element {
  const containerRef = useRef<HTMLDivElement>(null);
  const controller = useRef<Promise<SearchController> | null>(null);
  const [ready, setReady] = useState(false);
  const history = useHistory();
  const {
    siteConfig: { baseUrl },
  } = useDocusaurusContext();
  const { tags } = useContextualSearchFilters();
  const tagsRef = useRef(tags);
  tagsRef.current = tags;

  const open = useCallback(() => {
    if (!controller.current) {
      const container = containerRef.current;
      if (!container) return;
      controller.current = import('./controller').then(({ mountSearch }) =>
        mountSearch({
          container,
          baseUrl,
          navigate: (url) => history.push(url),
          getTags: () => tagsRef.current,
          // `docusaurus start`: say so when the index is missing (production keeps "failed = empty").
          preview: process.env.NODE_ENV === 'development',
        }),
      );
      void controller.current.then(() => setReady(true));
    }
    void controller.current.then((search) => search.open());
  }, [baseUrl, history]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useEffect(
    () => () => {
      void controller.current?.then((search) => search.destroy());
    },
    [],
  );

  return (
    <div className={styles.searchBar} data-search-ready={ready ? 'true' : 'false'}>
      {!ready && (
        <button type="button" className="aa-DetachedSearchButton" aria-label={PLACEHOLDER} onClick={open}>
          <span className="aa-DetachedSearchButtonIcon">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-4-4" />
            </svg>
          </span>
          <span className="aa-DetachedSearchButtonPlaceholder">{PLACEHOLDER}</span>
        </button>
      )}
      <div ref={containerRef} className={styles.container} />
    </div>
  );
}
