import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import negotiate from '@fastify/accept-negotiator';
import {
  APP_CONFIG_ELEMENT_ID,
  NOT_FOUND_ERROR,
  PRERENDER_BUNDLE,
  ROBOTS_PATH,
  SITEMAP_PATH,
  type AppConfig,
  type PageRenderer,
  type PrerenderedPage,
} from '@brezza/contract';
import { afterPaintLoaderElement } from '../lib/after-paint-loader.js';
import { escapeHtml } from '../lib/html.js';
import { appConfig } from '../modules/app-config/routes.js';

/** Paths that belong to the server, never to the web app's history fallback. */
const SERVER_PREFIXES = ['/api/', '/idp/', '/static/', '/metrics/', '/checkout/'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * A page of the web app: the build's index.html with the page's prerendered markup in its root
 * element (none for pages the browser renders), its title, and the runtime configuration (so
 * that the app starts without asking for it).
 */
export function pageDocument(template: string, page: PrerenderedPage, config: AppConfig): string {
  // `<` never appears raw in the JSON, so no `</script>` can end the element early.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const configElement = `<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">${json}</script>`;
  let titled = template.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(page.title)}</title>`,
  );
  // A prerendered page paints without its script, which only makes it interactive: the script
  // is loaded after the page has painted, by a loader at the end of the body.
  let loader = '';
  if (page.html)
    titled = titled.replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/g,
      (_, entry: string) => {
        loader += afterPaintLoaderElement(entry);
        return '';
      },
    );
  const body = `${configElement}${loader}`;
  return titled.includes(ROOT_ELEMENT)
    ? titled.replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>${body}`)
    : `${titled}${body}`;
}

type Encoding = 'br' | 'gzip';

/** A page in every form the server sends it: as is, brotli and gzip. */
interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function sitemap(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((page) => `  <url><loc>${escapeHtml(`${publicUrl}${page}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function robots(publicUrl: string, withSitemap: boolean): string {
  return [
    'User-agent: *',
    ...SERVER_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    ...(withSitemap ? ['', `Sitemap: ${publicUrl}${SITEMAP_PATH}`] : []),
    '',
  ].join('\n');
}

/**
 * Serves the built web app. Hashed assets are cached for a year, everything else revalidated;
 * text files go brotli or gzip compressed from the copies the build wrote next to them. The
 * public pages go prerendered: the build's server bundle renders each with this deployment's
 * configuration on its first request, and the server keeps it, compressed. Any other page path
 * gets index.html so that deep links work. Also /robots.txt and /sitemap.xml of the public pages.
 */
export const spaPlugin = fp(
  async (app) => {
    const root = app.config.webDistDir;
    const indexFile = path.join(root, 'index.html');
    const bundleFile = path.join(root, PRERENDER_BUNDLE);
    const built = fs.existsSync(indexFile);
    const prerendering = built && fs.existsSync(bundleFile);
    const { publicUrl } = app.config;
    const config = appConfig(app.config);

    if (!built) app.log.warn(`web app not built: ${indexFile} is missing; run npm run build`);
    else if (!prerendering)
      app.log.warn(`${bundleFile} is missing: public pages are not prerendered`);

    let renderer: Promise<PageRenderer> | null = null;
    const loadRenderer = () =>
      (renderer ??= import(pathToFileURL(bundleFile).href) as Promise<PageRenderer>);
    const template = built ? fs.readFileSync(indexFile, 'utf8') : '';
    const pages = new Map<string, Promise<EncodedPage>>();
    const shell = built
      ? encodePage(pageDocument(template, { html: '', title: config.productName }, config))
      : null;

    const pageFor = async (pathname: string): Promise<EncodedPage | null> => {
      if (!prerendering || !shell) return shell;
      const { publicPaths, renderPage } = await loadRenderer();
      if (!publicPaths.includes(pathname)) return shell;
      let page = pages.get(pathname);
      if (!page) {
        page = renderPage(pathname, config).then((rendered) =>
          rendered ? encodePage(pageDocument(template, rendered, config)) : shell,
        );
        // A failed render is tried again by the next request, not remembered.
        page.catch(() => pages.delete(pathname));
        pages.set(pathname, page);
      }
      return page;
    };

    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        cacheControl: false,
        preCompressed: true,
        // The server bundle is for this process only.
        allowedPath: (pathname) => !pathname.startsWith(`/${path.dirname(PRERENDER_BUNDLE)}/`),
        setHeaders: (res, filePath) => {
          const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
          res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    app.get(ROBOTS_PATH, async (_request, reply) =>
      reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(robots(publicUrl, prerendering)),
    );
    if (prerendering) {
      app.get(SITEMAP_PATH, async (_request, reply) => {
        const { publicPaths } = await loadRenderer();
        return reply
          .header('Content-Type', 'application/xml; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(sitemap(publicUrl, publicPaths));
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
        !pathname.startsWith('/assets/');
      const page = isPage ? await pageFor(pathname) : null;
      if (!page) return reply.status(404).send({ error: NOT_FOUND_ERROR });
      const encoding = negotiate<Encoding>(request.headers['accept-encoding'] ?? '', [
        'br',
        'gzip',
      ]);
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding');
      if (!encoding) return reply.send(page.identity);
      return reply.header('Content-Encoding', encoding).send(page[encoding]);
    });
  },
  { name: 'spa' },
);
