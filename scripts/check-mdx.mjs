// Compiles each given .md/.mdx file with MDX 3 (the same parser Docusaurus 3 uses) and
// reports syntax errors with file:line, without running the whole site build.
// Usage: node scripts/check-mdx.mjs docs/some/page.md [more files...]
import { readFile } from 'node:fs/promises';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';

let failed = 0;
for (const file of process.argv.slice(2)) {
  const source = await readFile(file, 'utf8');
  try {
    await compile(source, { remarkPlugins: [remarkFrontmatter, remarkGfm, remarkDirective] });
  } catch (error) {
    failed += 1;
    const where = error.line ? `${file}:${error.line}:${error.column ?? 0}` : file;
    console.error(`${where} ${error.reason ?? error.message}`);
  }
}
if (failed) {
  console.error(`${failed} file(s) failed to compile`);
  process.exit(1);
}
console.log(`${process.argv.length - 2} file(s) compile`);
