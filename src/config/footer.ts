import type { ThemeConfig } from '@docusaurus/preset-classic';
import { inlineSvg } from './images';
import { REPO_URL } from './site';

type Footer = NonNullable<ThemeConfig['footer']>;

export const footer = {
  style: 'dark',
  logo: {
    alt: 'Strapi logo',
    src: inlineSvg('img/logo-dark.svg'),
    width: 40,
    height: 40,
    href: REPO_URL,
  },
  links: [
    {
      title: 'Learn',
      items: [
        { label: 'Contributing', to: '/guides/contributing' },
        { label: 'Docs introduction', to: '/docs/intro' },
        { label: 'Type system', to: '/guides/type-system' },
      ],
    },
    {
      title: 'Reference',
      items: [
        { label: 'Strapi class', to: '/api/Strapi' },
        { label: 'Admin exports', to: '/exports/modules' },
        { label: 'RFCs', to: '/rfcs/intro' },
      ],
    },
    {
      title: 'Community',
      items: [
        { label: 'GitHub', href: REPO_URL },
        { label: 'Issues', href: `${REPO_URL}/issues` },
        { label: 'Code of conduct', to: '/guides/code-of-conduct' },
      ],
    },
  ],
  copyright: `Copyright © ${new Date().getFullYear()} Strapi contributors. Documentation under the MIT licence, like Strapi.`,
} satisfies Footer;
