/**
 * CodeBlock/Content/String — replaces @docusaurus/theme-classic 3.1.1 `theme/CodeBlock/Content/String`
 * (same markup and class names, our code).
 *
 * Why, for the page's first load:
 * - Upstream tokenizes every block with Prism again while hydrating, builds a React element per
 *   token, and re-renders each block once more after mounting (prism-react-renderer sets its theme
 *   dictionary again in an effect). On a code-heavy page that is most of the hydration work.
 *   Here a block that is being hydrated keeps the server's token markup as it is: its `<code>` is
 *   rendered with an empty `dangerouslySetInnerHTML`, which React leaves alone when hydrating, so
 *   no Prism runs and no token element is created. The page's JavaScript does not even contain
 *   Prism (src/prism): it is loaded only when a block is rendered in the browser after hydration
 *   (a client-side navigation), and such a block shows its plain text until then.
 * - Tokens carry Prism's class names only; their colours come from the stylesheet that
 *   src/plugins/code-highlighting generates from the themes of src/config/prism.ts. The markup is
 *   the same in both colour modes, which is what lets hydration keep it.
 * Upgrade risk: medium. Mirrors upstream's title, magic comments (line highlighting), line numbers,
 * word wrap and copy button; re-check them against upstream when upgrading Docusaurus. Adds one thing
 * of ours: the caption of a deliberate fragment (`fragment="..."` in the fence's meta, ../fragment.ts).
 */
import React, { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useThemeConfig } from '@docusaurus/theme-common';
import { containsLineNumbers, parseCodeBlockTitle, parseLanguage, parseLines } from '@docusaurus/theme-common/internal';
import type { LineInputProps, LineOutputProps, Token, TokenInputProps, TokenOutputProps } from 'prism-react-renderer';
import Container from '@theme/CodeBlock/Container';
import CopyButton from '@theme/CodeBlock/CopyButton';
import Line from '@theme/CodeBlock/Line';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import type { Props } from '@theme/CodeBlock/Content/String';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import { getHighlighter, loadHighlighter } from '@site/src/prism';
import { fragmentReason } from '../fragment';
import { useCodeWordWrap } from './wordWrap';

function getLineProps({ className, line: _line, ...rest }: LineInputProps): LineOutputProps {
  return { ...rest, className: clsx('token-line', className) };
}

function getTokenProps({ token, className, style, ...rest }: TokenInputProps): TokenOutputProps {
  return {
    ...rest,
    className: clsx('token', ...token.types, className),
    children: token.content,
    // As in prism-react-renderer: an empty token keeps its line's height.
    style: token.empty ? { display: 'inline-block', ...style } : style,
  };
}

/** The code as lines of one plain token each: what a block shows until the highlighter has loaded. */
function plainLines(code: string): Token[][] {
  return code
    .split(/\r\n|\r|\n/)
    .map((content) => [content ? { types: ['plain'], content } : { types: ['plain'], content: '\n', empty: true }]);
}

/**
 * True while the block is being hydrated: `useIsBrowser()` is false during the first load's
 * hydration, of the page and of each part that hydrates later (src/components/DeferHydration).
 * Always false on the server, which renders the lines.
 */
function useIsHydrating(): boolean {
  const isBrowser = useIsBrowser();
  return typeof document !== 'undefined' && !isBrowser;
}

/** useLayoutEffect in the browser; nothing on the server, where layout effects never run. */
const useLayoutEffectInBrowser = typeof window === 'undefined' ? () => undefined : useLayoutEffect;

/** Tokens for a block rendered in the browser: plain text until the highlighter has loaded. */
function useTokens(code: string, language: string, enabled: boolean): Token[][] {
  const [highlighter, setHighlighter] = useState(getHighlighter);
  useEffect(() => {
    if (!enabled || highlighter) return undefined;
    let cancelled = false;
    loadHighlighter().then(
      (loaded) => !cancelled && setHighlighter(loaded),
      // The block stays readable as plain text; nothing else to do.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, highlighter]);
  return useMemo(
    () => (enabled ? (highlighter ? highlighter.tokenize(code, language) : plainLines(code)) : []),
    [enabled, highlighter, code, language],
  );
}

interface LinesProps {
  code: string;
  language: string;
  lineClassNames: Record<number, string[]>;
  showLineNumbers: boolean;
  /** Keep the server's markup (hydration) instead of rendering the lines. */
  keepServerMarkup: boolean;
  onServerMarkupMissing: () => void;
}

const KEEP_MARKUP = { __html: '' };

function Lines({ code, language, lineClassNames, showLineNumbers, keepServerMarkup, onServerMarkupMissing }: LinesProps): JSX.Element {
  const codeRef = useRef<HTMLElement>(null);
  const tokens = useTokens(code, language, !keepServerMarkup);
  const className = clsx(styles.codeBlockLines, showLineNumbers && styles.codeBlockLinesWithNumbering);

  // If React rendered this block afresh during the first load instead of hydrating it (for
  // example after a hydration mismatch higher up), there is no server markup to keep: render
  // the lines instead, before the browser paints the empty block.
  useLayoutEffectInBrowser(() => {
    if (keepServerMarkup && codeRef.current && !codeRef.current.hasChildNodes() && code !== '') onServerMarkupMissing();
  }, [keepServerMarkup, code, onServerMarkupMissing]);

  if (keepServerMarkup) {
    // eslint-disable-next-line react/no-danger -- empty: hydration keeps the server's children
    return <code ref={codeRef} className={className} dangerouslySetInnerHTML={KEEP_MARKUP} suppressHydrationWarning />;
  }
  return (
    <code ref={codeRef} className={className}>
      {tokens.map((line, index) => (
        <Line
          // eslint-disable-next-line react/no-array-index-key -- lines have no identity beyond their position
          key={index}
          line={line}
          getLineProps={getLineProps}
          getTokenProps={getTokenProps}
          classNames={lineClassNames[index]}
          showLineNumbers={showLineNumbers}
        />
      ))}
    </code>
  );
}

const MemoLines = React.memo(Lines);

export default function CodeBlockString({
  children,
  className: blockClassName = '',
  metastring,
  title: titleProp,
  showLineNumbers: showLineNumbersProp,
  language: languageProp,
}: Props): JSX.Element {
  const {
    prism: { defaultLanguage, magicComments },
  } = useThemeConfig();
  // Prism's language names are lowercase; accept `PHP` as well as `php`.
  const language = (languageProp ?? parseLanguage(blockClassName) ?? defaultLanguage)?.toLowerCase();
  const prismLanguage = language ?? 'text';
  const wordWrap = useCodeWordWrap();
  const title = parseCodeBlockTitle(metastring) || titleProp;
  // A deliberate fragment (```ts fragment="why"```) says so above its code: the examples checker skips it.
  const fragment = fragmentReason(metastring);
  const { lineClassNames, code, lineCount } = useMemo(() => {
    const parsed = parseLines(children, { metastring, language, magicComments });
    return { ...parsed, lineCount: parsed.code.split('\n').length };
  }, [children, metastring, language, magicComments]);
  const showLineNumbers = showLineNumbersProp ?? containsLineNumbers(metastring);
  const hydrating = useIsHydrating();
  const [keepServerMarkup, setKeepServerMarkup] = useState(hydrating);
  const renderLines = useCallback(() => setKeepServerMarkup(false), []);

  return (
    <Container
      as="div"
      className={clsx(blockClassName, language && !blockClassName.includes(`language-${language}`) && `language-${language}`)}
    >
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      {fragment && (
        <div className="code-block-fragment">
          <strong>Fragment:</strong> {fragment}
        </div>
      )}
      {/* How many lines the block holds: the size it is given while the browser skips rendering it
          (content-visibility in custom.css). */}
      <div className={clsx(styles.codeBlockContent, 'code-block-body')} style={{ '--code-lines': lineCount } as React.CSSProperties}>
        <pre
          // A long line scrolls inside the block, so keyboard users must be able to focus it.
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx('prism-code', `language-${prismLanguage}`, styles.codeBlock, 'thin-scrollbar')}
        >
          <MemoLines
            // A new element when switching from the server's markup to rendered lines.
            key={keepServerMarkup ? 'server' : 'lines'}
            code={code}
            language={prismLanguage}
            lineClassNames={lineClassNames}
            showLineNumbers={showLineNumbers}
            keepServerMarkup={keepServerMarkup}
            onServerMarkupMissing={renderLines}
          />
        </pre>
        <div className={styles.buttonGroup}>
          {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
            <WordWrapButton className={styles.codeButton} onClick={() => wordWrap.toggle()} isEnabled={wordWrap.isEnabled} />
          )}
          <CopyButton className={styles.codeButton} code={code} />
        </div>
      </div>
    </Container>
  );
}
