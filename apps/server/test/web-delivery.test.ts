import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_ELEMENT_ID, PRERENDER_BUNDLE, appConfigSchema } from '@brezza/contract';
import { pageDocument } from '../src/plugins/spa.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

const TEMPLATE = [
  '<!doctype html><html><head><title>Brezza</title>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const SCRIPT = `console.log(${JSON.stringify('a script long enough to be worth compressing '.repeat(60))});`;

/**
 * A web build as `npm run build` lays it out: index.html, a hashed script with the .br and .gz
 * copies the build writes, and the server bundle, here one that renders two public pages.
 */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  const script = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  const bundle = path.join(dir, PRERENDER_BUNDLE);
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  fs.writeFileSync(
    bundle,
    [
      "export const publicPaths = ['/', '/features'];",
      'export async function renderPage(pathname, config) {',
      "  const heading = pathname === '/' ? `Welcome to ${config.productName}` : 'Platform Features';",
      "  return { html: `<main><h1>${heading}</h1><p>${'Prerendered text. '.repeat(100)}</p></main>`, title: config.productName };",
      '}',
    ].join('\n'),
  );
  return dir;
}

describe('web delivery', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = webBuild();
    t = await buildTestApp({
      WEB_DIST_DIR: webDir,
      PUBLIC_URL: 'https://brezza.example.com',
      PRODUCT_NAME: 'Acme Cooling',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('serves a public page prerendered, with its configuration and its script loaded after paint', async () => {
    const res = await get('/', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"><main><h1>Welcome to Acme Cooling</h1>');
    expect(res.body).toContain('<title>Acme Cooling</title>');
    expect(res.body).not.toContain('<script type="module"');
    // The loader, at the end of the body, allowed by its hash.
    const loader = res.body.match(
      /<script data-entry="\/assets\/index-abc123\.js">(.*?)<\/script><\/body>/,
    )?.[1];
    expect(loader).toContain("s.type='module'");
    const hash = createHash('sha256').update(loader!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    const config = res.body.match(
      new RegExp(`<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">(.*?)</script>`),
    )?.[1];
    expect(appConfigSchema.parse(JSON.parse(config ?? 'null')).productName).toBe('Acme Cooling');
  });

  it('sends the page brotli or gzip compressed as the browser asks, with Vary', async () => {
    const plain = await get('/features', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/features', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/features', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('gives other page paths the app shell, with the configuration but no markup', async () => {
    const res = await get('/devices', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(`id="${APP_CONFIG_ELEMENT_ID}"`);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(res.body).not.toContain('data-entry');
  });

  it("sends static files from the build's precompressed copies", async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString()).toBe(SCRIPT);
    }
  });

  it('never serves the server bundle', async () => {
    const res = await get(`/${PRERENDER_BUNDLE}`, 'identity');
    expect(res.body).not.toContain('renderPage');
  });

  it('compresses API JSON above the threshold, and leaves small answers alone', async () => {
    const large = await get('/openapi.json', 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('paths');
    const small = await get('/healthz', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('answers robots.txt and a sitemap of the public pages at the public address', async () => {
    const robots = await get('/robots.txt', 'identity');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toMatch(/^User-agent: \*\n/);
    expect(robots.body).toContain('Disallow: /api/\n');
    expect(robots.body).toContain('Sitemap: https://brezza.example.com/sitemap.xml\n');

    const sitemap = await get('/sitemap.xml', 'identity');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://brezza.example.com/</loc></url>',
        '  <url><loc>https://brezza.example.com/features</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});

describe('pageDocument', () => {
  const config = appConfigSchema.parse({
    productName: 'A & B',
    identity: {
      mode: 'embedded',
      domain: 'd',
      clientId: 'c',
      audience: 'a',
      socialConnections: [],
    },
    links: { requestDemo: 'https://x', learnMore: 'https://y', observability: 'https://z' },
    banner: { text: '</script><script>alert(1)</script>', url: null },
  });

  it('keeps configuration text from closing its element, and escapes the title', () => {
    const html = pageDocument(TEMPLATE, { html: '<p>$& $1</p>', title: 'A & B' }, config);
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
    // Replacement patterns in the markup are taken literally.
    expect(html).toContain('<div id="root"><p>$& $1</p></div>');
  });
});
