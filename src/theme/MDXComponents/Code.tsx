/**
 * Wraps @docusaurus/theme-classic 3.1.1 MDXComponents/Code (picks inline code or a code block).
 * Why: src/plugins/code-breaks puts `<wbr>` break points inside inline code, and upstream renders
 * code whose children are not all strings as a block. `config/<wbr>server` in a sentence became a
 * `<pre>` inside a `<p>`: shown as a block, and invalid nesting that the browser's parser splits,
 * so React's hydration failed on every page with such code. Here, code made only of one-line text
 * and `<wbr>` elements stays inline; everything else goes to upstream's component unchanged.
 * Upgrade risk: low. Re-check if upstream's own inline test changes (it already accepts text).
 */
import React, { isValidElement, type ReactNode } from 'react';
import Code from '@theme-original/MDXComponents/Code';
import CodeInline from '@theme/CodeInline';
import type CodeType from '@theme/MDXComponents/Code';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof CodeType>;

const isBreak = (child: ReactNode) => isValidElement(child) && child.type === 'wbr';

export default function CodeWrapper(props: Props): JSX.Element {
  const children = React.Children.toArray(props.children);
  const inlineWithBreaks =
    children.some(isBreak) && children.every((child) => isBreak(child) || (typeof child === 'string' && !child.includes('\n')));
  return inlineWithBreaks ? <CodeInline {...props} /> : <Code {...props} />;
}
