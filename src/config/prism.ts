import type { ThemeConfig } from '@docusaurus/preset-classic';
import { themes, type PrismTheme } from 'prism-react-renderer';
import { ADDITIONAL_LANGUAGES } from '../prism/languages';

type Prism = NonNullable<ThemeConfig['prism']>;

/** WCAG AA for normal text is 4.5:1; aim a little higher so rounding never fails a check. */
const MIN_CONTRAST = 4.6;

type Rgb = [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const HSL = /^hsl\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)%,\s*(\d+(?:\.\d+)?)%\)$/;

export function parseHsl(value: string): [number, number, number] {
  const match = HSL.exec(value);
  if (!match) throw new Error(`expected an hsl() colour, got ${value}`);
  return [Number(match[1]), Number(match[2]) / 100, Number(match[3]) / 100];
}

/**
 * Returns the theme with every token colour moved in lightness, away from the background,
 * just far enough to reach MIN_CONTRAST on the theme's background. Hues are kept, so the
 * theme still looks like itself. The stock oneLight and oneDark fail WCAG AA on several
 * tokens (comments, functions, class names); axe-core checks the result in e2e/a11y.spec.ts.
 */
export function withReadableTokens(theme: PrismTheme): PrismTheme {
  const background = parseHsl(String(theme.plain.backgroundColor));
  const backgroundRgb = hslToRgb(...background);
  const darkBackground = background[2] < 0.5;
  const fix = (colour: string): string => {
    const [h, s, initialL] = parseHsl(colour);
    let l = initialL;
    while (contrast(hslToRgb(h, s, l), backgroundRgb) < MIN_CONTRAST && l > 0 && l < 1) {
      l = Math.round((l + (darkBackground ? 0.01 : -0.01)) * 100) / 100;
    }
    return `hsl(${h}, ${Math.round(s * 100)}%, ${Math.round(l * 100)}%)`;
  };
  return {
    plain: { ...theme.plain, color: fix(String(theme.plain.color)) },
    styles: theme.styles.map((entry) =>
      entry.style.color ? { ...entry, style: { ...entry.style, color: fix(String(entry.style.color)) } } : entry,
    ),
  };
}

/** Light and dark code themes: One Light and One Dark, with token colours made AA-readable. */
export const codeThemes = {
  light: withReadableTokens(themes.oneLight),
  dark: withReadableTokens(themes.oneDark),
} as const;

/**
 * The theme the code blocks render with, in both colour modes: no colours at all. Tokens carry
 * only Prism's class names and get their colours from prismTokenCss(codeThemes), so the server's
 * markup is right in either mode and hydration never has to recolour or remount a block
 * (see src/theme/CodeBlock).
 */
const CLASS_ONLY_THEME: PrismTheme = { plain: {}, styles: [] };

export const prism = {
  theme: CLASS_ONLY_THEME,
  darkTheme: CLASS_ONLY_THEME,
  additionalLanguages: [...ADDITIONAL_LANGUAGES],
} satisfies Prism;

const kebab = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function declarations(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([property, value]) => `${kebab(property)}: ${String(value)};`)
    .join(' ');
}

/**
 * The stylesheet that colours code tokens: the block's colours from two variables, and for each colour mode the code block's colour and
 * background as the `--prism-color` and `--prism-background-color` variables the classic theme's
 * CSS reads, the theme's other plain properties on `.prism-code`, and one rule per theme entry
 * on `.token.<type>` (scoped to `.language-<name>` when the entry is for some languages only).
 * Rules keep the theme's order, so a later entry wins over an earlier one, as in prism-react-renderer.
 */
export function prismTokenCss(modes: Record<'light' | 'dark', PrismTheme>): string {
  // prism-react-renderer put these on the <pre> as inline styles; Infima's `pre` colour would win otherwise.
  const rules = ['.prism-code { color: var(--prism-color); background-color: var(--prism-background-color); }'];
  for (const [mode, theme] of Object.entries(modes)) {
    const root = `[data-theme='${mode}']`;
    const { color, backgroundColor, ...plainRest } = theme.plain;
    rules.push(`${root} { --prism-color: ${String(color)}; --prism-background-color: ${String(backgroundColor)}; }`);
    if (Object.keys(plainRest).length > 0) rules.push(`${root} .prism-code { ${declarations(plainRest)} }`);
    for (const entry of theme.styles) {
      const scopes = entry.languages?.map((language) => `${root} .language-${language}`) ?? [root];
      const selectors = scopes.flatMap((scope) => entry.types.map((type) => `${scope} .prism-code .token.${type}`));
      rules.push(`${selectors.join(', ')} { ${declarations(entry.style)} }`);
    }
  }
  return `${rules.join('\n')}\n`;
}
