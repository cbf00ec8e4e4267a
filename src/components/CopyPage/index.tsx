import React, { useEffect, useRef, useState } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { markdownPath } from '@site/src/plugins/markdown-export/paths';
import styles from './styles.module.css';

type Status = 'idle' | 'copying' | 'copied' | 'failed';

const MESSAGES: Record<Status, string> = {
  idle: '',
  copying: 'Copying…',
  copied: 'Copied as Markdown',
  failed: 'Copy failed',
};

/** How long the outcome stays on screen. */
const STATUS_MS = 5000;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * Fetches the Markdown and writes it to the clipboard. The ClipboardItem form hands the clipboard a
 * promise while the click's user activation is still fresh (Safari requires it); writeText is the
 * fallback where ClipboardItem is missing or refuses a promise.
 */
async function copyFrom(url: string): Promise<void> {
  const text = fetchText(url);
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Try the plain form below; it fails too if the fetch did.
    }
  }
  await navigator.clipboard.writeText(await text);
}

/**
 * "Copy page": copies the page's Markdown (written by src/plugins/markdown-export) to the
 * clipboard. The Markdown is requested only on click. The outcome shows next to the button in a
 * polite live region, so screen readers announce it.
 */
export default function CopyPage({ permalink }: { permalink: string }): JSX.Element {
  const url = useBaseUrl(markdownPath(permalink));
  const [status, setStatus] = useState<Status>('idle');
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = () => {
    // Not `disabled` while copying: disabling the focused button would drop the keyboard focus.
    if (status === 'copying') return;
    window.clearTimeout(timer.current);
    setStatus('copying');
    copyFrom(url).then(
      () => setStatus('copied'),
      () => setStatus('failed'),
    );
  };
  useEffect(() => {
    if (status === 'copied' || status === 'failed') timer.current = window.setTimeout(() => setStatus('idle'), STATUS_MS);
  }, [status]);

  return (
    <div className={styles.actions}>
      <button type="button" className={styles.button} onClick={copy} data-copy-page>
        Copy page
      </button>
      <span role="status" aria-live="polite" className={styles.status}>
        {MESSAGES[status]}
      </span>
    </div>
  );
}
