/**
 * The HTML page template of the production build (`ssrTemplate`, a documented site option):
 * Docusaurus 3.1.1's own template (`@docusaurus/core/lib/webpack/templates/ssr.html.template.js`)
 * with one change: the bundles run after the page's first contentful paint.
 *
 * Why (docs-dev/performance.md, "Largest contentful paint", has the traces): upstream puts `<script defer>` for the runtime
 * and main bundles in the head. When they arrive quickly, Chromium runs them, and the route chunks
 * they request, before it paints the server-rendered page, so the first paint (which is also the
 * largest one: the first paragraph) waits for ~150 KB gzip of JavaScript and the hydration. In
 * Lighthouse's simulated mobile load that JavaScript was the whole "render delay" of the LCP
 * element (1.8 s LCP for a 0.9 s first contentful paint).
 *
 * Here the page lists its scripts in a JSON data block: the runtime and main bundles, then the
 * route's chunks (src/plugins/lazy-routes reports them during the server render). An inline script
 * at the end of the body adds them, in order, once the browser reports the first contentful paint
 * (a `paint` PerformanceObserver entry, delivered after the frame is shown). A hidden tab, or a
 * browser without paint timing, starts them at once, as upstream does. Readers see the same page;
 * it becomes interactive after it is painted instead of before.
 *
 * Nothing is preloaded before the paint. The bundles were, at low priority, until 2026-11-27:
 * Lighthouse's simulation keeps a script that finished downloading before the LCP in the LCP's
 * graph unless it finds the script's evaluation among the page's tasks, and it leaves out tasks
 * under 10 ms. Once the main bundle's evaluation was that short, the mobile LCP of the cheat sheet
 * went from 1.0 s to 1.4 s in one Lighthouse run of three (docs-dev/performance.md, "The route's
 * chunks in the page").
 *
 * The first paint itself waits until the parser reaches the loader, that is until the whole page is
 * parsed (`<link rel="expect" blocking="render">`, Chromium 124 and later; other browsers ignore
 * it). Without it, an HTML document arriving in pieces (a slow network, a busy machine) was painted
 * in part, the navbar and the sidebar, the loader took that paint for its signal, and the bundles
 * ran before the article's first paragraph, the largest paint, was shown: in Lighthouse's mobile
 * run of the long doc on a loaded machine the LCP went from 1.0 to 1.6 s (2026-11-25, a trace with
 * a first paint of the navbar at 66 ms, the loader at 73 ms, the bundles at 119 ms and the
 * paragraph at 141 ms).
 *
 * The inline script's text is the same on every page, so scripts/csp.ts adds a single hash.
 * Upgrade risk: the template must follow upstream's on a Docusaurus upgrade (compare with the
 * file above; the `it.*` variables are upstream's). If upstream starts painting before hydrating
 * by itself, delete this file and the `ssrTemplate` line in docusaurus.config.ts.
 */

/**
 * Starts the page's scripts (`#__docusaurus-scripts`: the runtime and main bundles, then, in the
 * next task, the route's chunks: each inserted script costs the task a millisecond or two in
 * Lighthouse's traces) after the first contentful paint, and before them inserts what
 * `template[data-after-paint]` holds: the site stylesheet, which src/plugins/critical-css moves
 * there (its critical rules are inlined in the head). Each script's `src` attribute is the path as
 * listed (`/assets/js/…`): webpack's chunk loader looks for an existing script by that attribute
 * before inserting one of its own (src/plugins/lazy-routes). A script that fails to load is taken
 * out of the document: webpack, finding no element, then inserts its own, which fails or loads
 * again and tells the route's loader either way. Left in place, a script that had already failed
 * when webpack found it never reported to webpack, and the page waited for it forever (the first
 * load's Retry test in e2e/errors.spec.ts, three runs of four).
 *
 * The generator's base-URL banner (home page only: an inline `insertBanner()` and a
 * DOMContentLoaded check that `window.docusaurus` is defined) assumes the bundles ran before
 * DOMContentLoaded, which is no longer so: left alone it inserted the banner on every home page
 * load, hidden only once the stylesheet applied (a layout shift of 1.26 in Lighthouse). So
 * `window.docusaurus` is defined here as a placeholder (core's entry replaces it), and the banner
 * is inserted when one of the two bundles (runtime and main) fails to load instead, which is what
 * the check stood for. A route chunk that fails is the route's to report (its error and Retry).
 */
export const AFTER_PAINT_LOADER = [
  '!function(){var s=!1,r=/\\/(runtime~)?main\\.[0-9a-f]+\\.js$/;window.docusaurus=window.docusaurus||{};',
  'function b(){"function"!=typeof window.insertBanner||document.getElementById("__docusaurus-base-url-issue-banner-container")||window.insertBanner()}',
  'function a(u){var e=document.createElement("script");e.setAttribute("src",u);e.async=!1;',
  'e.onerror=function(){e.parentNode&&e.parentNode.removeChild(e);r.test(u)&&b()};document.body.appendChild(e)}',
  'function n(f){if("function"!=typeof MessageChannel)return setTimeout(f,0);var m=new MessageChannel;m.port1.onmessage=f;m.port2.postMessage(0)}',
  'function g(){if(!s){s=!0;',
  'document.querySelectorAll("template[data-after-paint]").forEach(function(t){document.head.appendChild(t.content.cloneNode(!0))});',
  'var c=document.getElementById("__docusaurus-scripts"),l=c?JSON.parse(c.textContent):[];',
  'l.filter(function(u){return r.test(u)}).forEach(a);n(function(){l.filter(function(u){return!r.test(u)}).forEach(a)})}}',
  'try{if("hidden"!==document.visibilityState&&PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){',
  'new PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint").length&&g()})',
  '.observe({type:"paint",buffered:!0});',
  'document.addEventListener("visibilitychange",function(){"hidden"===document.visibilityState&&g()});return}}',
  'catch(e){}g()}();',
].join('');

/** The scripts a built page lists for its loader (`#__docusaurus-scripts`), in order, from its HTML. */
export function listedScripts(html: string): string[] {
  const block = /<script type="application\/json" id="__docusaurus-scripts">([^<]*)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]) as string[]) : [];
}

export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <link rel="expect" href="#__docusaurus-loader" blocking="render">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script type="application/json" id="__docusaurus-scripts"><%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %></script>
    <script id="__docusaurus-loader">${AFTER_PAINT_LOADER}</script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
