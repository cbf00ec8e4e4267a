import { test } from 'node:test';
import assert from 'node:assert/strict';
import { themes } from 'prism-react-renderer';
import { highlighter } from '../prism/highlighter';
import { codeThemes, contrast, parseHsl, prism, prismTokenCss, withReadableTokens } from './prism';

function rgbOf(colour: string): [number, number, number] {
  const [h, s, l] = parseHsl(colour);
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

for (const [name, theme] of Object.entries(codeThemes)) {
  test(`every ${name} code token reaches 4.5:1 on the code background`, () => {
    const background = rgbOf(String(theme.plain.backgroundColor));
    const colours = [theme.plain.color, ...theme.styles.map((entry) => entry.style.color)].filter(Boolean) as string[];
    for (const colour of colours) {
      assert.ok(contrast(rgbOf(colour), background) >= 4.5, `${colour} on ${theme.plain.backgroundColor}`);
    }
  });
}

test('the stock One Light theme fails the same check (the fix is needed)', () => {
  const background = rgbOf(String(themes.oneLight.plain.backgroundColor));
  const failing = themes.oneLight.styles.filter(
    (entry) => entry.style.color && contrast(rgbOf(String(entry.style.color)), background) < 4.5,
  );
  assert.ok(failing.length > 0);
});

test('colours already readable are left as they are', () => {
  const fixed = withReadableTokens(themes.oneLight);
  assert.equal(fixed.plain.backgroundColor, themes.oneLight.plain.backgroundColor);
  assert.equal(fixed.styles.find((entry) => entry.types.includes('keyword'))?.style.color, 'hsl(301, 63%, 40%)');
});

test('the token stylesheet colours every themed token type in both modes, from the themes', () => {
  const css = prismTokenCss(codeThemes);
  for (const [mode, theme] of Object.entries(codeThemes)) {
    assert.ok(
      css.includes(
        `[data-theme='${mode}'] { --prism-color: ${theme.plain.color}; --prism-background-color: ${theme.plain.backgroundColor}; }`,
      ),
    );
    for (const entry of theme.styles) {
      for (const type of entry.types) assert.ok(css.includes(`[data-theme='${mode}'] .prism-code .token.${type}`), `${mode} ${type}`);
      if (entry.style.color) assert.ok(css.includes(`color: ${entry.style.color};`), `${mode} ${entry.style.color}`);
    }
  }
});

test('a later theme entry comes later in the stylesheet, so it wins as in prism-react-renderer', () => {
  const css = prismTokenCss({
    light: {
      plain: { color: 'black', backgroundColor: 'white' },
      styles: [
        { types: ['punctuation'], style: { color: 'red' } },
        { types: ['punctuation'], style: { color: 'green' } },
      ],
    },
    dark: {
      plain: { color: 'white', backgroundColor: 'black' },
      styles: [{ types: ['keyword'], languages: ['css'], style: { fontStyle: 'italic' } }],
    },
  });
  assert.ok(css.indexOf('color: red;') < css.indexOf('color: green;'));
  assert.ok(css.includes(`[data-theme='dark'] .language-css .prism-code .token.keyword { font-style: italic; }`));
});

test('code blocks render with a theme without colours, the same in both modes', () => {
  assert.equal(prism.theme, prism.darkTheme);
  assert.deepEqual(prism.theme, { plain: {}, styles: [] });
});

test('the highlighter has a grammar for each language a code fence may name', () => {
  // Written out here: the languages prism-react-renderer bundles that the pages use, and those
  // src/prism/languages.ts adds (bash, json and diff are not bundled; sql and yaml are).
  for (const language of ['ts', 'tsx', 'typescript', 'js', 'jsx', 'javascript', 'bash', 'json', 'diff', 'sql', 'yaml']) {
    assert.ok(highlighter.knows(language), language);
  }
  assert.equal(highlighter.knows('cobol'), false);
});
