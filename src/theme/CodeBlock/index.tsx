/**
 * CodeBlock — ejected from @docusaurus/theme-classic 3.1.1 `theme/CodeBlock` (a few lines).
 * Why: upstream remounts every code block after hydration (`key={String(isBrowser)}`) because
 * the server renders the light Prism theme's colours as inline styles, which hydration cannot
 * fix for a visitor in dark mode. Here token colours are CSS (see src/plugins/prism-token-css and
 * ./Content/String.tsx), so the server's markup is right in both colour modes and the remount,
 * a second Prism pass over every block in one long main-thread task, is gone.
 * Upgrade risk: low. Re-check upstream's CodeBlock/index when upgrading Docusaurus.
 */
import React, { isValidElement, type ReactNode } from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

/** Joins plain-string children into one string (copyable, highlightable); leaves elements as they are. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): JSX.Element {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
