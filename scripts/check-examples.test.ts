/**
 * The examples checker (scripts/check-examples.ts) on a planted page: a block that compiles, a block
 * that must fail with its TypeScript error at its line of the page, a fragment that is skipped but
 * counted, and blocks that import each other or a file of the reader's project that no block shows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDoc } from './docs';
import { checkExamples, examplesOf, formatReport } from './check-examples';

const PAGE = [
  '---',
  'title: Planted',
  '---',
  '',
  'A block that compiles:',
  '',
  '```ts',
  'export const double = (n: number): number => n * 2;',
  '```',
  '',
  'A block with a wrong type, inside a list item:',
  '',
  '- Step one:',
  '',
  '  ```ts',
  '  const port: number = "1337";',
  '  export { port };',
  '  ```',
  '',
  '```ts fragment="an excerpt of a class body; the class is elided"',
  'private queue: string[] = [];',
  '```',
  '',
  '```tsx title="my-plugin/admin/src/components/Badge.tsx"',
  'export const Badge = ({ label }: { label: string }) => <span>{label}</span>;',
  '```',
  '',
  '```tsx title="my-plugin/admin/src/pages/Home.tsx"',
  'import { Badge } from "../components/Badge";',
  'import { useStats } from "../hooks/useStats";',
  '',
  'export const Home = () => <Badge label={String(useStats().count)} />;',
  '```',
  '',
  '```bash',
  'echo "not TypeScript: not counted"',
  '```',
  '',
].join('\n');

test('counts compiled blocks and fragments, and reports a wrong block at its line with its error code', async () => {
  const blocks = await examplesOf(parseDoc('docs/planted.md', PAGE));
  assert.deepEqual(
    blocks.map((block) => [block.line, block.lang, block.fragment]),
    [
      [7, 'ts', undefined],
      [15, 'ts', undefined],
      [20, 'ts', 'an excerpt of a class body; the class is elided'],
      [24, 'tsx', undefined],
      [28, 'tsx', undefined],
    ],
  );

  const report = checkExamples(blocks);
  // `const port: number = "1337"` is line 16 of the page (the fence opens on line 15).
  assert.deepEqual(
    report.failures.map((failure) => [failure.file, failure.line, failure.code]),
    [['docs/planted.md', 16, 'TS2322']],
  );
  assert.match(report.failures[0].message, /Type 'string' is not assignable to type 'number'/);
  assert.equal(report.blocks.length, 5);
  assert.equal(report.compiled, 3, 'the good block and the two components');
  assert.equal(report.fragments, 1);
  assert.equal(report.failed, 1);
  // Home.tsx imports Badge.tsx, shown on the page, and ../hooks/useStats, which no block shows.
  assert.equal(report.stubbed, 1);
  assert.equal(report.programs, 1);

  const printed = formatReport(report);
  assert.match(printed, /^docs\/planted\.md:16: TS2322: /m);
  assert.match(printed, /5 TypeScript blocks: 3 compiled as shown \(60\.0%; 1 of them .*\), 1 fragments, 1 failing \(1 program, /);
});

test('a fragment is never compiled, however wrong its code', async () => {
  const blocks = await examplesOf(parseDoc('docs/planted.md', '```ts fragment="a signature listing"\nconst x: number;\n```\n'));
  const report = checkExamples(blocks);
  assert.deepEqual(report.failures, []);
  assert.equal(report.fragments, 1);
  assert.equal(report.compiled, 0);
});
