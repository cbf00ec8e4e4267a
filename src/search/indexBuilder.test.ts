import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SNIPPET_TEXT_LIMIT } from '../config/search';
import { buildIndexFile, clipText, type IndexSection } from './indexBuilder';

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
