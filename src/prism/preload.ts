/**
 * Client module (added by src/plugins/code-highlighting): starts loading the highlighter as
 * soon as a client-side navigation starts, alongside the next page's own chunks, so its code
 * blocks are highlighted when they first render instead of showing plain text for a moment.
 * The first page of a visit never needs it (its blocks keep the server's markup).
 */
import type { ClientModule } from '@docusaurus/types';
import { loadHighlighter } from './index';

const module: ClientModule = {
  onRouteUpdate({ location, previousLocation }) {
    if (previousLocation && previousLocation.pathname !== location.pathname) {
      // A failure only means the next page's code shows as plain text; src/prism retries later.
      loadHighlighter().catch(() => undefined);
    }
  },
};

export default module;
