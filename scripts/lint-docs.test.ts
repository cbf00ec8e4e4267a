/**
 * Docs lint: the rules of scripts/lint-docs.ts applied to every doc under docs/, without building
 * the site. Each failure names the file, the key or line, and the fix. The rules' own tests, on
 * small planted pages, are in scripts/lint-docs-rules.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TAGS } from '../src/data/tags';
import { STRAPI_VERSION } from '../src/config/site';
import { highlighter } from '../src/prism/highlighter';
import { ROOT, ROUTES, readDocs, routeOfDoc } from './docs';
import {
  categoryProblems,
  expressionProblems,
  fenceProblems,
  fragmentProblems,
  frontmatterProblems,
  h1Problems,
  placeholderProblems,
  routeProblems,
  vocabularyProblems,
} from './lint-docs';

const docs = readDocs();
const vocabulary = new Set<string>(TAGS);

test('every doc has a title, a description, the pinned release and known tags', () => {
  assert.ok(docs.length >= 160, `expected at least 160 docs, found ${docs.length}`);
  assert.deepEqual(
    docs.flatMap((doc) => frontmatterProblems(doc, vocabulary, STRAPI_VERSION)),
    [],
  );
});

test('every tag of the vocabulary is used, and listed once', () => {
  assert.deepEqual(vocabularyProblems(docs, TAGS), []);
});

test('every route of the contract has its file, route, title, sidebar label and tags, and every doc has a route', () => {
  assert.deepEqual(routeProblems(docs, ROUTES, routeOfDoc), []);
});

test('no placeholder text in any doc', () => {
  assert.deepEqual(docs.flatMap(placeholderProblems), []);
});

test('every fenced code block names a language the highlighter knows, and is closed', () => {
  assert.deepEqual(
    docs.flatMap((doc) => fenceProblems(doc, (language) => highlighter.knows(language))),
    [],
  );
});

test('every fragment marker is on a TypeScript fence and gives its reason', () => {
  assert.deepEqual(docs.flatMap(fragmentProblems), []);
});

test('no h1 in a doc body (the title is the h1)', () => {
  assert.deepEqual(docs.flatMap(h1Problems), []);
});

test('every category folder has a _category_.json', () => {
  assert.deepEqual(
    categoryProblems(docs, (file) => existsSync(path.join(ROOT, file))),
    [],
  );
});

test('no JavaScript expression in a .md page (a literal brace is written \\{)', async () => {
  const problems: string[] = [];
  for (const doc of docs) problems.push(...(await expressionProblems(doc)));
  assert.deepEqual(problems, []);
});
