import { PAGE_BASE_STYLE } from '../lib/page-shell.js';

/**
 * The two static files of the provider's pages, kept in code so that the build ships them with
 * the server. Served under /idp/assets/ (script-src and style-src 'self', no inline code).
 */
export const IDP_STYLESHEET = `${PAGE_BASE_STYLE}
:root {
  --brand: #0b5fff; --brand-dark: #0848cc; --brand-50: #eef5ff; --ink: #0f172a;
  --muted: #475569; --line: #e2e8f0; --danger: #b91c1c; --danger-bg: #fef2f2;
  --ok: #047857; --ok-bg: #ecfdf5;
}
.page { flex: 1; display: flex; flex-direction: column; align-items: center; padding: 40px 16px 24px; }
.card { width: 100%; max-width: 420px; margin-top: 28px; background: #fff; border: 1px solid var(--line); border-radius: 16px; box-shadow: 0 10px 30px rgba(15, 23, 42, 0.08); padding: 32px; }
h1 { margin: 0 0 8px; font-size: 24px; line-height: 1.25; letter-spacing: -0.01em; }
.lead { margin: 0 0 24px; color: var(--muted); font-size: 15px; line-height: 1.5; }
form { display: grid; gap: 16px; }
label { display: grid; gap: 6px; font-size: 14px; font-weight: 600; }
input[type=email], input[type=password], input[type=text] { width: 100%; font: inherit; font-size: 16px; font-weight: 400; padding: 10px 12px; border: 1px solid #cbd5e1; border-radius: 10px; color: var(--ink); background: #fff; }
input:focus { outline: 2px solid var(--brand); outline-offset: 1px; border-color: var(--brand); }
.button { display: inline-flex; justify-content: center; align-items: center; width: 100%; font: inherit; font-size: 15px; font-weight: 600; padding: 11px 16px; border: 0; border-radius: 10px; background: var(--brand); color: #fff; cursor: pointer; text-decoration: none; }
.button:hover { background: var(--brand-dark); }
.button:focus-visible { outline: 2px solid var(--brand); outline-offset: 2px; }
.alert { margin: 0 0 20px; padding: 12px 14px; border-radius: 10px; font-size: 14px; line-height: 1.45; }
.alert-error { background: var(--danger-bg); color: var(--danger); border: 1px solid #fecaca; }
.alert-ok { background: var(--ok-bg); color: var(--ok); border: 1px solid #a7f3d0; }
.links { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px 16px; margin-top: 20px; font-size: 14px; }
a { color: var(--brand); }
a:hover { color: var(--brand-dark); }
.hint { margin: -8px 0 0; font-size: 13px; color: var(--muted); }
@media (max-width: 480px) {
  .page { padding-top: 24px; }
  .card { padding: 24px 20px; border-radius: 14px; margin-top: 20px; }
  h1 { font-size: 22px; }
}
`;

/** Submits the provider's logout confirmation at once: Auth0 shows no such page. */
export const AUTO_SUBMIT_SCRIPT = `document.querySelectorAll('form[data-auto-submit]').forEach(function (form) { form.submit(); });\n`;
