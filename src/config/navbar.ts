import type { ThemeConfig } from '@docusaurus/preset-classic';
import { inlineSvg } from './images';
import { REPO_URL, SIDEBARS, SITE_TITLE } from './site';

type Navbar = NonNullable<ThemeConfig['navbar']>;

export const navbar = {
  title: SITE_TITLE,
  hideOnScroll: true,
  logo: {
    alt: 'Strapi logo',
    src: inlineSvg('img/logo.svg'),
    srcDark: inlineSvg('img/logo-dark.svg'),
    width: 32,
    height: 32,
  },
  items: [
    ...SIDEBARS.map(({ id, label }) => ({
      type: 'docSidebar' as const,
      sidebarId: id,
      label,
      position: 'left' as const,
    })),
    { type: 'docsVersionDropdown', position: 'right' },
    { type: 'localeDropdown', position: 'right' },
    {
      href: REPO_URL,
      label: 'GitHub',
      position: 'right',
      'aria-label': 'Strapi on GitHub',
    },
    { type: 'search', position: 'right' },
  ],
} satisfies Navbar;
