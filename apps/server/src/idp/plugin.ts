import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { IdentityService } from '../modules/identity/service.js';
import { passwordProblem } from '../modules/identity/passwords.js';
import { SET_PASSWORD_PATH } from '../modules/identity/password-links.js';
import type { UsersRepository } from '../modules/users/repository.js';
import { AUTO_SUBMIT_SCRIPT, IDP_STYLESHEET } from './assets.js';
import { IDP_PREFIX, providerConfiguration, type ProviderPages } from './configuration.js';
import type { KeyStore } from './key-store.js';
import {
  AUTO_SUBMIT_PATH,
  STYLESHEET_PATH,
  loginPage,
  logoutPage,
  messagePage,
  setPasswordPage,
  type Alert,
  type PageContext,
} from './pages.js';
import { deleteExpiredIdpModels, sqlAdapterFactory } from './sql-adapter.js';

export const WRONG_CREDENTIALS_MESSAGE = 'Wrong e-mail or password.';
export const DISABLED_MESSAGE = 'This account is disabled. Ask your provider to enable it again.';
export const EXPIRED_LINK_TITLE = 'This link has expired';

export interface IdpOptions {
  identity: IdentityService;
  users: UsersRepository;
  keyStore: KeyStore;
}

type Form = Record<string, string>;

/** How long sign-in has to wait, in words a person reads at a glance. */
export function throttleMessage(seconds: number): string {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-ins. Try again in ${wait}.`;
}

/**
 * auth0-spa-js logs out with `returnTo`; oidc-provider expects `post_logout_redirect_uri`.
 * Pure: returns the provider-relative path with the parameter renamed.
 */
export function bridgeLogoutPath(path: string): string {
  const url = new URL(path, 'http://idp.invalid');
  if (url.pathname !== '/v2/logout') return path;
  const returnTo = url.searchParams.get('returnTo');
  url.searchParams.delete('returnTo');
  if (returnTo && !url.searchParams.has('post_logout_redirect_uri')) {
    url.searchParams.set('post_logout_redirect_uri', returnTo);
  }
  return `${url.pathname}${url.search}`;
}

/** The provider sees its own paths: `/idp/authorize` arrives as `/authorize`. */
export function stripPrefix(url: string): string {
  const rest = url.slice(IDP_PREFIX.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest;
}

/**
 * The embedded OpenID provider under /idp: oidc-provider for the protocol, our own pages for
 * login and passwords. Requests for the provider bypass Fastify's body parsing and are handed
 * to its Koa app with the prefix stripped (originalUrl keeps it, so its URLs include /idp).
 */
export async function idpPlugin(app: FastifyInstance, options: IdpOptions): Promise<void> {
  const { config } = app;
  const { identity, users, keyStore } = options;
  const page: PageContext = { productName: config.env.PRODUCT_NAME, publicUrl: config.publicUrl };

  // Every page a person sees answers 200, errors included: the message is on the page, and a
  // browser reports any 4xx document as a console error.
  const html = (reply: FastifyReply, body: string) =>
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

  const pages: ProviderPages = {
    logoutSource(ctx, form) {
      ctx.type = 'html';
      ctx.body = logoutPage(page, form);
    },
    postLogoutSuccessSource(ctx) {
      ctx.type = 'html';
      ctx.body = messagePage(page, {
        title: 'Signed out',
        text: `You are signed out of ${page.productName}.`,
        action: { href: `${config.publicUrl}/`, label: `Back to ${page.productName}` },
      });
    },
    renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      const description = out.error_description ?? 'Sign-in failed.';
      ctx.body = messagePage(page, {
        title: 'Sign-in could not continue',
        text: `${description} Go back to ${page.productName} and try again.`,
        action: { href: `${config.publicUrl}/`, label: `Back to ${page.productName}` },
      });
    },
  };

  const provider = new Provider(
    config.identity.issuer,
    providerConfiguration({
      config,
      users,
      adapter: sqlAdapterFactory(app.database.db),
      signingKeys: await keyStore.signingKeys(),
      cookieKeys: await keyStore.cookieKeys(),
      pages,
    }),
  );
  // The provider (Koa) learns the protocol and client address from X-Forwarded-* headers that
  // we write ourselves on every /idp request (see below), from Fastify's trusted view.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'idp server error'));
  const handle = provider.callback();

  const sweep = setInterval(
    () => {
      deleteExpiredIdpModels(app.database.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not delete expired idp state'),
      );
    },
    10 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // What the provider believes about each request is ours to say, never the client's: https when
  // PUBLIC_URL is https (TLS ends before us, so its cookies must be Secure even without
  // TRUST_PROXY), else the protocol Fastify trusts; the client address Fastify trusts; the Host.
  const publicHttps = config.publicUrl.startsWith('https://');
  app.addHook('onRequest', async (request) => {
    const { headers } = request.raw;
    headers['x-forwarded-proto'] = publicHttps ? 'https' : request.protocol;
    headers['x-forwarded-for'] = request.ip;
    delete headers['x-forwarded-host'];
  });

  // Everything the provider itself answers.
  await app.register(async (passthrough) => {
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const path = bridgeLogoutPath(stripPrefix(raw.url ?? IDP_PREFIX));
      raw.url = path;
      raw.originalUrl = `${IDP_PREFIX}${path}`;
      // Security headers (CSP...) set by the app's hooks; the provider adds to them.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      await handle(raw, reply.raw as ServerResponse);
    };
    passthrough.all(`${IDP_PREFIX}/*`, forward);
    passthrough.all(IDP_PREFIX, forward);
  });

  // Our pages: login, password links and their static files.
  await app.register(async (pagesScope) => {
    pagesScope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    pagesScope.get(STYLESHEET_PATH, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(IDP_STYLESHEET),
    );
    pagesScope.get(AUTO_SUBMIT_PATH, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(AUTO_SUBMIT_SCRIPT),
    );

    const expiredSignIn = (reply: FastifyReply) =>
      html(
        reply,
        messagePage(page, {
          title: 'This sign-in has expired',
          text: `Sign-in pages are valid for an hour. Go back to ${page.productName} and sign in again.`,
          action: { href: `${config.publicUrl}/signin`, label: 'Sign in again' },
        }),
      );

    /**
     * The interaction behind a login page, or undefined when it is gone (expired, another
     * browser, a stale tab): the person then sees "sign-in expired", and the log says why.
     * Anything else (the database down...) is a server error, not an expired sign-in.
     */
    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      const { uid } = request.params as { uid: string };
      let interaction;
      try {
        interaction = await provider.interactionDetails(request.raw, reply.raw);
      } catch (error) {
        if (!(error instanceof errors.SessionNotFound)) throw error;
        request.log.warn({ err: error, uid }, 'sign-in interaction not found; shown as expired');
        return undefined;
      }
      if (interaction.uid !== uid) {
        request.log.warn(
          { uid, cookieUid: interaction.uid },
          'sign-in page of another interaction; shown as expired',
        );
        return undefined;
      }
      return interaction;
    };

    const renderLogin = (reply: FastifyReply, uid: string, email: string, alert: Alert) =>
      html(
        reply,
        loginPage(page, { action: `${IDP_PREFIX}/interaction/${uid}/login`, email, alert }),
      );

    /** Our web app is first party: a consent prompt is answered by granting what it asked. */
    const grantConsent = async (
      request: FastifyRequest,
      reply: FastifyReply,
      interaction: NonNullable<Awaited<ReturnType<typeof details>>>,
    ) => {
      const accountId = interaction.session?.accountId;
      const clientId = interaction.params.client_id;
      if (!accountId || clientId !== config.identity.clientId) return expiredSignIn(reply);
      const grant =
        (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
        new provider.Grant({ accountId, clientId });
      const missing = interaction.prompt.details as {
        missingOIDCScope?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(request.raw, reply.raw, {
        consent: { grantId },
      });
      return reply.redirect(returnTo, 303);
    };

    pagesScope.get(`${IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expiredSignIn(reply);
      if (interaction.prompt.name === 'login') {
        const hint = interaction.params.login_hint;
        return renderLogin(reply, interaction.uid, typeof hint === 'string' ? hint : '', null);
      }
      return grantConsent(request, reply, interaction);
    });

    pagesScope.post(`${IDP_PREFIX}/interaction/:uid/login`, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.prompt.name !== 'login') return expiredSignIn(reply);
      const form = (request.body ?? {}) as Form;
      const email = (form.email ?? '').trim().slice(0, 320);
      const password = (form.password ?? '').slice(0, 512);
      if (!email || !password) {
        const alert = { kind: 'error', text: 'Enter your e-mail and password.' } as const;
        return renderLogin(reply, interaction.uid, email, alert);
      }
      const result = await identity.signIn({ email, password, address: request.ip });
      switch (result.outcome) {
        case 'wrong-credentials':
          return renderLogin(reply, interaction.uid, email, {
            kind: 'error',
            text: WRONG_CREDENTIALS_MESSAGE,
          });
        case 'throttled':
          reply.header('Retry-After', String(result.retryAfterSeconds));
          return renderLogin(reply, interaction.uid, email, {
            kind: 'error',
            text: throttleMessage(result.retryAfterSeconds),
          });
        case 'disabled':
          return renderLogin(reply, interaction.uid, email, {
            kind: 'error',
            text: DISABLED_MESSAGE,
          });
        case 'signed-in': {
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId: String(result.user.id), remember: true } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(returnTo, 303);
        }
      }
    });

    const expiredLink = (reply: FastifyReply) =>
      html(
        reply,
        messagePage(page, {
          title: EXPIRED_LINK_TITLE,
          text: 'Password links work once and expire after a while. Ask for a new one.',
          action: { href: `${config.publicUrl}/reset-password`, label: 'Send me a new link' },
        }),
      );

    const renderPasswordForm = async (reply: FastifyReply, token: string, alert: Alert) => {
      const link = await identity.checkLink(token);
      const user = link && (await users.findById(link.userId));
      if (!link || !user) return expiredLink(reply);
      return html(
        reply,
        setPasswordPage(page, {
          action: SET_PASSWORD_PATH,
          token,
          purpose: link.purpose,
          email: user.email,
          alert,
        }),
      );
    };

    pagesScope.get(SET_PASSWORD_PATH, async (request, reply) => {
      const { token } = request.query as { token?: string };
      return renderPasswordForm(reply, typeof token === 'string' ? token : '', null);
    });

    pagesScope.post(SET_PASSWORD_PATH, async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      const token = form.token ?? '';
      const problem = passwordProblem(form.password ?? '', form.confirmation ?? '');
      if (problem) return renderPasswordForm(reply, token, { kind: 'error', text: problem });
      if (!(await identity.checkLink(token))) return expiredLink(reply);
      const user = await identity.setPasswordWithLink(token, form.password ?? '');
      if (!user) return expiredLink(reply);
      return html(
        reply,
        messagePage(page, {
          title: 'Password saved',
          text: `You can now sign in to ${page.productName} as ${user.email}.`,
          alert: { kind: 'ok', text: 'Your password has been saved.' },
          action: { href: `${config.publicUrl}/signin`, label: 'Sign in' },
        }),
      );
    });
  });
}
