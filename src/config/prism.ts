import type { ThemeConfig } from '@docusaurus/preset-classic';
import { themes, type PrismTheme } from 'prism-react-renderer';

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
    let [h, s, l] = parseHsl(colour);
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
export const prism = {
  theme: withReadableTokens(themes.oneLight),
  darkTheme: withReadableTokens(themes.oneDark),
  additionalLanguages: ['bash', 'json', 'diff', 'sql', 'yaml'],
} satisfies Prism;
