/**
 * Where a page's Markdown is served: `/api/Cron` → `/api/Cron.md`, the home page `/` → `/index.md`.
 * Shared by the build (src/plugins/markdown-export), the page head and the "Copy page" button.
 */
export function markdownPath(permalink: string): string {
  const clean = permalink.replace(/\/+$/, '');
  return clean === '' ? '/index.md' : `${clean}.md`;
}
