/**
 * Wraps @theme-original/MDXComponents/Code (theme-classic 3.1.1).
 * Why: upstream renders a `code` element inline only when all its children are strings; anything
 * else becomes a code block. src/plugins/code-breaks adds `<wbr>` break points inside inline code
 * (after a path's `/`, between the words of a long chain), which would turn every such span into a
 * block (as would its `span.code-nobr` pieces). Strings, `<wbr>` and `<span>` children without a
 * newline stay inline here.
 * Upgrade risk: low; if upstream changes its inline test, this wrapper still only handles the
 * string-and-wbr case and defers everything else.
 */
import React from 'react';
import Code from '@theme-original/MDXComponents/Code';
import CodeInline from '@theme/CodeInline';
import type CodeType from '@theme/MDXComponents/Code';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof CodeType>;

function isBreakableInline(children: React.ReactNode): boolean {
  const parts = React.Children.toArray(children);
  return (
    parts.length > 0 &&
    parts.some((part) => typeof part !== 'string') &&
    parts.every(
      (part) =>
        (typeof part === 'string' && !part.includes('\n')) || (React.isValidElement(part) && (part.type === 'wbr' || part.type === 'span')),
    )
  );
}

export default function MDXCodeWrapper(props: Props): JSX.Element {
  return isBreakableInline(props.children) ? <CodeInline {...props} /> : <Code {...props} />;
}
