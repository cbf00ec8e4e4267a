/**
 * Wraps @docusaurus/theme-classic 3.1.1 NavbarItem/LocaleDropdownNavbarItem.
 * Why: the locale links keep the page's query and hash, but React 18 does not patch
 * attributes that differ between the server HTML (no query, no hash) and the first client
 * render, so the links kept the server's href. Remounting once the client is ready renders
 * them with the real location.
 * Upgrade risk: none; the wrapper only adds a key.
 */
import React from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import LocaleDropdownNavbarItem from '@theme-original/NavbarItem/LocaleDropdownNavbarItem';
import type LocaleDropdownNavbarItemType from '@theme/NavbarItem/LocaleDropdownNavbarItem';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof LocaleDropdownNavbarItemType>;

export default function LocaleDropdownNavbarItemWrapper(props: Props): JSX.Element {
  const isBrowser = useIsBrowser();
  return <LocaleDropdownNavbarItem key={isBrowser ? 'client' : 'server'} {...props} />;
}
