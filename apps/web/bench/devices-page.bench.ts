import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { SERVERS_PATH } from '@brezza/contract';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { SERVER_ENTRY, startServer, type RunningServer } from '../e2e/support/server';
import { adminCommand, demoOperator, signIn } from '../e2e/support/auth';

/**
 * The Devices page with 10,000 servers in headless Chromium, against the real built server:
 * the table view's first render and a column re-sort, each against a bare virtualised React
 * table of the same rows measured in the same run (target: within 2×). The page load (sign-in
 * done, navigation to the tree painted) is printed for information.
 */
const SERVERS = 10_000;
const REPEATS = 5;

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = process.env.E2E_WEB_DIST_DIR ?? path.join(here, '../dist');

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `action` in the page and answers the milliseconds until the next painted frame. */
function timed(page: Page, action: string): Promise<number> {
  return page.evaluate(async (source) => {
    const start = performance.now();
    new Function(source)();
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    );
    return performance.now() - start;
  }, action);
}

const click = (selector: string, text: string) =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].find((b) => b.textContent.trim() === ${JSON.stringify(text)}).click();`;

async function bareTable(): Promise<{ url: string; close(): Promise<void> }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-bare-table-'));
  await build({
    configFile: false,
    root: path.join(here, 'bare-table'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const server = http.createServer((request, response) => {
    const file = path.join(outDir, request.url === '/' ? 'index.html' : (request.url ?? ''));
    if (!file.startsWith(outDir) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html';
    response.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

async function measureDevicesPage(page: Page, server: RunningServer) {
  await signIn(page, server.url, demoOperator(server), { returnTo: '/devices' });
  await page.locator('[data-kind="datacenter"]').first().waitFor();

  // The page load, with the lists already in the browser's HTTP cache (ETag answers 304).
  const servers = page.waitForResponse((response) => response.url().endsWith(SERVERS_PATH));
  await page.reload();
  const rows = (await (await servers).json()) as { servers: unknown[] };
  await page.locator('[data-kind="datacenter"]').first().waitFor();
  const load = await page.evaluate(() => performance.now());

  const firstRender: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    firstRender.push(await timed(page, click('button', 'Table View')));
    if ((await page.locator('tr[data-server-id]').count()) === 0) throw new Error('no table rows');
    await timed(page, click('button', 'Hierarchy View'));
  }
  await timed(page, click('button', 'Table View'));
  const resort: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    resort.push(await timed(page, click('thead button', 'Name')));
  }
  const inDom = await page.locator('tr[data-server-id]').count();
  return {
    load,
    firstRender: median(firstRender),
    resort: median(resort),
    inDom,
    rows: rows.servers,
  };
}

async function measureBare(page: Page, url: string, rows: unknown[]) {
  await page.goto(url);
  await page.waitForFunction(() => 'bare' in window);
  const firstRender: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    firstRender.push(
      await page.evaluate(
        (data) =>
          (window as unknown as { bare: { render(r: unknown[]): Promise<number> } }).bare.render(
            data,
          ),
        rows,
      ),
    );
  }
  const resort: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    resort.push(await timed(page, 'document.getElementById("sort-name").click();'));
  }
  return { firstRender: median(firstRender), resort: median(resort) };
}

export async function run(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: install it or set CHROMIUM_PATH.');
  for (const needed of [SERVER_ENTRY, path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(needed)) throw new Error(`${needed} is missing: run npm run build first.`);
  }
  const server = await startServer({ WEB_DIST_DIR: webDist });
  const bare = await bareTable();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const generated = await adminCommand(server, [
      'generate-organisation',
      '--into',
      'Demo Organisation',
      '--servers',
      String(SERVERS),
    ]);
    if (generated.code !== 0) throw new Error(`generate-organisation failed: ${generated.stderr}`);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const devices = await measureDevicesPage(page, server);
    const baseline = await measureBare(
      await browser.newPage({ viewport: { width: 1280, height: 800 } }),
      bare.url,
      devices.rows,
    );

    console.log(`${devices.rows.length} servers; table rows in the DOM: ${devices.inDom}`);
    console.log(`Devices page load (navigation to tree painted): ${devices.load.toFixed(0)} ms`);
    const line = (name: string, ours: number, theirs: number) =>
      console.log(
        `${name.padEnd(22)} Devices page ${ours.toFixed(1).padStart(7)} ms   bare table ${theirs
          .toFixed(1)
          .padStart(7)} ms   ratio ${(ours / theirs).toFixed(2)} (target ≤ 2.00)`,
      );
    line('table first render', devices.firstRender, baseline.firstRender);
    line('re-sort by name', devices.resort, baseline.resort);
  } finally {
    await browser.close();
    await bare.close();
    await server.stop();
  }
}
