import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test, expect, launchServer, PHONE } from './support/test';

/**
 * How pages and assets travel (issue 10): compressed as the browser asks, public pages
 * prerendered and hydrated in place, robots.txt and the sitemap.
 */

const PUBLIC_PAGES = [
  { path: '/', heading: 'Optimize your Data Center with Brezza AI' },
  { path: '/features', heading: 'Platform Features' },
  { path: '/signin', heading: 'Sign into your Brezza Dashboard' },
  { path: '/docs/pcdu-sensors', heading: 'pCDU sensors' },
];

/** The raw answer to a GET with this Accept-Encoding (fetch would decode it for us). */
async function rawGet(url: string, acceptEncoding: string) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

test.describe('delivery', () => {
  const app = launchServer();

  test('pages, scripts and stylesheets go brotli, else gzip, else as they are', async () => {
    const page = await rawGet(`${app.url}/`, 'identity');
    const assets = [
      ...page.body.toString().matchAll(/(?:src|href|data-entry)="(\/assets\/[^"]+\.(?:js|css))"/g),
    ];
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const url of ['/', '/features', ...assets.map((match) => match[1]!)]) {
      const plain = await rawGet(`${app.url}${url}`, 'identity');
      expect(plain.status, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary?.toLowerCase(), url).toContain('accept-encoding');
      for (const [accept, expected] of [
        ['br, gzip, deflate', 'br'],
        ['gzip, deflate', 'gzip'],
        ['gzip;q=0.5, br;q=1', 'br'],
      ] as const) {
        const encoded = await rawGet(`${app.url}${url}`, accept);
        expect(encoded.headers['content-encoding'], `${url} for ${accept}`).toBe(expected);
        expect(encoded.headers.vary?.toLowerCase(), url).toContain('accept-encoding');
        expect(encoded.body.length, url).toBeLessThan(plain.body.length);
        expect(decode(expected, encoded.body), url).toBe(plain.body.toString());
      }
    }
  });

  test('API JSON above the threshold is compressed, small answers are not', async () => {
    const large = await rawGet(`${app.url}/openapi.json`, 'br, gzip');
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', large.body))).toHaveProperty('openapi');
    const gzipped = await rawGet(`${app.url}/openapi.json`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const small = await rawGet(`${app.url}/healthz`, 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' });
  });

  test('public pages arrive as HTML with their heading; other pages get the app shell', async () => {
    for (const { path, heading } of PUBLIC_PAGES) {
      const html = (await rawGet(`${app.url}${path}`, 'identity')).body.toString();
      // React marks where adjacent text parts meet with empty comments.
      const root = html.slice(html.indexOf('<div id="root">')).replaceAll('<!-- -->', '');
      expect(root, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // The runtime configuration comes with the page, not from a second request.
      expect(html, path).toContain('<script type="application/json" id="app-config">');
    }
    const shell = (await rawGet(`${app.url}/devices`, 'identity')).body.toString();
    expect(shell).toContain('<div id="root"></div>');
  });

  test('a public page paints its content with scripts disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(`${app.url}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await context.close();
  });

  test('the app hydrates the prerendered page in place, without moving it', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // Hold the app's script until the prerendered heading has been seen and remembered.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
          shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { layoutShifts: shifts });
    });
    await page.goto(`${app.url}/features`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Platform Features' });
    await expect(heading).toBeVisible();
    await page.evaluate(() => {
      Object.assign(window, { prerenderedHeading: document.querySelector('h1') });
    });
    release();
    // Hydrated and the session known: the signed-out controls show.
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(
      await page.evaluate(
        () =>
          document.querySelector('h1') ===
          (window as unknown as { prerenderedHeading: Element }).prerenderedHeading,
      ),
    ).toBe(true);
    const shift = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
    );
    expect(shift).toBeLessThanOrEqual(0.02);
    expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });

  test("a public page asks for the app's script only once it has painted", async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${app.url}/`);
    // Hydrated (the inline loader ran under the page's Content-Security-Policy).
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    const timing = await page.evaluate(() => ({
      paintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scriptMs: performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(timing.paintMs).toBeGreaterThan(0);
    expect(timing.scriptMs).toBeGreaterThanOrEqual(timing.paintMs!);
    expect(refused).toEqual([]);
  });

  test('robots.txt points to a sitemap of the public pages, with absolute addresses', async () => {
    const robots = await rawGet(`${app.url}/robots.txt`, 'identity');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    const lines = robots.body.toString().trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of lines.slice(1).filter(Boolean)) {
      expect(line).toMatch(/^(Disallow: \/\S*|Sitemap: https?:\/\/\S+)$/);
    }
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${app.url}/sitemap.xml`);

    const sitemap = await rawGet(`${app.url}/sitemap.xml`, 'identity');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const xml = sitemap.body.toString();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locations = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((m) => m[1]);
    expect(locations).toEqual(
      expect.arrayContaining(PUBLIC_PAGES.map(({ path }) => `${app.url}${path}`)),
    );
    expect(locations).toContain(`${app.url}/signup`);
    expect(locations).not.toContain(`${app.url}/devices`);
    for (const location of locations) {
      const answer = await rawGet(location!, 'identity');
      expect(answer.status, location).toBe(200);
      expect(answer.body.toString(), location).not.toContain('<div id="root"></div>');
    }
  });
});
