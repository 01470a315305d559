import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { createMailerFor, type Mailer } from '../mail/mailer.js';
import { createOrganisationsRepository } from '../organisations/repository.js';
import { createUsersRepository } from '../users/repository.js';
import { createLoginThrottle } from './login-throttle.js';
import { createPasswordLinks } from './password-links.js';
import { createIdentityService } from './service.js';

/** The identity services wired to one database, for the server and the admin command alike. */
export function identityDependencies(
  config: Config,
  db: Kysely<DB>,
  notify: (line: string) => void,
  logError: (error: unknown, message: string) => void,
  /** The server's `app.mail`; the staff CLI, which has no app, builds its own. */
  mailer: Mailer = createMailerFor(config, notify),
) {
  const users = createUsersRepository(db);
  const organisations = createOrganisationsRepository(db);
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
