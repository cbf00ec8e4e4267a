/**
 * Wraps @theme-original/DocSidebarItem/Link (theme-classic 3.1.1).
 * Why: long single-word labels (`DescriptionComponentRendererProps`, `Table.CheckboxCellProps`)
 * were clipped by the sidebar's width. The label keeps its text and gains break opportunities
 * (`<wbr>`) between the words of an identifier: at camelCase humps, after `.` and after `:`, so a
 * long label wraps between words instead of being cut. Screen readers and the link's accessible
 * name read the same text.
 * Upgrade risk: low; relies only on the `item.label` prop, which a later version may also use as a
 * React key (a string key is kept on the wrapper below).
 */
import React, { type ReactNode } from 'react';
import Link from '@theme-original/DocSidebarItem/Link';
import type LinkType from '@theme/DocSidebarItem/Link';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof LinkType>;

/** Labels of up to this many characters fit the sidebar whatever their shape. */
const SHORT = 18;

export function breakableLabel(label: string): ReactNode {
  if (label.length <= SHORT || /\s/.test(label)) return label;
  const parts = label.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[.:])/);
  if (parts.length < 2) return label;
  return parts.map((part, index) => (
    // eslint-disable-next-line react/no-array-index-key -- the pieces of one label never move or change
    <React.Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </React.Fragment>
  ));
}

export default function DocSidebarItemLinkWrapper(props: Props): JSX.Element {
  const { item } = props;
  return <Link {...props} item={{ ...item, label: breakableLabel(item.label) as string }} />;
}
