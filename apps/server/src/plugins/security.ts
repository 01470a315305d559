import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { AFTER_PAINT_LOADER_HASH } from '../lib/after-paint-loader.js';

/** Security headers for every answer: CSP, no framing, nosniff and a strict referrer policy. */
export const securityPlugin = fp(
  async (app) => {
    const identityOrigins =
      app.config.identity.mode === 'auth0' ? [app.config.identity.origin] : [];
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The prerendered pages' one inline script, by its hash.
          scriptSrc: ["'self'", AFTER_PAINT_LOADER_HASH],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...identityOrigins],
          frameSrc: ["'self'", ...identityOrigins],
          formAction: ["'self'", ...identityOrigins],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          ...(app.config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      hsts: app.config.publicUrl.startsWith('https://'),
    });
  },
  { name: 'security' },
);
