/**
 * The five areas of the site, as the home page's cards show them (src/components/AreaCards) and as
 * the home page's Markdown lists them (src/plugins/markdown-export turns `<AreaCards />` into a list).
 */
export interface Area {
  title: string;
  to: string;
  summary: string;
}

export const AREAS: readonly Area[] = [
  { title: 'Guides', to: '/guides/contributing', summary: 'Set up the monorepo, follow the conventions, run the tests.' },
  { title: 'Docs', to: '/docs/intro', summary: 'Design notes for each package of the core and the admin panel.' },
  { title: 'API Reference', to: '/api/Strapi', summary: 'The Strapi class and the server modules around it.' },
  { title: 'Exports', to: '/exports/modules', summary: 'What @strapi/strapi/admin gives plugin authors.' },
  { title: 'RFCs', to: '/rfcs/intro', summary: 'Design proposals and how to write one.' },
];
