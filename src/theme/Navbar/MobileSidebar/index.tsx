/**
 * Wraps @docusaurus/theme-classic 3.1.1 Navbar/MobileSidebar (the menu the hamburger opens, at 996 px
 * or less) so that it renders only once the menu is wanted (src/components/MobileMenuIntent: the
 * hamburger pressed or focused, or the menu opened).
 * Why: upstream renders the whole menu, hidden, as soon as the window is narrow; on a doc page that
 * work was the longest task after hydration in Lighthouse's mobile runs (docs-dev/performance.md).
 * Upgrade risk: low; the original renders unchanged once mounted. If upstream comes to need the menu
 * mounted while closed (an animation or a focus trap that starts from the closed state), remove
 * this wrapper and the one of DocSidebar/Mobile.
 */
import React from 'react';
import Original from '@theme-original/Navbar/MobileSidebar';
import { useMobileMenuWanted } from '@site/src/components/MobileMenuIntent';

export default function NavbarMobileSidebar(): JSX.Element | null {
  return useMobileMenuWanted() ? <Original /> : null;
}
