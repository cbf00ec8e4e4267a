/**
 * The code block's word wrap, in place of `useCodeWordWrap` from @docusaurus/theme-common 3.1.1
 * (same interface, same behaviour for a reader: the button shows when the code scrolls sideways or
 * is wrapped, and toggles `white-space: pre-wrap` on the `<code>`).
 *
 * Why: upstream's hook costs each block, while the page hydrates, a `MutationObserver`, a window
 * `resize` listener and a read of `scrollWidth` in an effect, which forces a layout in the middle
 * of the hydration's slices. It also memoizes the observer's options with `localeCompare`, and the
 * page's first `localeCompare` loads the collation data: 8 to 10 ms in the slice that hydrated the
 * first code block (Chromium traces of the cheat sheet, 2026-11-27, docs-dev/performance.md). Here
 * one `ResizeObserver` watches every block: it reports a block once it has been laid out (no forced
 * layout), again when its width changes (a window resize), and when a hidden ancestor is shown (a
 * block measured at zero width, as upstream's tab-panel observer did). A block away from the
 * viewport is not laid out (`content-visibility: auto`, custom.css): it is reported, and its button
 * decided, when it comes near.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

type Measure = () => void;

const measures = new WeakMap<Element, Measure>();
let observer: ResizeObserver | undefined;

function observe(element: Element, measure: Measure): () => void {
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) measures.get(entry.target)?.();
  });
  measures.set(element, measure);
  observer.observe(element);
  return () => {
    measures.delete(element);
    observer?.unobserve(element);
  };
}

export interface CodeWordWrap {
  readonly codeBlockRef: RefObject<HTMLPreElement>;
  readonly isEnabled: boolean;
  readonly isCodeScrollable: boolean;
  toggle: () => void;
}

export function useCodeWordWrap(): CodeWordWrap {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);

  const measure = useCallback(() => {
    const block = codeBlockRef.current;
    if (!block) return;
    setIsCodeScrollable(block.scrollWidth > block.clientWidth || Boolean(block.querySelector('code')?.hasAttribute('style')));
  }, []);

  useEffect(() => {
    const block = codeBlockRef.current;
    return block ? observe(block, measure) : undefined;
  }, [measure]);

  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) {
      code.removeAttribute('style');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // A very long word or token wraps too: no sideways scroll while wrapping is on.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled(!isEnabled);
  }, [isEnabled]);

  // After a toggle (not on mount: the observer's first report measures the block) the block's
  // size may not change, so the observer would not report it.
  const toggled = useRef(false);
  useEffect(() => {
    if (toggled.current) measure();
    toggled.current = true;
  }, [isEnabled, measure]);

  return { codeBlockRef, isEnabled, isCodeScrollable, toggle };
}
