/**
 * The maintainers' Markdown (README.md, CONTRIBUTING.md, docs-dev/*.md, src/theme/README.md): every
 * relative link reaches a file, every anchor a heading of its target (scripts/doc-links.ts), and the
 * README stays a two-minute read. Planted broken links in a temporary copy prove the check fails.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { anchorsOf, checkLinks, linksOf, maintainerDocs } from './doc-links';

const ROOT = path.resolve(__dirname, '..');
const README_MAX_LINES = 120;

const format = (problems: ReturnType<typeof checkLinks>) => problems.map((p) => `${p.file}:${p.line}: ${p.target}: ${p.problem}`);

test('the files covered are the README, CONTRIBUTING, every design note and the theme README', () => {
  const files = maintainerDocs(ROOT);
  for (const f of ['README.md', 'CONTRIBUTING.md', 'docs-dev/README.md', 'docs-dev/decisions.md', 'src/theme/README.md']) {
    assert.ok(files.includes(f), `${f} is checked`);
  }
  assert.equal(
    files.filter((f) => f.startsWith('docs-dev/')).length,
    readdirSync(path.join(ROOT, 'docs-dev')).filter((f) => f.endsWith('.md')).length,
  );
});

test('every link between the maintainers’ files resolves, anchors included', () => {
  assert.deepEqual(format(checkLinks(ROOT, maintainerDocs(ROOT))), []);
});

test(`README.md is at most ${README_MAX_LINES} lines`, () => {
  const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move detail into a note under docs-dev/`);
});

test('anchors are GitHub’s slugs: lower case, punctuation dropped, spaces as hyphens, repeats numbered', () => {
  const anchors = anchorsOf(
    [
      '# Ground truth: Strapi 5.54.0',
      '## The `search-index` plugin',
      '## Figures',
      '### Figures',
      '## Readers’ tools',
      '<a id="kept-id"></a>',
      '```md',
      '## Not a heading',
      '```',
    ].join('\n'),
  );
  assert.deepEqual([...anchors].sort(), [
    'figures',
    'figures-1',
    'ground-truth-strapi-5540',
    'kept-id',
    'readers-tools',
    'the-search-index-plugin',
  ]);
});

test('links are read from text, tables and reference definitions, never from code', () => {
  const links = linksOf(
    [
      'See [a](./a.md#x) and ![b](./b.png).',
      '',
      '| c |',
      '| - |',
      '| [c](../c.md) |',
      '',
      '`[d](./d.md)`',
      '',
      '```md',
      '[e](./e.md)',
      '```',
      '',
      '[f]: ./f.md',
    ].join('\n'),
  );
  assert.deepEqual(links, [
    { target: './a.md#x', line: 1 },
    { target: './b.png', line: 1 },
    { target: '../c.md', line: 5 },
    { target: './f.md', line: 13 },
  ]);
});

test('a missing file, a missing heading, a bad line anchor and a link out of the repository are each reported', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
  try {
    mkdirSync(path.join(dir, 'docs-dev'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/x.ts'), 'one\ntwo\nthree\n');
    writeFileSync(path.join(dir, 'docs-dev/a.md'), '# A\n\n## How data flows\n\nBack to [the top](#a).\n');
    writeFileSync(
      path.join(dir, 'README.md'),
      [
        '# Site',
        '[fine](./docs-dev/a.md#how-data-flows) [fine](docs-dev/a.md) [fine](./src/) [fine](./src/x.ts#L2-L3) [web](https://example.org/x#y)',
        '[gone](./docs-dev/b.md)',
        '[anchor](./docs-dev/a.md#how-the-data-flows)',
        '[line](./src/x.ts#L9)',
        '[symbol](./src/x.ts#main)',
        '[out](../outside.md)',
        '[self](#site) [self](#nowhere)',
      ].join('\n'),
    );
    assert.deepEqual(format(checkLinks(dir, ['README.md', 'docs-dev/a.md'])), [
      'README.md:3: ./docs-dev/b.md: no such file: docs-dev/b.md',
      'README.md:4: ./docs-dev/a.md#how-the-data-flows: no heading with the anchor #how-the-data-flows in docs-dev/a.md',
      'README.md:5: ./src/x.ts#L9: #L9 is past the end of src/x.ts (4 lines)',
      'README.md:6: ./src/x.ts#main: #main is not a line anchor (#L12 or #L12-L20)',
      'README.md:7: ../outside.md: points outside the repository',
      'README.md:8: #nowhere: no heading with the anchor #nowhere in README.md',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('in a copy of the repository’s own files, a planted broken link and a planted broken anchor fail', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-links-copy-'));
  try {
    // The Markdown under test is copied; everything else it may link to is reached through symlinks.
    const copied = new Set(['README.md', 'CONTRIBUTING.md', 'docs-dev']);
    for (const entry of readdirSync(ROOT)) {
      if (['node_modules', 'build', '.git', '.docusaurus', '.cache'].includes(entry)) continue;
      if (copied.has(entry)) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
      else symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
    }
    const files = maintainerDocs(dir);
    assert.deepEqual(format(checkLinks(dir, files)), [], 'the copy is as clean as the original');
    const readmeLines = readFileSync(path.join(dir, 'README.md'), 'utf8').split('\n').length;
    const noteLines = readFileSync(path.join(dir, 'docs-dev/testing.md'), 'utf8').split('\n').length;
    appendFileSync(path.join(dir, 'README.md'), '\nSee [the old notes](./docs-dev/no-such-note.md).\n');
    appendFileSync(path.join(dir, 'docs-dev/testing.md'), '\nSee [the index format](./search.md#no-such-heading).\n');
    assert.deepEqual(format(checkLinks(dir, files)), [
      `README.md:${readmeLines + 1}: ./docs-dev/no-such-note.md: no such file: docs-dev/no-such-note.md`,
      `docs-dev/testing.md:${noteLines + 1}: ./search.md#no-such-heading: no heading with the anchor #no-such-heading in docs-dev/search.md`,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
