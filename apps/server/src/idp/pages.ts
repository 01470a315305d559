import { escapeHtml } from '../lib/html.js';
import { renderPageShell } from '../lib/page-shell.js';
import { IDP_PREFIX } from './configuration.js';

/** Server-rendered pages of the embedded provider, in the product's look. */

export const STYLESHEET_PATH = `${IDP_PREFIX}/assets/idp.css`;
export const AUTO_SUBMIT_PATH = `${IDP_PREFIX}/assets/auto-submit.js`;

export interface PageContext {
  productName: string;
  publicUrl: string;
}

export type Alert = { kind: 'error' | 'ok'; text: string } | null;

function alertHtml(alert: Alert): string {
  if (!alert) return '';
  const role = alert.kind === 'error' ? 'alert' : 'status';
  return `<p class="alert alert-${alert.kind}" role="${role}">${escapeHtml(alert.text)}</p>`;
}

function layout(
  page: PageContext,
  options: { title: string; body: string; scripts?: string[] },
): string {
  return renderPageShell({
    title: options.title,
    productName: page.productName,
    homeHref: `${page.publicUrl}/`,
    style: { href: STYLESHEET_PATH },
    scripts: options.scripts,
    layout: 'page',
    body: `<section class="card">\n${options.body}\n</section>`,
  });
}

export function loginPage(
  page: PageContext,
  input: { action: string; email: string; alert: Alert },
): string {
  const body = `<h1>Sign in to ${escapeHtml(page.productName)}</h1>
<p class="lead">Use the e-mail address your provider authorised.</p>
${alertHtml(input.alert)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label>E-mail<input type="email" name="email" autocomplete="username" required autofocus value="${escapeHtml(input.email)}"></label>
<label>Password<input type="password" name="password" autocomplete="current-password" required></label>
<button class="button" type="submit">Sign in</button>
</form>
<div class="links"><a href="${escapeHtml(page.publicUrl)}/reset-password">Forgot your password?</a><a href="${escapeHtml(page.publicUrl)}/signup">Request access</a></div>`;
  return layout(page, { title: 'Sign in', body });
}

export function setPasswordPage(
  page: PageContext,
  input: { action: string; token: string; purpose: 'set' | 'reset'; email: string; alert: Alert },
): string {
  const heading = input.purpose === 'set' ? 'Choose your password' : 'Choose a new password';
  const lead =
    input.purpose === 'set'
      ? `Welcome to ${page.productName}. Choose the password you will sign in with as ${input.email}.`
      : `Choose a new password for ${input.email}. You will be signed out everywhere else.`;
  const body = `<h1>${escapeHtml(heading)}</h1>
<p class="lead">${escapeHtml(lead)}</p>
${alertHtml(input.alert)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<input type="text" name="username" autocomplete="username" value="${escapeHtml(input.email)}" hidden>
<label>New password<input type="password" name="password" autocomplete="new-password" minlength="8" required autofocus></label>
<p class="hint">At least 8 characters.</p>
<label>Repeat the new password<input type="password" name="confirmation" autocomplete="new-password" minlength="8" required></label>
<button class="button" type="submit">Save password</button>
</form>`;
  return layout(page, { title: heading, body });
}

/** A page with a message and one way on (expired links, success, errors). */
export function messagePage(
  page: PageContext,
  input: { title: string; text: string; alert?: Alert; action?: { href: string; label: string } },
): string {
  const action = input.action
    ? `<a class="button" href="${escapeHtml(input.action.href)}">${escapeHtml(input.action.label)}</a>`
    : '';
  const body = `<h1>${escapeHtml(input.title)}</h1>
${alertHtml(input.alert ?? null)}
<p class="lead">${escapeHtml(input.text)}</p>
${action}`;
  return layout(page, { title: input.title, body });
}

/**
 * The provider's logout confirmation, submitted by script at once (Auth0 asks nothing). The
 * provider's form carries the xsrf token; `logout=yes` ends the whole session.
 */
export function logoutPage(page: PageContext, form: string): string {
  const confirmed = form
    .replace(/<form /, '<form data-auto-submit ')
    .replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const body = `<h1>Signing you out…</h1>
<p class="lead">One moment.</p>
${confirmed}
<button class="button" type="submit" form="op.logoutForm">Sign out</button>`;
  return layout(page, { title: 'Signing out', body, scripts: [AUTO_SUBMIT_PATH] });
}
