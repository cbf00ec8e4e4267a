/**
 * Wraps @docusaurus/theme-classic 3.1.1 DocSidebar/Mobile (it hands the doc's sidebar to the mobile
 * menu as its secondary menu) so that it renders only once the menu is wanted
 * (src/components/MobileMenuIntent).
 * Why: registering the sidebar costs the first `localeCompare` of the page (collation data) and
 * re-renders the menu; nobody sees the sidebar there before the menu opens. The menu still opens
 * on the doc's sidebar: the registration runs when the hamburger is pressed or focused, or with
 * the opening itself.
 * Upgrade risk: low; the original renders unchanged once mounted. Remove together with the wrapper
 * of Navbar/MobileSidebar.
 */
import React, { type ComponentProps } from 'react';
import Original from '@theme-original/DocSidebar/Mobile';
import { useMobileMenuWanted } from '@site/src/components/MobileMenuIntent';

export default function DocSidebarMobile(props: ComponentProps<typeof Original>): JSX.Element | null {
  return useMobileMenuWanted() ? <Original {...props} /> : null;
}
