/**
 * llms.txt and llms-full.txt (./llms.ts) from a small site written here: every line is written out,
 * and the order of sections and pages is the order given, never sorted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { llmsFullTxt, llmsTxt, orderedPages, type LlmsPage, type LlmsSite } from './llms';

const page = (name: string, description = `About ${name}.`): LlmsPage => ({
  title: name,
  description,
  url: `https://docs.example/${name}`,
  markdownUrl: `https://docs.example/${name}.md`,
  markdown: `# ${name}\n\n> ${description}\n\nBody of ${name}.\n`,
});

const SITE: LlmsSite = {
  title: 'Docs',
  tagline: 'How it works',
  strapiVersion: '5.54.0',
  unsectioned: [page('home')],
  sections: [
    { label: 'Guides', pages: [page('zeta'), page('alpha')] },
    { label: 'API', pages: [page('cron')] },
  ],
};

const SUMMARY =
  '> How it works. Every page describes Strapi 5.54.0 and is checked against the source of that release. Each page is also served as Markdown at its address plus `.md`.';

test('llms.txt: title, summary, pages outside the sidebars, then one section per sidebar in the order given', () => {
  assert.equal(
    llmsTxt(SITE),
    [
      '# Docs',
      '',
      SUMMARY,
      '',
      '- [home](https://docs.example/home.md): About home.',
      '',
      '## Guides',
      '',
      '- [zeta](https://docs.example/zeta.md): About zeta.',
      '- [alpha](https://docs.example/alpha.md): About alpha.',
      '',
      '## API',
      '',
      '- [cron](https://docs.example/cron.md): About cron.',
      '',
    ].join('\n'),
  );
});

test('llms.txt: no list when every page is in a sidebar; an empty description leaves no colon', () => {
  const site = { ...SITE, unsectioned: [], sections: [{ label: 'API', pages: [page('cron', '')] }] };
  assert.equal(llmsTxt(site), ['# Docs', '', SUMMARY, '', '## API', '', '- [cron](https://docs.example/cron.md)', ''].join('\n'));
});

test('titles and descriptions are one line; brackets and backslashes in a title are escaped', () => {
  const odd = { ...page('x'), title: ' Interface:\n [Table]\\Props ', description: '  Two\n\tlines.  ' };
  const site = { ...SITE, unsectioned: [odd], sections: [] };
  assert.equal(
    llmsTxt(site),
    ['# Docs', '', SUMMARY, '', '- [Interface: \\[Table\\]\\\\Props](https://docs.example/x.md): Two lines.', ''].join('\n'),
  );
  assert.match(llmsTxt({ ...SITE, tagline: ' Multi\n line ' }), /^> Multi line\. Every page/m);
});

test('the page order is the unsectioned pages, then each section in turn', () => {
  assert.deepEqual(
    orderedPages(SITE).map((p) => p.title),
    ['home', 'zeta', 'alpha', 'cron'],
  );
});

test("llms-full.txt: every page's Markdown in llms.txt order, its address after its title", () => {
  assert.equal(
    llmsFullTxt(SITE),
    [
      '# Docs',
      '',
      SUMMARY,
      '',
      '# home\n\nSource: https://docs.example/home\n\n> About home.\n\nBody of home.',
      '',
      '# zeta\n\nSource: https://docs.example/zeta\n\n> About zeta.\n\nBody of zeta.',
      '',
      '# alpha\n\nSource: https://docs.example/alpha\n\n> About alpha.\n\nBody of alpha.',
      '',
      '# cron\n\nSource: https://docs.example/cron\n\n> About cron.\n\nBody of cron.',
      '',
    ].join('\n'),
  );
});
