/**
 * Wraps @docusaurus/theme-classic 3.1.1 Navbar/Logo (the logo and site title) in DeferHydration.
 * Why: the navbar hydrated as one part took 15 to 22 ms, over the 8 ms budget of a turn; each of
 * its items now hydrates in a turn of its own (src/components/DeferHydration). It renders one link.
 * Upgrade risk: low; the original renders unchanged. If upstream makes it render more than one
 * element, remove this wrapper (the browser suites would show the part duplicated or unhydrated).
 */
import Original from '@theme-original/Navbar/Logo';
import { deferred } from '@site/src/components/DeferHydration';

export default deferred(Original);
