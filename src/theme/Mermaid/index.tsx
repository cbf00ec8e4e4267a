/**
 * Replaces @docusaurus/theme-mermaid 3.1.1 theme/Mermaid (our own code, not an eject).
 * Why: upstream imports mermaid statically, so webpack compiles mermaid into the client and
 * server bundles (most of the build time) and every doc page downloads it. This component
 * loads mermaid's prebuilt ES module (copied by src/plugins/mermaid-runtime) with a native
 * dynamic import, only on pages that draw a diagram, and re-renders on colour-mode change.
 * The import goes through the module id `docs-mermaid-runtime`, which the plugin maps to the
 * copied file (client), to nothing (server) or to mermaid itself (development).
 * Upgrade risk: medium. Uses mermaid's `initialize` and `render`; re-check them when
 * mermaid or @docusaurus/theme-mermaid is upgraded.
 */
import React, { useEffect, useRef, useState } from 'react';
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

let mermaidPromise: Promise<MermaidApi> | undefined;

/** Loads mermaid once per page view; later diagrams reuse the same module. */
function loadMermaid(): Promise<MermaidApi> {
  mermaidPromise ??= import('docs-mermaid-runtime').then((module: { default: MermaidApi }) => module.default);
  return mermaidPromise;
}

let renderCount = 0;

function MermaidRenderer({ value }: Props): JSX.Element | null {
  const { colorMode } = useColorMode();
  const { theme, options } = (useThemeConfig() as unknown as { mermaid: MermaidThemeConfig }).mermaid;
  const [result, setResult] = useState<RenderResult | null>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
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
  }, [value, colorMode, theme, options]);

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

  if (!result) return null;
  return (
    <div
      ref={container}
      className={`docusaurus-mermaid-container ${styles.container}`}
      // A wide diagram scrolls inside this box, so keyboard users must be able to focus it
      // to scroll it (WCAG 2.1.1; axe rule scrollable-region-focusable).
      tabIndex={0}
      role="figure"
      aria-label="Diagram"

      // The SVG comes from mermaid's renderer, which sanitises labels (securityLevel 'strict').
      // eslint-disable-next-line react/no-danger
      dangerouslySetInnerHTML={{ __html: result.svg }}
    />
  );
}

export default function Mermaid(props: Props): JSX.Element {
  return (
    <ErrorBoundary fallback={(params) => <ErrorBoundaryErrorMessageFallback {...params} />}>
      <MermaidRenderer {...props} />
    </ErrorBoundary>
  );
}
