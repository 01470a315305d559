import fs from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import type { Plugin } from 'vite';

/**
 * Turns `import page from './page.md'` into the page's HTML string at build time, so the docs
 * ship as ready HTML and no Markdown parser reaches the browser. Our own content only: the HTML
 * is trusted. Relative SVG images are inlined (their text stays selectable and searchable);
 * other relative images are refused, loudly.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `PDU & pCDU Hierarchy` → `pdu-pcdu-hierarchy`: stable anchors for headings. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function renderMarkdown(source: string, readSvg: (relativePath: string) => string): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token) {
        const html = this.parser.parseInline(token.tokens);
        return `<h${token.depth} id="${slugify(html)}">${html}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token) {
        const html = this.parser.parseInline(token.tokens);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        const external = /^https?:\/\//.test(token.href)
          ? ' target="_blank" rel="noopener noreferrer"'
          : '';
        return `<a href="${escapeHtml(token.href)}"${title}${external}>${html}</a>`;
      },
      image(token) {
        if (/^[a-z]+:|^\//i.test(token.href)) {
          return `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}">`;
        }
        if (!token.href.endsWith('.svg')) {
          throw new Error(`Only relative .svg images can be inlined: ${token.href}`);
        }
        const svg = readSvg(token.href)
          .replace(/<\?xml[^>]*>\s*/, '')
          .replace('<svg', `<svg role="img" aria-label="${escapeHtml(token.text)}"`);
        const caption = token.title ? `<figcaption>${escapeHtml(token.title)}</figcaption>` : '';
        return `<figure class="diagram">${svg}${caption}</figure>`;
      },
      table(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token) {
        const cell = (c: Tokens.TableCell, tag: 'th' | 'td') =>
          `<${tag}${c.align ? ` align="${c.align}"` : ''}>${this.parser.parseInline(c.tokens)}</${tag}>`;
        const head = token.header.map((c) => cell(c, 'th')).join('');
        const rows = token.rows
          .map((row) => `<tr>${row.map((c) => cell(c, 'td')).join('')}</tr>`)
          .join('\n');
        // Wide tables scroll sideways on phones instead of stretching the page.
        return `<div class="table-scroll"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
      },
    },
  });
  return inSections(marked.parse(source, { async: false }));
}

/**
 * Each part of a page from one h2 to the next in a `<section class="docs-section">`, which the
 * browser renders when it nears the viewport (issue 10: a long page's first frame styles and
 * lays out only its first screen). Headings are only ever at the top level of our Markdown.
 */
export function inSections(html: string): string {
  const [intro, ...parts] = html.split(/(?=<h2 )/);
  return intro + parts.map((part) => `<section class="docs-section">${part}</section>\n`).join('');
}

export function markdownPlugin(): Plugin {
  return {
    name: 'brezza-markdown',
    enforce: 'pre',
    transform(source, id) {
      if (!id.endsWith('.md')) return null;
      const html = renderMarkdown(source, (relativePath) => {
        const file = path.resolve(path.dirname(id), relativePath);
        this.addWatchFile(file);
        return fs.readFileSync(file, 'utf8');
      });
      return { code: `export default ${JSON.stringify(html)};`, map: null };
    },
  };
}
