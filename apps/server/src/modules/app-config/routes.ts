import type { FastifyInstance } from 'fastify';
import { APP_CONFIG_PATH, appConfigSchema, type AppConfig } from '@brezza/contract';
import { routes } from '../../lib/routes.js';
import type { Config } from '../../config.js';

/** The web app's runtime configuration, so that one build serves every deployment. */
export function appConfig(config: Config): AppConfig {
  const { env, identity } = config;
  return {
    productName: env.PRODUCT_NAME,
    identity: {
      mode: identity.mode,
      domain: identity.domain,
      clientId: identity.clientId,
      audience: identity.audience,
      socialConnections: identity.socialConnections,
    },
    links: {
      requestDemo: env.REQUEST_DEMO_URL,
      learnMore: env.LEARN_MORE_URL,
      observability: env.OBSERVABILITY_URL,
    },
    banner: env.BANNER_TEXT ? { text: env.BANNER_TEXT, url: env.BANNER_URL ?? null } : null,
  };
}

export async function appConfigRoutes(app: FastifyInstance): Promise<void> {
  const body = appConfig(app.config);
  const schema = {
    summary: "The web app's runtime configuration (product name, sign-in, links, banner).",
    tags: ['Public'],
    response: { 200: appConfigSchema },
  };
  // Built once at start-up: the configuration does not change while the server runs.
  routes(app).get(APP_CONFIG_PATH, { schema }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(body),
  );
}
