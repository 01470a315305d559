import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail exists for; logged when mail goes to the outbox, never over SMTP. */
  link?: string;
  /** Files sent with the mail (the monthly executive report's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Where mail goes, for the start-up notes. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it mail is written to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  /** Receives one line per mail written to the outbox (the server log, or the admin console). */
  notify(line: string): void;
}

/**
 * Mail through SMTP when configured, otherwise into an outbox folder as .eml files (one per
 * mail, readable with any mail client) plus a log line with the link, so that a fresh machine
 * can complete every e-mail flow without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const host = new URL(options.smtpUrl).host;
    return {
      destination: `SMTP server ${host}`,
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        });
      },
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    destination: `the outbox folder ${options.outboxDir}`,
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        textEncoding: 'quoted-printable',
      });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      const link = message.link ? `: ${message.link}` : '';
      options.notify(`mail "${message.subject}" to ${message.to} written to ${file}${link}`);
    },
  };
}

function mailFrom(config: Config): string {
  return (
    config.env.MAIL_FROM ??
    `${config.env.PRODUCT_NAME} <no-reply@${new URL(config.publicUrl).hostname}>`
  );
}

/** The product's mailer as the config sets it: SMTP_URL, else the data folder's outbox. */
export function createMailerFor(config: Config, notify: (line: string) => void): Mailer {
  return createMailer({
    smtpUrl: config.env.SMTP_URL,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: mailFrom(config),
    notify,
  });
}
