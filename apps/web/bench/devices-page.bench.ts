import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { SERVERS_PATH } from '@brezza/contract';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import {
  SERVER_ENTRY,
  startServer,
  WITHOUT_LIVING_DEMO,
  type RunningServer,
} from '../e2e/support/server';
import { adminCommand, demoOperator, signIn } from '../e2e/support/auth';

/**
 * The Devices page at 10,000 and 100,000 servers in headless Chromium, against the real built
 * server. For each size: the cold load (empty HTTP cache) and the warm load (lists revalidated,
 * answered 304) from navigation to the tree painted, the table view's first render and a
 * re-sort, each as a ratio against a bare page that fetches the very same bytes and renders the
 * same virtualised rows, measured in the same run. The cold load is split into where its time
 * goes: the servers call (waiting for the server, transfer), decoding the list and building and
 * painting the tree.
 */
const SIZES = [10_000, 100_000];
const LOADS = 3;
const REPEATS = 5;
/** The page's own marks (see the devices feature's `markDevices`). */
const MARKS = ['devices:servers-decoded', 'devices:tree-built'];

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

/** Records in `window.treePaintedAt` the first painted frame showing a datacenter row. */
const WATCH_TREE = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-kind="datacenter"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => (window.treePaintedAt = performance.now())));
  }).observe(document, { childList: true, subtree: true });
`;

interface Served {
  url: string;
  setBody(body: Buffer): void;
  close(): Promise<void>;
}

/** The bare page, and the servers body it fetches: gzipped and revalidated as ours is. */
async function bareTable(): Promise<Served> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-bare-table-'));
  await build({
    configFile: false,
    root: path.join(here, 'bare-table'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  let zipped = Buffer.alloc(0);
  let etag = '"0"';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/servers.json') {
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'cache-control': 'private, no-cache',
          etag,
        })
        .end(zipped);
      return;
    }
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(outDir) || !fs.existsSync(file)) return void response.writeHead(404).end();
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html';
    response.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    setBody(body) {
      zipped = gzipSync(body);
      etag = `"${body.length}-${zipped.length}"`;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

async function clearCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

interface LoadTimes {
  paintedAt: number;
  /** When the page asked for the servers (its script loaded, its token in hand). */
  requestAt: number;
  server: number;
  transfer: number;
  decodedAt: number;
  builtAt: number;
  encodedBytes: number;
  decodedBytes: number;
}

/** One navigation to /devices; answers when the tree was painted and where the time went. */
async function loadDevices(page: Page, url: string): Promise<LoadTimes> {
  await page.goto(`${url}/devices`);
  await page.waitForFunction(() => 'treePaintedAt' in window, null, { timeout: 120_000 });
  // A source string: tsx's helpers for named functions do not exist in the page.
  return page.evaluate(`(() => {
    const entry = performance.getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname === ${JSON.stringify(SERVERS_PATH)});
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    return {
      paintedAt: window.treePaintedAt,
      requestAt: entry.startTime,
      server: entry.responseStart - entry.requestStart,
      transfer: entry.responseEnd - entry.responseStart,
      decodedAt: mark(${JSON.stringify(MARKS[0])}),
      builtAt: mark(${JSON.stringify(MARKS[1])}),
      encodedBytes: entry.encodedBodySize,
      decodedBytes: entry.decodedBodySize,
    };
  })()`) as Promise<LoadTimes>;
}

async function measureDevicesPage(browser: Browser, server: RunningServer) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(WATCH_TREE);
  const page = await context.newPage();
  // The page's own call, repeated from here: Chromium's inspector drops bodies of many MB.
  const first = page.waitForRequest((request) => new URL(request.url()).pathname === SERVERS_PATH, {
    timeout: 120_000,
  });
  await signIn(page, server.url, demoOperator(server), { returnTo: '/devices' });
  const call = await first;
  const body = Buffer.from(
    await (await fetch(call.url(), { headers: await call.allHeaders() })).arrayBuffer(),
  );
  await page.waitForFunction(() => 'treePaintedAt' in window, null, { timeout: 120_000 });

  const cold: LoadTimes[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    await clearCache(page);
    cold.push(await loadDevices(page, server.url));
  }
  const warm: LoadTimes[] = [];
  for (let i = 0; i < LOADS; i += 1) warm.push(await loadDevices(page, server.url));

  const table: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    table.push(await timed(page, click('button', 'Table View')));
    if ((await page.locator('tr[data-server-id]').count()) === 0) throw new Error('no table rows');
    await timed(page, click('button', 'Hierarchy View'));
  }
  await timed(page, click('button', 'Table View'));
  const sort: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) sort.push(await timed(page, click('thead button', 'Name')));
  const inDom = await page.locator('tr[data-server-id]').count();
  // Interactions without a bare counterpart, against the 100 ms.
  const dialog: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    dialog.push(
      await timed(
        page,
        `document.querySelector('tr[data-server-id] button[aria-label^="Edit server"]').click();`,
      ),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  await timed(page, click('button', 'Hierarchy View'));
  const expand: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    expand.push(
      await timed(page, `document.querySelector('button[aria-label^="Expand room"]').click();`),
    );
    await timed(page, `document.querySelector('button[aria-label^="Collapse room"]').click();`);
  }
  await context.close();
  const byPaint = (loads: LoadTimes[]) => {
    const middle = median(loads.map((load) => load.paintedAt));
    return loads.find((load) => load.paintedAt === middle)!;
  };
  return {
    cold: byPaint(cold),
    warm: byPaint(warm),
    tableFirst: table[0]!,
    table: median(table.slice(1)),
    sort: median(sort),
    dialog: median(dialog),
    expand: median(expand),
    inDom,
    body,
  };
}

async function measureBare(browser: Browser, bare: Served) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const load = async () => {
    await page.goto(`${bare.url}?load`);
    await page.waitForFunction(() => 'rowsPaintedAt' in window, null, { timeout: 120_000 });
    return page.evaluate(() => window.rowsPaintedAt!);
  };
  await load();
  const cold: number[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    await clearCache(page);
    cold.push(await load());
  }
  const warm: number[] = [];
  for (let i = 0; i < LOADS; i += 1) warm.push(await load());
  const render: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    render.push(
      await page.evaluate(async () => {
        const body = (await (await fetch('/servers.json')).json()) as unknown;
        const rows = (window as unknown as { bareRows(b: unknown): unknown[] }).bareRows(body);
        return window.bare.render(rows as never);
      }),
    );
  }
  const sort: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    sort.push(await timed(page, 'document.getElementById("sort-name").click();'));
  }
  await context.close();
  return { cold: median(cold), warm: median(warm), render: median(render), sort: median(sort) };
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

export async function run(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: install it or set CHROMIUM_PATH.');
  for (const needed of [SERVER_ENTRY, path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(needed)) throw new Error(`${needed} is missing: run npm run build first.`);
  }
  const bare = await bareTable();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    for (const size of SIZES) {
      const server = await startServer({ WEB_DIST_DIR: webDist, ...WITHOUT_LIVING_DEMO });
      try {
        const generated = await adminCommand(server, [
          'generate-organisation',
          '--into',
          'Demo Organisation',
          '--servers',
          String(size),
        ]);
        if (generated.code !== 0) {
          throw new Error(`generate-organisation failed: ${generated.stderr}`);
        }
        const devices = await measureDevicesPage(browser, server);
        bare.setBody(devices.body);
        const baseline = await measureBare(browser, bare);
        const { cold, warm } = devices;
        console.log(
          `\n${size} servers (+ the demo's): servers list ${(cold.encodedBytes / 1e6).toFixed(2)} MB on the wire, ` +
            `${(cold.decodedBytes / 1e6).toFixed(2)} MB decoded; table rows in the DOM: ${devices.inDom}`,
        );
        console.log(
          `  cold load, where the time goes: servers asked for at ${ms(cold.requestAt)}, the call waits ${ms(cold.server)}, transfer ${ms(cold.transfer)},\n    ` +
            `list decoded at ${ms(cold.decodedAt)}, tree built at ${ms(cold.builtAt)}, painted at ${ms(cold.paintedAt)}`,
        );
        const line = (name: string, ours: number, theirs: number) =>
          console.log(
            `  ${name.padEnd(26)} Devices page ${ms(ours)}   bare page ${ms(theirs)}   ratio ${(ours / theirs).toFixed(2)}`,
          );
        line('cold: navigation → tree', cold.paintedAt, baseline.cold);
        line('warm: navigation → tree', warm.paintedAt, baseline.warm);
        // The first switch sorts the list; later ones reuse that sort (sortDevicesOnce).
        line('table view, first switch', devices.tableFirst, baseline.render);
        line('table view, switching back', devices.table, baseline.render);
        line('re-sort by name', devices.sort, baseline.sort);
        for (const [name, value] of [
          ['open Edit Server', devices.dialog],
          ['expand a room', devices.expand],
        ] as const) {
          console.log(`  ${name.padEnd(26)} Devices page ${ms(value)}   goal ≤ 100 ms`);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
    await bare.close();
  }
}
