/**
 * Client module: a URL hash with malformed percent-encoding (`#%E0%A4%A`, `#%`) must not break the
 * page. Docusaurus 3.1.1 decodes the hash with decodeURIComponent after every client-side location
 * change (ClientLifecyclesDispatcher in @docusaurus/core, not swizzlable); on a malformed hash that
 * throws URIError inside a React layout effect and the whole page crashes. Typing such a hash in the
 * address bar, following a crafted link or going back to one is enough.
 *
 * The fix rewrites a malformed hash, before the router reads it, into the same text with every `%`
 * escaped (`%25`), so it decodes to exactly what the visitor typed. It runs when the module loads
 * (first page) and on every popstate, ahead of the router's own popstate listener (registered
 * first, and in the capture phase). Upgrade risk: none; harmless once upstream guards the decode.
 */
/** The hash itself when it decodes, else the same text with every `%` escaped. */
export function safeHash(hash: string): string {
  try {
    decodeURIComponent(hash.slice(1));
    return hash;
  } catch {
    return hash.replace(/%/g, '%25');
  }
}

/** Rewrites the current location's hash in place (no new history entry) when it does not decode. */
function repairLocationHash(): void {
  const { hash, pathname, search } = window.location;
  const safe = safeHash(hash);
  if (safe !== hash) window.history.replaceState(window.history.state, '', `${pathname}${search}${safe}`);
}

// In the browser only (not while the build renders pages on the server).
if (typeof window !== 'undefined') {
  repairLocationHash();
  window.addEventListener('popstate', repairLocationHash, { capture: true });
}
