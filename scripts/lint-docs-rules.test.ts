/**
 * The docs lint's rules (scripts/lint-docs.ts) on small planted pages: a good page passes each
 * rule, and each bad one fails with its whole message, written out here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDoc, ROOT, type Doc, type RouteEntry } from './docs';
import {
  categoryProblems,
  expressionProblems,
  fenceProblems,
  fragmentProblems,
  frontmatterProblems,
  h1Lines,
  h1Problems,
  mdxExpressionsIn,
  placeholderProblems,
  routeProblems,
  vocabularyProblems,
} from './lint-docs';

const VOCABULARY = new Set(['database', 'admin']);
const GOOD_DATA = { title: 'Cron', description: 'Runs jobs on a schedule.', strapi: '5.54.0', tags: ['database'] };

/** A page whose body is the whole file (no frontmatter lines): body lines are file lines. */
function page(data: Record<string, unknown>, body = 'Text.\n', file = 'docs/api/Cron.md'): Doc {
  return { file, data, body, offset: 0 };
}

describe('frontmatter', () => {
  const problems = (data: Record<string, unknown>) => frontmatterProblems(page(data), VOCABULARY, '5.54.0');

  it('a complete frontmatter passes, with every allowed key', () => {
    assert.deepEqual(
      problems({
        ...GOOD_DATA,
        slug: '/cron',
        sidebar_label: 'Cron',
        sidebar_position: 2,
        hide_table_of_contents: true,
      }),
      [],
    );
    assert.deepEqual(problems({ title: 'Cron', description: 'x', strapi: '5.54.0' }), [], 'tags are optional');
  });

  it('a missing, empty or non-string title or description', () => {
    assert.deepEqual(problems({ description: 'x', strapi: '5.54.0' }), [
      'docs/api/Cron.md: frontmatter "title" is missing or empty; add a title.',
    ]);
    assert.deepEqual(problems({ title: '  ', description: 3, strapi: '5.54.0' }), [
      'docs/api/Cron.md: frontmatter "title" is missing or empty; add a title.',
      'docs/api/Cron.md: frontmatter "description" is missing or empty; add a description.',
    ]);
  });

  it('the release a page was checked against must be the pin', () => {
    assert.deepEqual(problems({ title: 'Cron', description: 'x' }), [
      'docs/api/Cron.md: frontmatter "strapi" is missing; re-read the page against Strapi 5.54.0 (npm run check:sources) and set "strapi: 5.54.0".',
    ]);
    assert.deepEqual(problems({ title: 'Cron', description: 'x', strapi: '5.53.1' }), [
      'docs/api/Cron.md: frontmatter "strapi" is "5.53.1"; re-read the page against Strapi 5.54.0 (npm run check:sources) and set "strapi: 5.54.0".',
    ]);
  });

  it('an unknown key', () => {
    assert.deepEqual(problems({ ...GOOD_DATA, author: 'x' }), [
      'docs/api/Cron.md: unknown frontmatter key "author"; remove it or add it to the schema.',
    ]);
  });

  it('tags: a list, of known tags, each once', () => {
    assert.deepEqual(problems({ ...GOOD_DATA, tags: 'database' }), ['docs/api/Cron.md: "tags" must be a list.']);
    assert.deepEqual(problems({ ...GOOD_DATA, tags: ['database', 'cron', 'database'] }), [
      'docs/api/Cron.md: tag "cron" is not in src/data/tags.ts; use a listed tag or add it there.',
      'docs/api/Cron.md: tag "database" is listed twice; remove the duplicate.',
    ]);
  });
});

describe('tag vocabulary', () => {
  it('every tag is used by some doc and listed once', () => {
    const docs = [page({ tags: ['database'] }), page({ tags: ['admin', 'database'] }), page({ tags: 'admin' }), page({})];
    assert.deepEqual(vocabularyProblems(docs, ['database', 'admin']), []);
    assert.deepEqual(vocabularyProblems(docs.slice(0, 1), ['database', 'admin', 'database']), [
      'src/data/tags.ts: tag "admin" is used by no doc; remove it.',
      'src/data/tags.ts: tag "database" is listed twice; remove the duplicate.',
    ]);
  });
});

describe('route contract', () => {
  const entry: RouteEntry = {
    route: '/api/Cron',
    label: 'Cron jobs',
    title: 'Cron',
    sidebar: 'api',
    tags: ['database'],
    file: 'docs/api/Cron.md',
  };
  const served = (route: string) => () => route;

  it('a doc matching its entry passes', () => {
    assert.deepEqual(routeProblems([page({ ...GOOD_DATA, sidebar_label: 'Cron jobs' })], [entry], served('/api/Cron')), []);
    // Outside a sidebar the label is not checked.
    assert.deepEqual(routeProblems([page(GOOD_DATA)], [{ ...entry, sidebar: null }], served('/api/Cron')), []);
  });

  it('each difference is named', () => {
    const doc = page({ title: 'Crons', tags: ['admin'] });
    assert.deepEqual(routeProblems([doc], [entry], served('/api/cron')), [
      'docs/api/Cron.md: is served at /api/cron, not /api/Cron; add "slug: /api/Cron"',
      'docs/api/Cron.md: title "Crons" should be "Cron"',
      'docs/api/Cron.md: sidebar label "Crons" should be "Cron jobs"',
      'docs/api/Cron.md: tags ["admin"] should be ["database"]',
    ]);
    assert.deepEqual(routeProblems([page({ title: 'Cron', sidebar_label: 'Cron jobs' })], [entry], served('/api/Cron')), [
      'docs/api/Cron.md: tags [] should be ["database"]',
    ]);
  });

  it('an entry without its file, and a doc without an entry', () => {
    const other = page(GOOD_DATA, '', 'docs/api/Other.md');
    assert.deepEqual(routeProblems([other], [entry], served('/api/Other')), [
      '/api/Cron: docs/api/Cron.md does not exist',
      'docs/api/Other.md: not in src/data/routes.json; add its route there.',
    ]);
  });
});

describe('placeholder text', () => {
  it('each placeholder word in the body, code included, and in the title and description', () => {
    assert.deepEqual(placeholderProblems(page(GOOD_DATA, 'A to-do list is fine.\nTo do: nothing; a todolist.\n')), []);
    // A word that ends in a placeholder word is not one either.
    assert.deepEqual(placeholderProblems(page(GOOD_DATA, 'const item = await fetchTodo(id);\n')), []);
    const body = [
      'Intro.',
      'TODO: write this',
      '```ts',
      'const x = 1; // FIXME',
      '```',
      'Lorem ipsum dolor.',
      'Coming soon!',
      'Status: WIP, TBD',
    ].join('\n');
    assert.deepEqual(placeholderProblems(page({ title: 'Cron (WIP)', description: 'Coming soon.' }, body)), [
      'docs/api/Cron.md: line 2 has placeholder text: "TODO: write this"',
      'docs/api/Cron.md: line 4 has placeholder text: "const x = 1; // FIXME"',
      'docs/api/Cron.md: line 6 has placeholder text: "Lorem ipsum dolor."',
      'docs/api/Cron.md: line 7 has placeholder text: "Coming soon!"',
      'docs/api/Cron.md: line 8 has placeholder text: "Status: WIP, TBD"',
      'docs/api/Cron.md: "title" has placeholder text',
      'docs/api/Cron.md: "description" has placeholder text',
    ]);
  });

  it('each placeholder of the list, alone on a line, is flagged', () => {
    // Written out here, not read from PLACEHOLDER: a word dropped from the pattern fails this test.
    const placeholders = ['TODO', 'TBD', 'WIP', 'FIXME', 'lorem', 'lorem ipsum', 'coming soon'];
    assert.deepEqual(
      placeholderProblems(page(GOOD_DATA, placeholders.join('\n'))),
      placeholders.map((word, index) => `docs/api/Cron.md: line ${index + 1} has placeholder text: "${word}"`),
    );
  });

  it('quotes at most 80 characters of the line, trimmed', () => {
    const line = `   TODO ${'x'.repeat(100)}`;
    assert.deepEqual(placeholderProblems(page(GOOD_DATA, line)), [
      `docs/api/Cron.md: line 1 has placeholder text: "TODO ${'x'.repeat(75)}"`,
    ]);
  });
});

describe('code fences', () => {
  const knows = (language: string) => ['ts', 'bash'].includes(language);
  const problems = (body: string) => fenceProblems(page(GOOD_DATA, body), knows);

  it('known languages, text and mermaid pass; the info string may say more after the language', () => {
    assert.deepEqual(problems('```ts title="a.ts"\nx\n```\n\n~~~bash\nls\n~~~\n\n```text\nx\n```\n\n```Mermaid\ngraph TD\n```\n'), []);
    // A longer fence holds a shorter one.
    assert.deepEqual(problems('````text\n```ts\nx\n```\n````\n'), []);
    // Spaces around the language and after the closing fence; a fence quoted in prose is no fence.
    assert.deepEqual(problems('``` ts\nx\n```   \nWrite ```rust to open one.\n'), []);
  });

  it('a fence without a language, with an unknown one, and one never closed', () => {
    assert.deepEqual(problems('Text.\n```\nx\n```\n\n```rust\nfn main() {}\n```\n\n```ts\nx\n'), [
      'docs/api/Cron.md: line 2: code fence without a language; write ```ts, ```bash, ```text...',
      'docs/api/Cron.md: line 6: Prism has no grammar for `rust`; add it in src/prism/highlighter.ts or use `text`',
      'docs/api/Cron.md: a code fence is never closed',
    ]);
  });

  it('a fence line with text after it does not close the block', () => {
    assert.deepEqual(problems('```ts\nx\n``` not a close\n'), ['docs/api/Cron.md: a code fence is never closed']);
  });
});

describe('fragment markers', () => {
  const problems = (body: string) => fragmentProblems(page(GOOD_DATA, body));

  it('a marker with its reason on a TypeScript fence passes, with or without a title', () => {
    assert.deepEqual(
      problems(
        '```ts fragment="a signature listing"\nx\n```\n\n```tsx title="a.tsx" fragment="one line of a component"\nx\n```\n\n```ts title="fragment.ts"\nx\n```\n',
      ),
      [],
    );
  });

  it('a marker without a reason, an empty one, and one on a fence that is not TypeScript', () => {
    assert.deepEqual(problems('```ts fragment\nx\n```\n\n```tsx fragment=""\nx\n```\n\n```bash fragment="a shell line"\nls\n```\n'), [
      'docs/api/Cron.md: line 1: a fragment marker without its reason; write fragment="<why this block cannot compile on its own>".',
      'docs/api/Cron.md: line 5: a fragment marker without its reason; write fragment="<why this block cannot compile on its own>".',
      'docs/api/Cron.md: line 9: a fragment marker on a `bash` fence; only TypeScript blocks are compiled, so remove it.',
    ]);
  });

  it('a marker inside a block is code, not a marker', () => {
    assert.deepEqual(problems('````text\n```bash fragment\n```\n````\n'), []);
  });
});

describe('headings: the title is the only h1', () => {
  it('finds an h1 written with #, as <h1> or underlined with ===', () => {
    assert.deepEqual(h1Lines('# Title'), [1]);
    assert.deepEqual(h1Lines('Intro.\n   #\nMore.'), [2]);
    assert.deepEqual(h1Lines('text\n<h1>Title</h1>'), [2]);
    assert.deepEqual(h1Lines('<H1 class="x">Title</H1>'), [1]);
    assert.deepEqual(h1Lines('Title\n====='), [2]);
    assert.deepEqual(h1Lines('Title\n  ===  '), [2]);
  });

  it('ignores code, other headings and lookalikes', () => {
    assert.deepEqual(h1Lines('## Section\n\n```md\n# not a heading\nx\n===\n```'), []);
    assert.deepEqual(h1Lines('~~~md\n<h1>x</h1>\n~~~'), []);
    assert.deepEqual(h1Lines('a | b\n--- | ---\n\n#hashtag'), []);
    assert.deepEqual(h1Lines('    # indented code'), []);
    assert.deepEqual(h1Lines('<h10>x</h10> and <h1x>'), []);
    assert.deepEqual(h1Lines('===\n\n===\n```\n===\n```'), [], 'a === line after nothing, a blank line or a fence is no heading');
    assert.deepEqual(h1Lines('Title\n==x'), []);
    assert.deepEqual(h1Lines('Title\nx ==='), [], 'an underline is a line of = only');
    assert.deepEqual(h1Lines('   \n==='), [], 'a line of spaces is blank');
    assert.deepEqual(h1Lines('```\nx\n```\n==='), [], 'after a closing fence');
    assert.deepEqual(h1Lines('  ```md\n# not a heading\n  ```'), [], 'an indented fence is a fence');
    assert.deepEqual(h1Lines('Quote ``` in prose\n# Title'), [2], 'a fence quoted in prose is no fence');
  });

  it('names the file and line of each', () => {
    assert.deepEqual(h1Problems(page(GOOD_DATA, 'Intro.\n\n<h1>Again</h1>\n\nTitle\n===\n')), [
      'docs/api/Cron.md: line 3 is an h1; use ## for sections',
      'docs/api/Cron.md: line 6 is an h1; use ## for sections',
    ]);
  });
});

describe('category folders', () => {
  it('every folder below a sidebar root has a _category_.json', () => {
    const docs = [
      'docs/index.mdx',
      'docs/api/Cron.md',
      'docs/guides/g.md',
      'docs/docs/d.md',
      'docs/exports/e.md',
      'docs/rfcs/r.md',
      'docs/docs/core/a.md',
      'docs/docs/core/b.md',
      'docs/guides/x/y/z.md',
    ].map((file) => page(GOOD_DATA, '', file));
    const asked: string[] = [];
    const exists = (file: string) => {
      asked.push(file);
      return file === 'docs/docs/core/_category_.json';
    };
    assert.deepEqual(categoryProblems(docs, exists), [
      'docs/guides/x/y: a category folder without _category_.json; add one with its label and position.',
    ]);
    assert.deepEqual(asked, ['docs/docs/core/_category_.json', 'docs/guides/x/y/_category_.json'], 'roots are not asked, each folder once');
  });
});

describe('MDX expressions in .md pages', () => {
  it('finds a brace in prose, with its line, and ignores code and escaped braces', async () => {
    assert.deepEqual(await mdxExpressionsIn('Scheduled for {date}.'), [{ line: 1, value: 'date' }]);
    assert.deepEqual(await mdxExpressionsIn('Intro.\n\n{flow}\n'), [{ line: 3, value: 'flow' }]);
    assert.deepEqual(await mdxExpressionsIn('Literal \\{date\\}, `code {date}`, and\n\n```ts\nconst a = {b};\n```'), []);
  });

  it('names the file and line in a .md page; an .mdx page may use expressions', async () => {
    const body = 'Intro.\n\nRuns at {time} daily.\n';
    assert.deepEqual(await expressionProblems(page(GOOD_DATA, body)), [
      'docs/api/Cron.md: line 3: {time} is an MDX expression; write \\{time\\} or put it in code',
    ]);
    assert.deepEqual(await expressionProblems(page(GOOD_DATA, body, 'docs/index.mdx')), []);
  });
});

describe('line numbers are lines of the file, frontmatter counted', () => {
  // What a writer does with a message: open the file at the line it names.
  const file = [
    '---', // 1
    'title: Cron', // 2
    'description: Runs jobs.', // 3
    'strapi: 5.54.0', // 4
    '---', // 5
    '', // 6
    'Intro.', // 7
    '<h1>Again</h1>', // 8
    'TODO write this', // 9
    '```', // 10
    'x', // 11
    '```', // 12
    'At {time}.', // 13
    '```rust', // 14
    'fn main() {}', // 15
    '```', // 16
    'Title', // 17
    '===', // 18
  ].join('\n');
  const doc = parseDoc('docs/api/Cron.md', file);

  it('the body starts after the frontmatter', () => {
    assert.equal(doc.offset, 5);
    assert.equal(doc.body.split('\n')[0], '');
    assert.equal(parseDoc('docs/a.md', 'No frontmatter.\n# h\n').offset, 0);
  });

  it('each rule names the line as the editor shows it', async () => {
    assert.deepEqual(h1Problems(doc), [
      'docs/api/Cron.md: line 8 is an h1; use ## for sections',
      'docs/api/Cron.md: line 18 is an h1; use ## for sections',
    ]);
    assert.deepEqual(placeholderProblems(doc), ['docs/api/Cron.md: line 9 has placeholder text: "TODO write this"']);
    assert.deepEqual(
      fenceProblems(doc, (language) => language === 'ts'),
      [
        'docs/api/Cron.md: line 10: code fence without a language; write ```ts, ```bash, ```text...',
        'docs/api/Cron.md: line 14: Prism has no grammar for `rust`; add it in src/prism/highlighter.ts or use `text`',
      ],
    );
    assert.deepEqual(await expressionProblems(doc), [
      'docs/api/Cron.md: line 13: {time} is an MDX expression; write \\{time\\} or put it in code',
    ]);
  });

  it('an <h1> planted on line 13 of the real docs/api/Cron.md is reported on line 13', () => {
    const lines = readFileSync(path.join(ROOT, 'docs/api/Cron.md'), 'utf8').split('\n');
    lines.splice(12, 0, '<h1>Planted</h1>');
    assert.deepEqual(h1Problems(parseDoc('docs/api/Cron.md', lines.join('\n'))), [
      'docs/api/Cron.md: line 13 is an h1; use ## for sections',
    ]);
  });
});
