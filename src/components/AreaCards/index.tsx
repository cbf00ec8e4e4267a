import React from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

interface Area {
  title: string;
  to: string;
  summary: string;
}

/** The five areas of the site, shown as cards on the home page. */
const AREAS: Area[] = [
  { title: 'Guides', to: '/guides/contributing', summary: 'Set up the monorepo, follow the conventions, run the tests.' },
  { title: 'Docs', to: '/docs/intro', summary: 'Design notes for each package of the core and the admin panel.' },
  { title: 'API Reference', to: '/api/Strapi', summary: 'The Strapi class and the server modules around it.' },
  { title: 'Exports', to: '/exports/modules', summary: 'What @strapi/strapi/admin gives plugin authors.' },
  { title: 'RFCs', to: '/rfcs/intro', summary: 'Design proposals and how to write one.' },
];

export default function AreaCards(): JSX.Element {
  return (
    <ul className={styles.grid}>
      {AREAS.map((area) => (
        <li key={area.to} className={styles.card}>
          <Link to={area.to} className={styles.link}>
            <span className={styles.title}>{area.title}</span>
            <span className={styles.summary}>{area.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
