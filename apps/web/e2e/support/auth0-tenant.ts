import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JWK } from 'jose';
import Provider, { errors, type Configuration } from 'oidc-provider';

/**
 * A local stand-in for an Auth0 tenant, for the browser test of Auth0 mode: oidc-provider (a
 * real OpenID provider) configured the way an Auth0 tenant behaves for a single-page app, served
 * over HTTPS with a certificate from a test certificate authority made here with the openssl CLI.
 * Auth0's paths (/authorize, /oauth/token, /userinfo, /.well-known/jwks.json, /v2/logout with
 * `returnTo`), RS256 JWT access tokens for the API audience that /userinfo also accepts, refresh
 * tokens, PKCE, no consent screen, and a plain login form for its users.
 */

export interface TenantUser {
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
}

export interface TestCertificates {
  /** The test CA, for NODE_EXTRA_CA_CERTS of the API server. */
  caFile: string;
  key: string;
  cert: string;
  /** base64 SHA-256 of the leaf's and the CA's public keys, for Chromium's SPKI allow list. */
  spkiHashes: string[];
}

const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

/** A certificate authority and a `localhost` server certificate it signed, valid two days. */
export function createTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-e2e-ca-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
    '-keyout', file('ca.key'), '-out', file('ca.pem'),
    '-subj', '/CN=Brezza e2e test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ); // prettier-ignore
  openssl(
    'req', '-newkey', 'rsa:2048', '-nodes',
    '-keyout', file('leaf.key'), '-out', file('leaf.csr'), '-subj', '/CN=localhost',
  ); // prettier-ignore
  fs.writeFileSync(
    file('leaf.ext'),
    [
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    'x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'),
    '-CAcreateserial', '-days', '2', '-out', file('leaf.pem'), '-extfile', file('leaf.ext'),
  ); // prettier-ignore
  const ca = fs.readFileSync(file('ca.pem'), 'utf8');
  const cert = fs.readFileSync(file('leaf.pem'), 'utf8');
  return {
    caFile: file('ca.pem'),
    key: fs.readFileSync(file('leaf.key'), 'utf8'),
    cert: `${cert}${ca}`,
    spkiHashes: [spkiHash(cert), spkiHash(ca)],
  };
}

export interface RunningTenant {
  /** `localhost:<port>`, as AUTH_DOMAIN. */
  domain: string;
  origin: string;
  clientId: string;
  audience: string;
  /** Method and path of every request the tenant received. */
  requests: string[];
  /** Serves the provider once the app's URL (its redirect and return addresses) is known. */
  configure(appUrl: string): Promise<void>;
  stop(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

/** Starts the tenant on a free port; it answers 503 until `configure` is called. */
export async function startAuth0Tenant(
  certificates: TestCertificates,
  users: TenantUser[],
): Promise<RunningTenant> {
  const clientId = 'brezza-e2e-spa';
  const audience = 'https://api.brezza.test';
  const requests: string[] = [];
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;

  const server = https.createServer(
    { key: certificates.key, cert: certificates.cert },
    (request, response) => {
      requests.push(`${request.method} ${request.url?.split('?')[0]}`);
      if (!handler) {
        response.writeHead(503).end();
        return;
      }
      handler(request, response);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const domain = `localhost:${port}`;
  const origin = `https://${domain}`;
  const issuer = `${origin}/`;

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: 'tenant-key', alg: 'RS256' };
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'tenant-key', alg: 'RS256' };
  const accountOf = (id: string) => users[Number(id)];

  async function configure(appUrl: string) {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          application_type: 'web',
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: [new URL(appUrl).origin],
          post_logout_redirect_uris: [`${appUrl}/logged-out`, `${appUrl}/`],
        },
      ],
      jwks: { keys: [signingKey as never] },
      cookies: { keys: ['e2e-tenant-cookie-key'] },
      findAccount: (_ctx, id) => {
        const user = accountOf(id);
        if (!user) return undefined;
        return {
          accountId: id,
          claims: () => ({
            sub: id,
            name: user.name,
            email: user.email,
            email_verified: user.emailVerified,
          }),
        };
      },
      claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
      scopes: ['openid', 'profile', 'email', 'offline_access'],
      extraParams: ['audience', 'auth0Client'],
      pkce: { required: () => true },
      routes: {
        authorization: '/authorize',
        token: '/oauth/token',
        revocation: '/oauth/revoke',
        userinfo: '/oidc-userinfo',
        jwks: '/.well-known/jwks.json',
        end_session: '/v2/logout',
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          // Auth0 signs out without asking: the confirmation form submits itself.
          logoutSource: async (ctx, form) => {
            ctx.body = page(
              'Signing out',
              `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}<script>document.forms[0].submit()</script>`,
            );
          },
        },
        resourceIndicators: {
          enabled: true,
          defaultResource: async (ctx, _client, oneOf) => {
            if (oneOf) return oneOf;
            const requested = ctx.oidc.params?.audience;
            return typeof requested === 'string' && requested ? requested : audience;
          },
          useGrantedResource: async () => true,
          getResourceServerInfo: async (_ctx, indicator) => {
            if (indicator !== audience) throw new errors.InvalidTarget();
            return {
              scope: '',
              audience,
              accessTokenTTL: 600,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
      },
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      rotateRefreshToken: true,
      // Auth0 grants a first-party app without a consent screen.
      loadExistingGrant: async (ctx) => {
        const { client, session, provider } = ctx.oidc;
        if (!client || !session?.accountId) return undefined;
        const grantId = session.grantIdFor(client.clientId);
        const existing = grantId ? await provider.Grant.find(grantId) : undefined;
        const grant =
          existing ??
          new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
        for (const indicator of Object.keys(ctx.oidc.resourceServers ?? {})) {
          grant.addResourceScope(indicator, '');
        }
        await grant.save();
        return grant;
      },
      clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === new URL(appUrl).origin,
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600, RefreshToken: 3600 }, // prettier-ignore
    };
    const provider = new Provider(issuer, configuration);
    const callback = provider.callback();
    const keys = createLocalJWKSet({ keys: [publicJwk] });

    /** Auth0's /userinfo takes the API access token (its audience includes /userinfo). */
    async function userinfo(request: IncomingMessage, response: ServerResponse) {
      const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      try {
        const { payload } = await jwtVerify(token, keys, { issuer, audience });
        const user = accountOf(String(payload.sub));
        if (!user) throw new Error('no such user');
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            sub: payload.sub,
            name: user.name,
            email: user.email,
            email_verified: user.emailVerified,
          }),
        );
      } catch {
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"error":"invalid_token"}');
      }
    }

    const loginForm = (uid: string, alert = '') =>
      page(
        'Log in',
        `<h1>Log in to the test tenant</h1>${alert ? `<p role="alert">${escapeHtml(alert)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>Email address <input name="email" type="email" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Continue</button></form>`,
      );

    async function interaction(request: IncomingMessage, response: ServerResponse, uid: string) {
      const details = await provider.interactionDetails(request, response);
      if (details.uid !== uid) throw new Error('interaction mismatch');
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html' }).end(loginForm(uid));
        return;
      }
      const form = await formBody(request);
      const index = users.findIndex(
        (user) => user.email === form.get('email') && user.password === form.get('password'),
      );
      if (index === -1) {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(loginForm(uid, 'Wrong email or password.'));
        return;
      }
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: String(index), remember: true } },
        { mergeWithLastSubmission: false },
      );
    }

    handler = (request, response) => {
      const url = new URL(request.url ?? '/', origin);
      const uid = /^\/interaction\/([\w-]+)(?:\/login)?$/.exec(url.pathname)?.[1];
      if (uid) {
        interaction(request, response, uid).catch((error: unknown) => {
          response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
        });
        return;
      }
      // Browsers ask every origin for an icon; a tenant serves one.
      if (url.pathname === '/favicon.ico') {
        response.writeHead(204).end();
        return;
      }
      if (url.pathname === '/userinfo') {
        void userinfo(request, response);
        return;
      }
      if (url.pathname === '/v2/logout') {
        // Auth0 names the return address `returnTo`; OpenID `post_logout_redirect_uri`.
        const returnTo = url.searchParams.get('returnTo');
        url.searchParams.delete('returnTo');
        if (returnTo) url.searchParams.set('post_logout_redirect_uri', returnTo);
        request.url = `${url.pathname}${url.search}`;
      }
      callback(request, response);
    };
  }

  return {
    domain,
    origin,
    clientId,
    audience,
    requests,
    configure,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
