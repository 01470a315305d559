import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { createOrganisationsRepository } from '../organisations/repository.js';
import { createUsersRepository } from '../users/repository.js';
import { createLoginThrottle } from './login-throttle.js';
import { createPasswordLinks } from './password-links.js';
import { createIdentityService } from './service.js';

export function mailFrom(config: Config): string {
  return (
    config.env.MAIL_FROM ??
    `${config.env.PRODUCT_NAME} <no-reply@${new URL(config.publicUrl).hostname}>`
  );
}

export function createMailerFor(config: Config, notify: (line: string) => void): Mailer {
  return createMailer({
    smtpUrl: config.env.SMTP_URL,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: mailFrom(config),
    notify,
  });
}

/** The identity services wired to one database, for the server and the admin command alike. */
export function identityDependencies(
  config: Config,
  db: Kysely<DB>,
  notify: (line: string) => void,
  logError: (error: unknown, message: string) => void,
) {
  const users = createUsersRepository(db);
  const organisations = createOrganisationsRepository(db);
  const mailer = createMailerFor(config, notify);
  const identity = createIdentityService({
    db,
    users,
    links: createPasswordLinks(db),
    throttle: createLoginThrottle(db),
    mailer,
    publicUrl: config.publicUrl,
    productName: config.env.PRODUCT_NAME,
    passwordLinks: config.identity.mode === 'embedded',
    logError,
  });
  return { users, organisations, mailer, identity };
}
