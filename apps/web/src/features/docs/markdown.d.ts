/** A Markdown file, rendered to HTML at build time by `vite-plugin-markdown.ts`. */
declare module '*.md' {
  const html: string;
  export default html;
}
