import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SNIPPET_TEXT_LIMIT } from '../config/search';
import { decodeTerms, type CompactIndex } from './compactIndex';
import { buildIndexFile, clipText, type IndexSection } from './indexBuilder';
import { parseQuery } from './queryParser';
import { markText } from './snippet';

const section = (content: string, text?: string): IndexSection => ({
  pageTitle: 'Cron',
  sectionTitle: 'Jobs',
  sectionRoute: '/api/Cron#jobs',
  content,
  text,
  tags: ['api'],
  path: ['API Reference', 'Cron'],
});

describe('index file documents', () => {
  it('keep the text a result shows: the snippet text when the section has one, else its content', () => {
    const file = buildIndexFile([
      section('Jobs run every minute. cron.add({ job })', 'Jobs run every minute.'),
      section('Only content here.'),
    ]);
    assert.deepEqual(
      file.documents.map((document) => [
        document.id,
        document.pageTitle,
        document.sectionTitle,
        document.sectionRoute,
        document.path,
        document.text,
      ]),
      [
        [1, 'Cron', 'Jobs', '/api/Cron#jobs', ['API Reference', 'Cron'], 'Jobs run every minute.'],
        [2, 'Cron', 'Jobs', '/api/Cron#jobs', ['API Reference', 'Cron'], 'Only content here.'],
      ],
    );
  });

  it('cut a long text after a whole word, with an ellipsis, at the limit', () => {
    assert.equal(SNIPPET_TEXT_LIMIT, 1800);
    assert.equal(clipText('alpha beta gamma', 16), 'alpha beta gamma');
    assert.equal(clipText('alpha beta gamma', 15), 'alpha beta …');
    assert.equal(clipText('alpha beta gamma', 10), 'alpha beta …');
    assert.equal(clipText('alpha beta gamma', 9), 'alpha …');
    assert.equal(clipText('alphabetagamma', 5), 'alpha …');
    const long = `${'word '.repeat(400)}end`;
    const [document] = buildIndexFile([section(long)]).documents;
    assert.equal(document.text, `${'word '.repeat(359)}word …`);
    assert.equal(document.text!.length, 1799 + 2);
  });
});

describe('word separators', () => {
  // Whitespace, the hyphen and code punctuation (src/config/search.ts), written out here rather than
  // read from the three patterns that must agree: the index's tokenizer, the query's and the snippet's.
  const SEPARATORS = Array.from(' \t\n-.,;:!?\'"`()[]{}<>/\\|=+*&%$#@^~');

  it('the index splits a word on each separator, and not on a letter, a digit or an underscore', () => {
    const terms = (content: string) => decodeTerms((buildIndexFile([section(content)]).index as CompactIndex).terms);
    for (const separator of SEPARATORS) {
      const found = terms(`alpha${separator}beta`);
      assert.ok(found.includes('alpha') && found.includes('beta'), `${JSON.stringify(separator)}: ${found.join(' ')}`);
    }
    for (const joined of ['alpha_beta', 'alpha2beta']) assert.ok(terms(joined).includes(joined), joined);
  });

  it('a query splits a word on each separator but the wildcard *', () => {
    for (const separator of SEPARATORS) {
      // Escaped, so that a character of the grammar (: ~ ^ and whitespace) is read as part of the word.
      const result = parseQuery(`alpha\\${separator}beta`);
      assert.ok(result.ok, JSON.stringify(separator));
      assert.deepEqual(
        result.query.clauses.map((clause) => clause.term),
        separator === '*' ? ['alpha*beta'] : ['alpha', 'beta'],
        JSON.stringify(separator),
      );
    }
  });

  it('a snippet marks the words on both sides of each separator', () => {
    for (const separator of SEPARATORS) {
      assert.deepEqual(
        markText(`alpha${separator}beta`, ['alpha', 'beta']),
        [
          { text: 'alpha', marked: true },
          { text: separator, marked: false },
          { text: 'beta', marked: true },
        ],
        JSON.stringify(separator),
      );
    }
  });
});
