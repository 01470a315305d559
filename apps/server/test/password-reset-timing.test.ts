import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESETS_PATH } from '@brezza/contract';
import { registerErrorHandler } from '../src/errors.js';
import { useZodSchemas } from '../src/lib/routes.js';
import { createLoginThrottle } from '../src/modules/identity/login-throttle.js';
import { createPasswordLinks } from '../src/modules/identity/password-links.js';
import { publicIdentityRoutes } from '../src/modules/identity/routes.js';
import { createIdentityService } from '../src/modules/identity/service.js';
import type { MailMessage } from '../src/modules/mail/mailer.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';

/**
 * POST /api/password-resets must take as long for an unknown e-mail as for a known one. What it
 * does before answering is recorded: it must be the same both ways, with no account lookup, link
 * or mail on the request path. The real routes, service and repositories, on the test database;
 * the mailer (our edge) records instead of sending.
 */
describe('password reset requests: the same request path for every e-mail', () => {
  let t: TestApp;
  const events: string[] = [];
  const mails: MailMessage[] = [];
  let identity: ReturnType<typeof createIdentityService>;
  let app: ReturnType<typeof Fastify>;

  beforeAll(async () => {
    t = await buildTestApp();
    await createOperator(t, { email: 'known-reset@example.com' });
    const { db } = t.app.database;
    const users = createUsersRepository(db);
    const links = createPasswordLinks(db);
    identity = createIdentityService({
      db,
      users: {
        ...users,
        findByEmail: (email) => {
          events.push(`lookup ${email}`);
          return users.findByEmail(email);
        },
      },
      links: {
        ...links,
        issue: (...args) => {
          events.push('issue link');
          return links.issue(...args);
        },
      },
      throttle: createLoginThrottle(db),
      mailer: {
        destination: 'memory',
        send: async (message) => {
          events.push(`mail ${message.to}`);
          mails.push(message);
        },
      },
      publicUrl: t.config.publicUrl,
      productName: 'Brezza',
      passwordLinks: true,
      logError: (error) => events.push(`error ${String(error)}`),
    });
    app = Fastify();
    useZodSchemas(app);
    registerErrorHandler(app);
    await app.register(publicIdentityRoutes, { identity });
    app.addHook('onResponse', async () => {
      events.push('answered');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  async function request(email: string) {
    events.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: PASSWORD_RESETS_PATH,
      payload: { email },
      remoteAddress: `10.9.0.${events.length + mails.length + 1}`,
    });
    const beforeAnswer = events.slice(0, events.indexOf('answered'));
    await identity.resetsSettled();
    return { response, beforeAnswer, after: events.slice(events.indexOf('answered') + 1) };
  }

  it('does no account-dependent work before answering, and mails only a real account', async () => {
    const known = await request('known-reset@example.com');
    const unknown = await request('nobody-reset@example.com');

    expect(known.response.statusCode).toBe(202);
    expect(known.response.body).toBe(unknown.response.body);
    expect(known.beforeAnswer).toEqual([]);
    expect(unknown.beforeAnswer).toEqual([]);

    expect(known.after).toEqual([
      'lookup known-reset@example.com',
      'issue link',
      'mail known-reset@example.com',
    ]);
    expect(unknown.after).toEqual(['lookup nobody-reset@example.com']);
    expect(mails.map((mail) => mail.to)).toEqual(['known-reset@example.com']);
  });
});
