/**
 * Client module: sets `<html data-page-hydrated="true">` once the first load has hydrated every
 * part of the page, the parts that hydrate in turns of their own included
 * (src/components/DeferHydration). Docusaurus's `data-has-hydrated` is written through `<Head>`,
 * which src/plugins/head-after-hydration mounts in a task after this mark, so it comes later; the
 * browser suites, the benchmark and the screenshot scripts wait for this one before they click.
 */
import type { ClientModule } from '@docusaurus/types';
import { afterHydration } from '../components/DeferHydration/schedule';

const pageHydrated: ClientModule = {
  onRouteDidUpdate() {
    if (typeof document === 'undefined') return;
    afterHydration(() => document.documentElement.setAttribute('data-page-hydrated', 'true'));
  },
};

export default pageHydrated;
