/** The module src/plugins/mermaid-runtime maps to mermaid's prebuilt ES module. */
declare module 'docs-mermaid-runtime' {
  import type mermaid from 'mermaid';

  const api: typeof mermaid;
  export default api;
}
