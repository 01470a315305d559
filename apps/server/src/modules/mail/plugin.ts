import fp from 'fastify-plugin';
import { createMailerFor, type Mailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one mailer (SMTP_URL, else the outbox) for sign-up, password and alert mail. */
    mail: Mailer;
  }
}

/** Built once, so that every module sends through the same transport. */
export const mailPlugin = fp(
  async (app) => {
    app.decorate(
      'mail',
      createMailerFor(app.config, (line) => app.log.info(line)),
    );
  },
  { name: 'mail' },
);
