import { escapeHtml } from './html.js';

/**
 * The one shell of every server-rendered page (the identity provider's sign-in and password
 * pages, the local test checkout): head, the product's mark and name, footer, and the styles they
 * share. Callers pass their body as HTML they built with `escapeHtml`; every text the shell
 * itself writes is escaped here.
 */

/** The product's mark, as the web app shows it. */
const LOGO =
  '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0b5fff"/>' +
  '<g fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round">' +
  '<path d="M7 12.5h11.5a3.25 3.25 0 1 0-3.25-3.25"/><path d="M7 17h15.5a3.25 3.25 0 1 1-3.25 3.25"/>' +
  '<path d="M7 21.5h6.5"/></g></svg>';

/** What every server page looks like whatever it shows: type, colours, the mark, the footer. */
export const PAGE_BASE_STYLE = `
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; font-family: 'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #0f172a; background: linear-gradient(180deg, #eef5ff, #fff 55%); -webkit-font-smoothing: antialiased; }
.brand { display: inline-flex; align-items: center; gap: 10px; text-decoration: none; color: #0f172a; font-size: 20px; font-weight: 700; letter-spacing: -0.01em; }
.brand svg { width: 32px; height: 32px; }
.footer { margin-top: auto; padding-top: 32px; font-size: 13px; color: #475569; text-align: center; }
`;

export interface PageShellOptions {
  title: string;
  productName: string;
  /** Where the product's mark links to. */
  homeHref: string;
  /** A stylesheet served by us, or a style block allowed by the response's CSP nonce. */
  style: { href: string } | { css: string; nonce: string };
  scripts?: string[];
  /** The class of <main>, which lays the page out. */
  layout: string;
  /** HTML shown above <main> (the test checkout's banner). */
  banner?: string;
  /** The page's own HTML, already escaped by its builder. */
  body: string;
}

export function renderPageShell(options: PageShellOptions): string {
  const product = escapeHtml(options.productName);
  const style =
    'href' in options.style
      ? `<link rel="stylesheet" href="${escapeHtml(options.style.href)}">`
      : `<style nonce="${escapeHtml(options.style.nonce)}">${PAGE_BASE_STYLE}${options.style.css}</style>`;
  const scripts = (options.scripts ?? [])
    .map((src) => `<script src="${escapeHtml(src)}" defer></script>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} · ${product}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${style}
${scripts}
</head>
<body>
${options.banner ?? ''}
<main class="${escapeHtml(options.layout)}">
<a class="brand" href="${escapeHtml(options.homeHref)}">${LOGO}<span>${product}</span></a>
${options.body}
<p class="footer">© 2025 ${product}. All rights reserved.</p>
</main>
</body>
</html>`;
}
