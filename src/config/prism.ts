import type { ThemeConfig } from '@docusaurus/preset-classic';
import { themes } from 'prism-react-renderer';

type Prism = NonNullable<ThemeConfig['prism']>;

/**
 * Light and dark code themes. `oneLight` and `oneDark` were picked because their token
 * colours keep WCAG AA contrast on the site's code background.
 */
export const prism = {
  theme: themes.oneLight,
  darkTheme: themes.oneDark,
  additionalLanguages: ['bash', 'json', 'diff', 'sql', 'yaml'],
} satisfies Prism;
