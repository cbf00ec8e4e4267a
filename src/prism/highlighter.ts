/**
 * The syntax highlighter: Prism as prism-react-renderer bundles it, plus ADDITIONAL_LANGUAGES.
 *
 * It is not in the main bundle. The server build imports it directly (module id
 * `docs-prism-sync`, see src/plugins/code-highlighting) so every code block is rendered
 * highlighted into the HTML; in the browser, pages hydrate without it (src/theme/CodeBlock keeps
 * the server's token markup) and it loads as its own chunk only when a code block is rendered
 * in the browser, after a client-side navigation.
 */
import { Prism, normalizeTokens, type Token } from 'prism-react-renderer';
import { ADDITIONAL_LANGUAGES } from './languages';

// Prism's language files register themselves on a global `Prism`; give them this instance,
// then take it away again so the page has no global Prism.
const scope = globalThis as { Prism?: typeof Prism };
scope.Prism = Prism;
// The classic theme's webpack config limits this dynamic require to the configured languages
// (prism.additionalLanguages, the same list).
for (const language of ADDITIONAL_LANGUAGES) {
  // Loaded with require, in order, after the global Prism is set: each grammar extends that global.
  require(`prismjs/components/prism-${language}`);
}
delete scope.Prism;

export interface Highlighter {
  /** The code split into lines of tokens, as prism-react-renderer's `useTokenize` returns them. */
  tokenize(code: string, language: string): Token[][];
  /** Whether Prism has a grammar for this language name. */
  knows(language: string): boolean;
}

export const highlighter: Highlighter = {
  tokenize(code, language) {
    const grammar = Prism.languages[language];
    if (!grammar) return normalizeTokens([code]);
    const env = { code, grammar, language, tokens: [] as ReturnType<typeof Prism.tokenize> };
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(env.code, env.grammar);
    Prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens);
  },
  knows: (language) => Boolean(Prism.languages[language]),
};
