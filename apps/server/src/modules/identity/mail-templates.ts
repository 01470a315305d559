import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../mail/mailer.js';

function layout(productName: string, paragraphs: string[], link: string, action: string): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family:Inter,system-ui,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:20px;color:#0b5fff">${escapeHtml(productName)}</h1>
${body}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b5fff;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#475569">Or paste this address into your browser: ${escapeHtml(link)}</p>
</body></html>`;
}

interface LinkMailInput {
  productName: string;
  to: string;
  name: string;
  link: string;
}

/** A mail whose point is one link: the paragraphs, then the link as text and as a button. */
function linkMail(
  input: LinkMailInput,
  subject: string,
  lines: string[],
  action: string,
): MailMessage {
  return {
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${input.link}\n`,
    html: layout(input.productName, lines, input.link, action),
    link: input.link,
  };
}

/** The mail a newly authorised user gets, with the link to choose a first password. */
export function setPasswordMail(input: LinkMailInput): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    `You now have access to ${input.productName}. Choose your password to sign in.`,
    'The link works once and expires in 7 days.',
  ];
  return linkMail(input, `Your ${input.productName} account`, lines, 'Choose your password');
}

/** The password-reset mail: a single-use link valid for one hour. */
export function resetPasswordMail(input: LinkMailInput): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    `Someone asked to reset the password of your ${input.productName} account. If it was you, choose a new password with the link below; otherwise ignore this mail.`,
    'The link works once and expires in 1 hour. Setting a new password signs you out everywhere.',
  ];
  return linkMail(
    input,
    `Reset your ${input.productName} password`,
    lines,
    'Choose a new password',
  );
}
