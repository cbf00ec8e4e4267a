/**
 * Replaces @docusaurus/theme-mermaid 3.1.1 theme/Mermaid (our own code, not an eject).
 * Why: upstream imports mermaid statically, so webpack compiles mermaid into the client and
 * server bundles (most of the build time) and every doc page downloads it. This component
 * loads mermaid's prebuilt ES module (copied by src/plugins/mermaid-runtime) with a native
 * dynamic import, only on pages that draw a diagram, and re-renders on colour-mode change.
 * A diagram is drawn when it comes within half a screen of the viewport, not on page load:
 * loading mermaid and laying out a diagram are the longest main-thread tasks a page has, and a
 * reader who never scrolls to the diagram should not pay for them. Until then (and in the HTML)
 * a placeholder box of a typical diagram's height stands in its place; the browser's scroll
 * anchoring keeps the reading position when a diagram above the viewport grows.
 * The import goes through the module id `docs-mermaid-runtime`, which the plugin maps to the
 * copied file (client), to nothing (server) or to mermaid itself (development).
 * A drawn diagram has an "Open full size" button: it opens ./FullView.tsx, a modal dialog where
 * the diagram fits the window and can be zoomed and panned. That view and its pan-and-zoom library
 * (@panzoom/panzoom) are a chunk of their own, loaded on the first opening; closing it returns the
 * focus to the button.
 * Upgrade risk: medium. Uses mermaid's `initialize` and `render`; re-check them when
 * mermaid or @docusaurus/theme-mermaid is upgraded.
 */
import React, { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import { ErrorBoundaryErrorMessageFallback, useColorMode, useThemeConfig } from '@docusaurus/theme-common';
import type { MermaidConfig } from 'mermaid';
import type { Props } from '@theme/Mermaid';
import styles from './styles.module.css';

type MermaidApi = typeof import('mermaid').default;
type RenderResult = Awaited<ReturnType<MermaidApi['render']>>;
interface MermaidThemeConfig {
  theme: { light: string; dark: string };
  options: MermaidConfig;
}

/** The full-size view, loaded when a reader first opens it. */
const FullView = lazy(() => import(/* webpackChunkName: "diagram-full-view" */ './FullView'));

let mermaidPromise: Promise<MermaidApi> | undefined;

/** Loads mermaid once per page view; later diagrams reuse the same module. */
function loadMermaid(): Promise<MermaidApi> {
  mermaidPromise ??= import('docs-mermaid-runtime').then((module: { default: MermaidApi }) => module.default);
  return mermaidPromise;
}

let renderCount = 0;

/** How far outside the viewport a diagram starts being drawn. */
const DRAW_MARGIN = '50% 0px';

/** True once the element has come within DRAW_MARGIN of the viewport (and from then on). */
function useNearViewport(ref: React.RefObject<HTMLElement>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: DRAW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

function MermaidRenderer({ value }: Props): JSX.Element {
  const { colorMode } = useColorMode();
  const { theme, options } = (useThemeConfig() as unknown as { mermaid: MermaidThemeConfig }).mermaid;
  const [result, setResult] = useState<RenderResult | null>(null);
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder);
  const container = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [fullView, setFullView] = useState(false);
  const closeFullView = useCallback(() => {
    setFullView(false);
    opener.current?.focus();
  }, []);

  useEffect(() => {
    if (!near) return undefined;
    let cancelled = false;
    // Mermaid wants a unique id that is also a valid CSS selector.
    const id = `mermaid-svg-${(renderCount += 1)}`;
    loadMermaid()
      .then(async (mermaid) => {
        mermaid.initialize({ startOnLoad: false, ...options, theme: theme[colorMode] as MermaidConfig['theme'] });
        try {
          return await mermaid.render(id, value);
        } catch (error) {
          // On a parse error mermaid leaves an error SVG in the body; remove it.
          document.querySelector(`#d${id}`)?.remove();
          throw error;
        }
      })
      .then(
        (rendered) => !cancelled && setResult(rendered),
        (error: unknown) =>
          !cancelled &&
          setResult(() => {
            // Rethrow during render so the ErrorBoundary shows the message.
            throw error;
          }),
      );
    return () => {
      cancelled = true;
    };
  }, [near, value, colorMode, theme, options]);

  useEffect(() => {
    const element = container.current;
    if (!result || !element) return;
    result.bindFunctions?.(element);
    // Mermaid scales a diagram down to the column width, which makes wide diagrams
    // unreadably small. Draw it at its natural width instead (mermaid writes it as the
    // inline max-width); the container scrolls sideways when the diagram is wider.
    const svg = element.querySelector('svg');
    const natural = svg ? Number.parseFloat(svg.style.maxWidth) : Number.NaN;
    if (svg && Number.isFinite(natural)) {
      svg.style.width = `${natural}px`;
      svg.style.maxWidth = 'none';
    }
  }, [result]);

  if (!result) {
    return (
      <div ref={placeholder} className={styles.placeholder} data-diagram="pending">
        Diagram
      </div>
    );
  }
  return (
    <div className={styles.diagram}>
      <div className={styles.toolbar}>
        <button ref={opener} type="button" className={styles.control} aria-haspopup="dialog" onClick={() => setFullView(true)}>
          Open full size
        </button>
      </div>
      <div
        ref={container}
        className={`docusaurus-mermaid-container ${styles.container}`}
        data-diagram="drawn"
        // A wide diagram scrolls inside this box, so keyboard users must be able to focus it
        // to scroll it (WCAG 2.1.1; axe rule scrollable-region-focusable).
        tabIndex={0}
        role="figure"
        aria-label="Diagram"

        // eslint-disable-next-line react/no-danger -- the SVG comes from mermaid's renderer, which sanitises labels (securityLevel 'strict')
        dangerouslySetInnerHTML={{ __html: result.svg }}
      />
      {fullView && (
        <Suspense fallback={null}>
          <FullView svg={result.svg} onClose={closeFullView} />
        </Suspense>
      )}
    </div>
  );
}

export default function Mermaid(props: Props): JSX.Element {
  return (
    <ErrorBoundary fallback={(params) => <ErrorBoundaryErrorMessageFallback {...params} />}>
      <MermaidRenderer {...props} />
    </ErrorBoundary>
  );
}
