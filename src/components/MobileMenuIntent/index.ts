/**
 * Whether the mobile menu (the hamburger's, at 996 px or less) is wanted yet: true once a visitor has
 * pressed or focused the hamburger, or the menu has been opened, in this page or an earlier one of
 * the same visit.
 *
 * Why: upstream renders the whole menu, hidden, as soon as the window is found to be narrow. On a
 * doc page that is the navbar's items and every item of the doc's sidebar, rendered twice, plus
 * the first string comparison of the page (`NavbarSecondaryMenuFiller` sorts its props with
 * `localeCompare`, which loads the collation data): about 40 ms in the first second at 412 px on
 * the exports page, in tasks that Lighthouse's mobile run counted as blocking. The wrappers of
 * `Navbar/MobileSidebar` and `DocSidebar/Mobile` render nothing until this is true. A press or a
 * focus comes before the click that opens the menu, so the menu is in the page before it slides
 * in; a click without either (a script's) mounts it open.
 */
import { useEffect } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import { createOnceFlag } from '../OnceFlag';

/** The hamburger (theme-classic's Navbar/MobileSidebar/Toggle). */
const TOGGLE = '.navbar__toggle';
const INTENTS = ['pointerdown', 'focusin'] as const;

const wanted = createOnceFlag();
let listening = false;

function want(): void {
  if (wanted.isSet()) return;
  if (listening) for (const type of INTENTS) document.removeEventListener(type, onIntent, true);
  listening = false;
  wanted.set();
}

function onIntent(event: Event): void {
  if (event.target instanceof Element && event.target.closest(TOGGLE)) want();
}

export function useMobileMenuWanted(): boolean {
  const { shown, shouldRender } = useNavbarMobileSidebar();
  const isWanted = wanted.useValue(false);
  useEffect(() => {
    if (!shouldRender || wanted.isSet() || listening) return;
    listening = true;
    for (const type of INTENTS) document.addEventListener(type, onIntent, true);
  }, [shouldRender]);
  useEffect(() => {
    if (shown) want();
  }, [shown]);
  return isWanted || shown;
}
