/** github-slugger 1.5.0 ships no types: the slugger GitHub-style heading anchors are computed with (Docusaurus uses it too). */
declare module 'github-slugger' {
  export default class GithubSlugger {
    /** The slug of `value`, with `-1`, `-2`, ... appended when this slugger has seen it before. */
    slug(value: string, maintainCase?: boolean): string;
    reset(): void;
    /** The slug of `value` without de-duplication. */
    static slug(value: string, maintainCase?: boolean): string;
  }
}
