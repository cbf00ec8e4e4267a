/**
 * Checks on the production build in build/ (run after `docusaurus build`): the build log
 * is warning-free, every route of the contract was rendered, tag pages list exactly the
 * docs carrying each tag, the search indexes parse and cover every doc, and every image
 * exists and has alt text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DOCS_REPO_BRANCH, DOCS_REPO_URL, STRAPI_VERSION } from '../src/config/site';
import { TAGS } from '../src/data/tags';
import { logWarnings } from './build-log';
import { ROOT, ROUTES, readDocs, routeOfDoc, tagSlug } from './docs';

/** The build checked: build/, or another folder (`BUILD_DIR=/tmp/x`, as playwright.config.ts reads it). */
const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');
const BUILD_LOG = process.env.BUILD_LOG ?? path.join(ROOT, 'build.log');

function htmlFor(route: string): string {
  const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
  return readFileSync(path.join(BUILD, file), 'utf8');
}

function allHtml(dir = BUILD): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : allHtml(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

test('the build log has no warning (broken links, markdown links, anchors...)', () => {
  assert.ok(existsSync(BUILD_LOG), `no build log at ${BUILD_LOG}: run the build through scripts/test.sh`);
  const log = readFileSync(BUILD_LOG, 'utf8');
  assert.match(log, /\[SUCCESS\] Generated static files/, 'the build did not finish');
  // Any warning fails (scripts/build-log.ts says which lines warn and which one is allowed).
  const warnings = logWarnings(log);
  assert.deepEqual(warnings, []);
});

test('every route of the contract is rendered with its title', () => {
  const problems: string[] = [];
  for (const route of ROUTES) {
    const file = route.route === '/' ? 'index.html' : `${route.route.slice(1)}.html`;
    if (!existsSync(path.join(BUILD, file))) {
      problems.push(`${route.route}: build/${file} is missing`);
      continue;
    }
    const title = route.title;
    const html = htmlFor(route.route);
    const h1 = /<h1[^>]*>([^<]*)</.exec(html)?.[1];
    if (route.route !== '/' && h1 !== title.replace(/&/g, '&amp;')) problems.push(`${route.route}: h1 "${h1}" should be "${title}"`);
  }
  assert.deepEqual(problems, []);
});

test('every page ends with the release it was checked against and links every source file it cites at its tag', () => {
  const problems: string[] = [];
  for (const route of ROUTES) {
    const html = htmlFor(route.route);
    const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
    const footer = /<aside class="source-footer" aria-label="Sources">([\s\S]*?)<\/aside>/.exec(article);
    if (!footer) {
      problems.push(`${route.route}: no source footer`);
      continue;
    }
    if (!footer[1].includes(`Checked against Strapi ${STRAPI_VERSION}`))
      problems.push(`${route.route}: footer does not name Strapi ${STRAPI_VERSION}`);
    const inFooter = new Set([...footer[1].matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/#.*$/, '')));
    for (const href of inFooter) {
      // The executed claims' count links to the page's claims file in this site's repository.
      if (href.startsWith(`${DOCS_REPO_URL}/blob/${DOCS_REPO_BRANCH}/strapi-app/claims/`)) continue;
      // A file or folder at a tag, or a repository's root at a tag (`tree/v5.1.1`).
      if (!/^https:\/\/github\.com\/strapi\/[\w.-]+\/(blob|tree)\/v\d+\.\d+\.\d+(\/|$)/.test(href))
        problems.push(`${route.route}: footer link ${href} is not at a release tag`);
    }
    const body = article.replace(footer[0], '');
    for (const m of body.matchAll(/href="(https:\/\/github\.com\/strapi\/[\w.-]+\/(?:blob|tree)\/[^"]+)"/g)) {
      const href = m[1].replace(/&amp;/g, '&').replace(/#.*$/, '');
      // This site's own repository (the tests behind the executed-claims marks) is not Strapi's source.
      if (href.startsWith(`${DOCS_REPO_URL}/`)) continue;
      if (!inFooter.has(href)) problems.push(`${route.route}: cites ${href} but the footer does not list it`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every doc page has one "Edit this page" link, to its own file under docs/ in the site repository', () => {
  // The expected file comes from the docs/ tree (each file and the route it gets), not from the
  // docs plugin's editUrl, so a wrong folder, extension or page fails here.
  const problems: string[] = [];
  const docs = readDocs();
  assert.equal(docs.length, ROUTES.length);
  for (const doc of docs) {
    const route = routeOfDoc(doc);
    const expected = `${DOCS_REPO_URL}/edit/${DOCS_REPO_BRANCH}/${doc.file}`;
    assert.ok(/^docs\/.+\.mdx?$/.test(doc.file) && existsSync(path.join(ROOT, doc.file)), doc.file);
    const html = htmlFor(route);
    const anchors = [...html.matchAll(/<a\s[^>]*>[\s\S]*?<\/a>/g)].map((m) => m[0]);
    const editLinks = anchors.filter((a) => /class="[^"]*\btheme-edit-this-page\b/.test(a) || a.includes(`href="${DOCS_REPO_URL}/edit/`));
    if (editLinks.length !== 1) {
      problems.push(`${route}: ${editLinks.length} edit links`);
      continue;
    }
    const [link] = editLinks;
    const href = /\shref="([^"]*)"/.exec(link)?.[1];
    if (href !== expected) problems.push(`${route}: edit link ${href}, expected ${expected}`);
    if (link.replace(/<[^>]+>/g, '').trim() !== 'Edit this page') problems.push(`${route}: edit link text ${JSON.stringify(link)}`);
    // In the doc's own footer, after the body and its source footer: where the classic theme puts it.
    const footer = /<footer class="theme-doc-footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
    if (!footer.includes(link)) problems.push(`${route}: the edit link is not in the doc footer`);
  }
  assert.deepEqual(problems, []);
  // Tag pages and the 404 page are no doc: they have no file to edit.
  for (const route of ['/tags', '/tags/database', '/404']) assert.ok(!htmlFor(route).includes('theme-edit-this-page'), route);
});

test('code with break points stays inline: no <wbr> or unbreakable piece ends up in a code block', () => {
  const problems: string[] = [];
  let inline = 0;
  for (const route of ROUTES) {
    const html = htmlFor(route.route);
    for (const pre of html.matchAll(/<pre[\s\S]*?<\/pre>/g)) {
      if (pre[0].includes('<wbr') || pre[0].includes('code-nobr'))
        problems.push(
          `${route.route}: a code block holds <wbr> (inline code rendered as a block): ${pre[0].replace(/<[^>]+>/g, '').slice(0, 60)}`,
        );
    }
    inline += [...html.matchAll(/<code[^>]*>(?:(?!<\/code>)[\s\S])*<wbr/g)].length;
  }
  assert.deepEqual(problems, []);
  assert.ok(inline > 100, `expected many inline code spans with break points, found ${inline}`);
});

test('/tags lists every tag of the vocabulary and each tag page lists exactly its docs', () => {
  const index = htmlFor('/tags');
  const listed = [...index.matchAll(/href="\/tags\/([^"]+)"/g)].map((m) => m[1]).sort();
  const expected = TAGS.map(tagSlug).sort();
  assert.deepEqual(listed, expected);
  assert.equal(listed.length, 75);

  const routeOf = new Map(ROUTES.map((route) => [route.file, route.route]));
  const docs = readDocs();
  for (const tag of TAGS) {
    const html = htmlFor(`/tags/${tagSlug(tag)}`);
    const onPage = [...html.matchAll(/<article[^>]*><a href="([^"]+)"/g)].map((m) => m[1]).sort();
    const carrying = docs
      .filter((doc) => Array.isArray(doc.data.tags) && doc.data.tags.includes(tag))
      .map((doc) => routeOf.get(doc.file))
      .sort();
    assert.deepEqual(onPage, carrying, `tag page /tags/${tagSlug(tag)}`);
  }
});

test('tag pages list their docs in title order, and /tags its tags in alphabetical order', () => {
  // What a reader scanning a list expects; compared in the order shown, never on sorted copies.
  const inOrder = (values: string[]) => values.every((value, i) => i === 0 || values[i - 1].localeCompare(value) <= 0);
  const index = htmlFor('/tags');
  const tagLabels = [...index.matchAll(/href="\/tags\/[^"]+"[^>]*>([^<]+)</g)].map((m) => m[1].trim());
  assert.equal(tagLabels.length, 75);
  assert.ok(inOrder(tagLabels.map((label) => label.toLowerCase())), tagLabels.join(', '));
  for (const tag of TAGS) {
    const titles = [...htmlFor(`/tags/${tagSlug(tag)}`).matchAll(/<article[^>]*><a href="[^"]+"><h2[^>]*>([^<]+)</g)].map((m) => m[1]);
    assert.ok(titles.length > 0, tag);
    assert.ok(inOrder(titles), `/tags/${tagSlug(tag)}: ${titles.join(', ')}`);
  }
});

/** A built page's Previous or Next link. */
function paginationOf(route: string, rel: 'prev' | 'next'): string | null {
  const found = new RegExp(`class="pagination-nav__link pagination-nav__link--${rel}" href="([^"]+)"`).exec(htmlFor(route));
  return found ? found[1] : null;
}

test("each sidebar's reading order is the contract's: following Next from its first page meets its routes in routes.json order", () => {
  // src/data/routes.json lists each sidebar's pages in the order of routes.md's sidebar notes
  // (a category's own page first, then its pages by position). A wrong sidebar_position or
  // category position changes the chain.
  for (const sidebar of ['guides', 'docs', 'api', 'exports', 'rfcs']) {
    const expected = ROUTES.filter((route) => route.sidebar === sidebar).map((route) => route.route);
    const followed = [expected[0]];
    assert.equal(paginationOf(expected[0], 'prev'), null, `${expected[0]} opens the ${sidebar} sidebar`);
    for (let next = paginationOf(expected[0], 'next'); next !== null; next = paginationOf(next, 'next')) followed.push(next);
    assert.deepEqual(followed, expected, `the ${sidebar} sidebar`);
    // And Previous walks the same chain back.
    for (let i = 1; i < expected.length; i += 1) assert.equal(paginationOf(expected[i], 'prev'), expected[i - 1], expected[i]);
  }
});

test('each search index parses and covers every doc', () => {
  const files = readdirSync(BUILD).filter((name) => /^search-index-.+\.json$/.test(name));
  assert.ok(files.length >= 1, 'no search-index-*.json in build/');
  const covered = new Set<string>();
  for (const name of files) {
    const data = JSON.parse(readFileSync(path.join(BUILD, name), 'utf8'));
    assert.ok(Array.isArray(data.documents), `${name}: "documents" is not a list`);
    assert.equal(typeof data.index, 'object', `${name}: "index" is missing`);
    for (const doc of data.documents) covered.add(String(doc.sectionRoute).split('#')[0]);
  }
  const missing = ROUTES.map((route) => route.route).filter((route) => !covered.has(route));
  assert.deepEqual(missing, []);
});

test('every image in the built HTML exists and has alt text', () => {
  const problems: string[] = [];
  // Counted, so that a change in how images are written cannot make this pass on no image at all.
  let images = 0;
  let local = 0;
  let inline = 0;
  for (const file of allHtml()) {
    const html = readFileSync(file, 'utf8');
    for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
      images += 1;
      const src = /\bsrc="([^"]+)"/.exec(tag)?.[1] ?? '';
      if (!/\balt="[^"]+"/.test(tag)) problems.push(`${path.relative(BUILD, file)}: <img src="${src}"> has no alt text`);
      if (src.startsWith('/')) {
        local += 1;
        if (!existsSync(path.join(BUILD, src.split(/[?#]/)[0])))
          problems.push(`${path.relative(BUILD, file)}: image ${src} does not exist`);
      } else if (src.startsWith('data:image/svg+xml,')) {
        inline += 1;
        if (!decodeURIComponent(src.slice('data:image/svg+xml,'.length)).startsWith('<svg'))
          problems.push(`${path.relative(BUILD, file)}: inline image ${src.slice(0, 60)}... is not an SVG`);
      } else if (!/^(https:|data:)/.test(src))
        problems.push(`${path.relative(BUILD, file)}: image ${src} is neither a site path nor https/data`);
    }
  }
  assert.deepEqual([...new Set(problems)], []);
  // The logos are inline (src/config/images.ts), six per page: light and dark in the navbar and in
  // the mobile menu's header, and the footer's twice (the dark logo in both modes).
  assert.ok(images >= 960 && inline >= 960, `every page shows the logos: ${images} images, ${inline} inline, ${local} on the site`);
});

test('the social card referenced by the pages exists, and the inline favicon and logos are the files of static/img', () => {
  const html = htmlFor('/docs/intro');
  const card = /<meta[^>]+property="og:image"[^>]+content="([^"]+)"/.exec(html)?.[1];
  assert.ok(card, 'no og:image');
  assert.ok(existsSync(path.join(BUILD, new URL(card, 'https://contributor.strapi.io').pathname)), `${card} is referenced but not built`);
  const inline = (uri: string | undefined) => (uri?.startsWith('data:image/svg+xml,') ? decodeURIComponent(uri.slice(19)) : uri);
  const file = (name: string) => readFileSync(path.join(BUILD, 'img', name), 'utf8').trim();
  const [light, dark] = [file('logo.svg'), file('logo-dark.svg')];
  assert.equal(inline(/<link[^>]+rel="icon"[^>]+href="([^"]+)"/.exec(html)?.[1]), file('favicon.svg'));
  // Navbar and mobile menu (light, dark each), then the footer (the dark logo on the dark footer, in both modes).
  assert.deepEqual(
    [...html.matchAll(/<img[^>]*themedComponent[^>]*>/g)].map((m) => inline(/\bsrc="([^"]+)"/.exec(m[0])?.[1])),
    [light, dark, light, dark, dark, dark],
  );
});

test('every page, tag pages included, has a meta description', () => {
  const missing = allHtml()
    .filter((file) => !file.endsWith('404.html'))
    .filter((file) => !/<meta[^>]+name="description"[^>]+content="[^"]+"/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(BUILD, file));
  assert.deepEqual(missing, []);
});

test('the main bundle holds neither Prism nor mermaid; both are chunks of their own', () => {
  const jsDir = path.join(BUILD, 'assets/js');
  const files = readdirSync(jsDir).filter((name) => name.endsWith('.js'));
  const main = files.find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
  assert.ok(main, 'no main bundle');
  const mainSource = readFileSync(path.join(jsDir, main), 'utf8');
  // `shebang` is a token name of Prism's Bash grammar; `sequenceDiagram` a mermaid keyword.
  assert.ok(!mainSource.includes('shebang'), 'Prism grammars are in the main bundle');
  assert.ok(!mainSource.includes('sequenceDiagram'), 'mermaid is in the main bundle');
  const prismChunks = files.filter((name) => name !== main && readFileSync(path.join(jsDir, name), 'utf8').includes('shebang'));
  assert.equal(prismChunks.length, 1, `Prism grammars should be in exactly one chunk, found ${prismChunks.join(', ')}`);
});

test('every code block of the HTML is highlighted with class names only, never inline colours', () => {
  const html = readFileSync(path.join(BUILD, 'guides/type-system/cheatsheet.html'), 'utf8');
  const tokens = html.match(/<span class="token [^"]*"[^>]*>/g) ?? [];
  assert.ok(tokens.length > 100, `only ${tokens.length} tokens`);
  assert.deepEqual(
    tokens.filter((tag) => /style="[^"]*color/.test(tag)),
    [],
  );
  assert.ok(!/<pre[^>]*style="[^"]*color/.test(html), 'a <pre> carries an inline colour');
});
