import type { Account, Configuration, ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Config } from '../config.js';
import type { UsersRepository } from '../modules/users/repository.js';
import type { SigningJwk } from './key-store.js';
import type { AdapterFactory } from 'oidc-provider';

/** Where the provider is mounted; also part of the issuer and of every URL it builds. */
export const IDP_PREFIX = '/idp';

/** Auth0's paths, so that auth0-spa-js talks to the embedded provider as to a tenant. */
export const IDP_ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  userinfo: '/userinfo',
  jwks: '/.well-known/jwks.json',
  end_session: '/v2/logout',
} as const;

/** Claim of our access tokens naming the provider grant they were issued under. */
export const GRANT_ID_CLAIM = 'gid';

export const COOKIE_NAMES = {
  session: 'brezza_idp_session',
  interaction: 'brezza_idp_interaction',
  resume: 'brezza_idp_resume',
};

export interface ProviderPages {
  logoutSource(ctx: KoaContextWithOIDC, form: string): void;
  postLogoutSuccessSource(ctx: KoaContextWithOIDC): void;
  renderError(ctx: KoaContextWithOIDC, out: ErrorOut): void;
}

export interface ProviderConfigurationInput {
  config: Config;
  users: UsersRepository;
  adapter: AdapterFactory;
  signingKeys: SigningJwk[];
  cookieKeys: string[];
  pages: ProviderPages;
}

/** The URIs the web app may be sent back to, registered exactly. */
export function webClientUris(publicUrl: string) {
  return {
    redirect_uris: [new URL(publicUrl).origin],
    post_logout_redirect_uris: [`${publicUrl}/logged-out`, `${publicUrl}/`],
  };
}

/** The claims our ID tokens and /userinfo carry for an active user; none for anyone else. */
export async function findAccount(
  users: UsersRepository,
  accountId: string,
): Promise<Account | undefined> {
  const id = Number(accountId);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const user = await users.findById(id);
  if (!user || user.status !== 'active') return undefined;
  return {
    accountId,
    claims: () => ({ sub: accountId, name: user.name, email: user.email, email_verified: true }),
  };
}

/**
 * oidc-provider's configuration, per DESIGN §4: Auth0-compatible routes, RS256 JWT access tokens
 * for our API audience, refresh tokens with rotation, PKCE, no consent for our own client, and
 * every piece of state (models, signing keys, cookie keys) persisted in the database.
 */
export function providerConfiguration(input: ProviderConfigurationInput): Configuration {
  const { config, users, pages } = input;
  const { identity, env } = config;
  const accessTokenTTL = env.AUTH_ACCESS_TOKEN_TTL;
  const longTTL = env.AUTH_REFRESH_TOKEN_TTL;
  const apiScope = '';

  return {
    adapter: input.adapter,
    jwks: { keys: input.signingKeys },
    clients: [
      {
        client_id: identity.clientId,
        client_name: env.PRODUCT_NAME,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        ...webClientUris(config.publicUrl),
      },
    ],
    findAccount: (_ctx, sub) => findAccount(users, sub),
    claims: {
      openid: ['sub'],
      profile: ['name'],
      email: ['email', 'email_verified'],
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    conformIdTokenClaims: false,
    // auth0-spa-js names the API by `audience`; it becomes the resource indicator.
    extraParams: ['audience'],
    pkce: { required: () => true },
    routes: IDP_ROUTES,
    interactions: {
      url: (_ctx, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}`,
    },
    cookies: {
      names: COOKIE_NAMES,
      keys: input.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => pages.logoutSource(ctx, form),
        postLogoutSuccessSource: async (ctx) => pages.postLogoutSuccessSource(ctx),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (ctx, _client, oneOf) => {
          if (oneOf) return oneOf;
          const audience = ctx.oidc.params?.audience;
          return typeof audience === 'string' && audience ? audience : identity.audience;
        },
        // auth0-spa-js sends no audience with the code and refresh grants.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== identity.audience) throw new errors.InvalidTarget();
          return {
            scope: apiScope,
            audience: identity.audience,
            accessTokenTTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Refresh tokens without offline_access: auth0-spa-js never sends prompt=consent, so the
    // provider drops that scope; the refresh grant alone decides.
    // The grant an access token was issued under travels in it (`gid`), so that the API can
    // refuse it as soon as the grant ends: sign-out, password reset, revocation.
    extraTokenClaims: async (_ctx, token) =>
      token.kind === 'AccessToken' && token.grantId
        ? { [GRANT_ID_CLAIM]: token.grantId }
        : undefined,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    loadExistingGrant: async (ctx) => {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      if (client.clientId !== identity.clientId) return existing;
      // Our own web app is first party: no consent screen, the grant follows the request.
      const grant =
        existing?.accountId === session.accountId
          ? existing
          : new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      for (const indicator of Object.keys(ctx.oidc.resourceServers ?? {})) {
        grant.addResourceScope(indicator, apiScope);
      }
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    ttl: {
      AccessToken: accessTokenTTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: longTTL,
      Grant: longTTL,
      RefreshToken: longTTL,
    },
    renderError: async (ctx, out) => pages.renderError(ctx, out),
  };
}
