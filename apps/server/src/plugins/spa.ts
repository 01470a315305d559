import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { NOT_FOUND_ERROR } from '@brezza/contract';

/** Paths that belong to the server, never to the web app's history fallback. */
const SERVER_PREFIXES = ['/api/', '/idp/', '/static/', '/metrics/', '/checkout/'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * any unknown page path answered with index.html so that deep links work.
 */
export const spaPlugin = fp(
  async (app) => {
    const root = app.config.webDistDir;
    const indexFile = path.join(root, 'index.html');
    const built = fs.existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
          res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
        },
      });
    } else {
      app.log.warn(`web app not built: ${indexFile} is missing; run npm run build`);
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
        !pathname.startsWith('/assets/');
      if (isPage && built) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ error: NOT_FOUND_ERROR });
    });
  },
  { name: 'spa' },
);
