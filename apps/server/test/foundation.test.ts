import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';

function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Brezza</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

describe('foundation', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await buildTestApp({
      WEB_DIST_DIR: webDir,
      BANNER_TEXT: 'New: PDU docs',
      BANNER_URL: 'https://example.com/news',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers the health check once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the runtime configuration the web app needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(res.statusCode).toBe(200);
    const body = appConfigSchema.parse(res.json());
    expect(body.productName).toBe('Brezza');
    expect(body.identity).toMatchObject({
      mode: 'embedded',
      domain: 'http://localhost:3000/idp',
      audience: 'http://localhost:3000/api',
    });
    expect(body.banner).toEqual({ text: 'New: PDU docs', url: 'https://example.com/news' });
    expect(body.links.requestDemo).toMatch(/^https:\/\//);
  });

  it('sends security headers on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves deep links with the web app and caches hashed assets for a year', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/docs/pcdu-sensors',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Brezza</title>');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths and missing assets with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found.' });
    }
  });
});
