/**
 * The executed claims, checked on the production build and on the last `npm run test:strapi`:
 * - every `data-claim` mark in the built HTML is a claim a test declares, on that test's page, and
 *   every declared claim has exactly one mark there (marks come from tests, never by hand);
 * - each page's footer count equals its marks;
 * - the home page's table lists every known defect with its page and its test;
 * - every claim's test passed in the last run (its results in .cache/strapi-claims/results/).
 *   `npm test` runs the claims before the build and sets STRAPI_CLAIMS_REQUIRED=1, so there the
 *   results must exist; alone, the test checks them when they are there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { footerText, testUrl } from '../src/plugins/executed-claims';
import { loadClaims, pageKeyOfDoc, type ExecutedClaim } from '../src/plugins/executed-claims/manifest';
import { ROOT, ROUTES } from './docs';

const BUILD = path.join(ROOT, 'build');
const RESULTS = path.join(ROOT, '.cache/strapi-claims/results');
const claims = loadClaims(ROOT);

function htmlFileOf(route: string): string {
  return path.join(BUILD, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
}

function allHtml(dir = BUILD): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : allHtml(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const routeOfPage = new Map(ROUTES.map((r) => [pageKeyOfDoc(r.file), r.route]));

test('the claims files back pages that exist, and declare at least one claim each', () => {
  const problems = claims
    .filter((c) => !routeOfPage.has(c.page))
    .map((c) => `${c.testFile}: no page docs/${c.page}.md in the route contract`);
  assert.deepEqual(problems, []);
});

test('every mark in the build is a declared claim on its own page, and every claim has exactly one mark', () => {
  const byId = new Map(claims.map((c) => [c.fullId, c]));
  const found = new Map<string, string[]>();
  for (const file of allHtml()) {
    const $ = cheerio.load(readFileSync(file, 'utf8'));
    $('[data-claim]').each((_, el) => {
      const id = $(el).attr('data-claim') ?? '';
      found.set(id, [...(found.get(id) ?? []), path.relative(BUILD, file)]);
    });
  }
  const problems: string[] = [];
  for (const [id, files] of found) {
    const claim = byId.get(id);
    if (!claim) {
      problems.push(`${files.join(', ')}: a mark "${id}" that no test in strapi-app/claims declares`);
      continue;
    }
    const expected = path.relative(BUILD, htmlFileOf(routeOfPage.get(claim.page) ?? `/${claim.page}`));
    if (files.length !== 1 || files[0] !== expected) problems.push(`${id}: marked in ${files.join(', ')}, expected once in ${expected}`);
  }
  for (const claim of claims)
    if (!found.has(claim.fullId)) problems.push(`${claim.testFile}:${claim.line}: ${claim.fullId} has no mark on its page`);
  assert.deepEqual(problems, []);
});

test("each mark links to its test's line and says what it proves", () => {
  const problems: string[] = [];
  for (const [page, route] of routeOfPage) {
    const own = claims.filter((c) => c.page === page);
    if (own.length === 0) continue;
    const $ = cheerio.load(readFileSync(htmlFileOf(route), 'utf8'));
    for (const claim of own) {
      const mark = $(`[data-claim="${claim.fullId}"]`);
      if (mark.attr('href') !== testUrl(claim)) problems.push(`${claim.fullId}: href ${mark.attr('href')}, expected ${testUrl(claim)}`);
      const label = mark.attr('aria-label') ?? '';
      const expected = claim.kind === 'defect' ? /^Reproduced by running Strapi 5\.54\.0/ : /^Verified by running Strapi 5\.54\.0/;
      if (!expected.test(label)) problems.push(`${claim.fullId}: aria-label "${label}"`);
      if (mark.text().trim() !== '')
        problems.push(`${claim.fullId}: the mark has text "${mark.text()}" (it must add none to the page's text)`);
    }
  }
  assert.deepEqual(problems, []);
});

test("each page's footer gives its count of executed claims", () => {
  const problems: string[] = [];
  for (const [page, route] of routeOfPage) {
    const own = claims.filter((c) => c.page === page);
    const $ = cheerio.load(readFileSync(htmlFileOf(route), 'utf8'));
    const footer = $('.source-footer .claims-count');
    if (own.length === 0) {
      if (footer.length) problems.push(`${route}: a claims count without claims`);
      continue;
    }
    const text = footer.text().replace(/\s+/g, ' ');
    if (!text.startsWith(footerText(own).trim())) problems.push(`${route}: footer "${text}", expected it to start "${footerText(own)}"`);
    if ($('[data-claim]').length !== own.length) problems.push(`${route}: ${$('[data-claim]').length} marks for ${own.length} claims`);
  }
  assert.deepEqual(problems, []);
});

test("each page's Markdown export gives the same count and links the claims file, without the marks", () => {
  const problems: string[] = [];
  let checked = 0;
  for (const [page, route] of routeOfPage) {
    const own = claims.filter((c) => c.page === page);
    if (own.length === 0) continue;
    checked += 1;
    const markdown = readFileSync(path.join(BUILD, route === '/' ? 'index.md' : `${route.slice(1)}.md`), 'utf8').replace(/\s+/g, ' ');
    if (!markdown.includes(footerText(own).trim())) problems.push(`${route}.md: no "${footerText(own).trim()}"`);
    const file = testUrl(own[0]).replace(/#L\d+$/, '');
    if (!markdown.includes(`(${file})`)) problems.push(`${route}.md: no link to ${file}`);
    if (markdown.includes('data-claim') || markdown.includes(`(${file}#L`)) problems.push(`${route}.md: carries a mark`);
  }
  assert.deepEqual(problems, []);
  assert.equal(checked, new Set(claims.map((c) => c.page)).size);
});

test('the home page lists every known defect with its page and its test, in the order the tests declare them', () => {
  const $ = cheerio.load(readFileSync(htmlFileOf('/'), 'utf8'));
  const table = $('table').filter((_, t) => $(t).find('th').first().text() === 'Page');
  assert.equal(table.length, 1, 'the home page has one table of known defects');
  const rows = table
    .find('tbody tr')
    .toArray()
    .map((tr) => {
      const cells = $(tr).find('td');
      return { page: cells.eq(0).find('a').attr('href'), summary: cells.eq(1).text(), test: cells.eq(2).find('a').attr('href') };
    });
  const defects = claims.filter((c) => c.kind === 'defect');
  assert.ok(defects.length > 0, 'no test declares a defect');
  assert.deepEqual(
    rows,
    defects.map((d) => ({ page: routeOfPage.get(d.page), summary: (d.summary ?? '').replace(/`/g, ''), test: testUrl(d) })),
  );
});

interface Results {
  page: string;
  outcomes: Array<{ id: string; kind: string; passed: boolean; error?: string }>;
}

function readResults(dir = RESULTS): Results[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? readResults(full) : e.name.endsWith('.json') ? [JSON.parse(readFileSync(full, 'utf8')) as Results] : [];
  });
}

test('every executed claim passed in the last run of npm run test:strapi', (t) => {
  const results = readResults();
  if (results.length === 0 && !process.env.STRAPI_CLAIMS_REQUIRED) {
    t.skip('no results in .cache/strapi-claims/results: run npm run test:strapi first');
    return;
  }
  const outcome = new Map(results.flatMap((r) => r.outcomes.map((o) => [o.id, o] as const)));
  const problems: string[] = [];
  const describe = (c: ExecutedClaim) => `${c.fullId} (${c.testFile}:${c.line})`;
  for (const claim of claims) {
    const o = outcome.get(claim.fullId);
    if (!o) problems.push(`${describe(claim)}: not run`);
    else if (!o.passed) problems.push(`${describe(claim)}: failed: ${o.error}`);
  }
  const declared = new Set(claims.map((c) => c.fullId));
  for (const id of outcome.keys()) if (!declared.has(id)) problems.push(`${id}: a result for a claim no test declares any more`);
  assert.deepEqual(problems, []);
});
