import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_API_URL_MARKER, AGENT_DOWNLOAD_PATH } from '@brezza/contract';
import { AGENT_NOT_BUILT } from '../src/modules/agent/download.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

/** The installer download: the built executable, with PUBLIC_URL appended. */

let t: TestApp;
let distDir: string;
const executable = Buffer.from('\x7fELF pretend executable bytes\n'.repeat(1000));

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-agent-dist-'));
  fs.writeFileSync(path.join(distDir, 'brezza-agent'), executable);
  t = await buildTestApp({ AGENT_DIST_DIR: distDir, TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe(`GET ${AGENT_DOWNLOAD_PATH}`, () => {
  it('serves the executable with PUBLIC_URL appended, whatever the Host header, never cached', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: AGENT_DOWNLOAD_PATH,
      headers: { host: 'brezza.example.com:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['cache-control']).toBe('no-cache');
    const trailer = `\n${AGENT_API_URL_MARKER}${t.config.publicUrl}\n`;
    expect(response.rawPayload).toEqual(Buffer.concat([executable, Buffer.from(trailer)]));
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('answers HEAD with the same length and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: AGENT_DOWNLOAD_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toHaveLength(0);
    const trailer = `\n${AGENT_API_URL_MARKER}${t.config.publicUrl}\n`;
    expect(Number(response.headers['content-length'])).toBe(executable.length + trailer.length);
  });

  it("ignores even a trusted proxy's forwarded host", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: AGENT_DOWNLOAD_PATH,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'brezza.example.com' },
      remoteAddress: '127.0.0.1',
    });
    expect(response.rawPayload.subarray(executable.length).toString()).toBe(
      `\n${AGENT_API_URL_MARKER}${t.config.publicUrl}\n`,
    );
  });

  it('never embeds a Host header that is not a host', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: AGENT_DOWNLOAD_PATH,
      headers: { host: 'evil.example/"; rm -rf /' },
    });
    expect(response.rawPayload.subarray(executable.length).toString()).toBe(
      `\n${AGENT_API_URL_MARKER}${t.config.publicUrl}\n`,
    );
  });

  it('answers 404 with a reason when the agent was not built', async () => {
    const empty = await buildTestApp({ AGENT_DIST_DIR: path.join(distDir, 'missing') });
    try {
      const response = await empty.app.inject({ method: 'GET', url: AGENT_DOWNLOAD_PATH });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: AGENT_NOT_BUILT });
    } finally {
      await empty.close();
    }
  });
});
