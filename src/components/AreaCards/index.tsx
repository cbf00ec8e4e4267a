import React from 'react';
import Link from '@docusaurus/Link';
import { AREAS } from '@site/src/data/areas';
import styles from './styles.module.css';

/** The five areas of the site (src/data/areas.ts), shown as cards on the home page. */
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
