import { spawn, type ChildProcess } from 'node:child_process';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';

/**
 * A Chromium that the benchmark drives over its DevTools protocol with no domain enabled but
 * the page's: no network inspection. Playwright enables the Network domain on every page and
 * worker, which keeps a copy of every response body for the inspector; with a list of 10 MB that
 * tripled the time to read it (measured: 11.6 MB read in 640–940 ms under Playwright, 210–410 ms
 * without). A person's browser has no inspector attached, so page loads are timed here.
 */
export interface QuietBrowser {
  /** Opens a tab; the script runs in every document it loads, before the page's own. */
  openTab(initScript: string): Promise<QuietTab>;
  close(): Promise<void>;
}

export interface QuietTab {
  /** Empties the browser's HTTP cache (a cold load follows). */
  clearCache(): Promise<void>;
  /** Navigates and answers `ready`'s value once it is not undefined in the new document. */
  load<T>(url: string, ready: string): Promise<T>;
  /** Evaluates `expression` in the tab's page (a promise is awaited) and answers its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Evaluates `expression` in the tab's latest dedicated worker, if it has one. */
  inWorker<T>(expression: string): Promise<T | undefined>;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

class Connection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  readonly events: { method: string; params: Record<string, unknown>; sessionId?: string }[] = [];

  constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: Record<string, unknown>;
        sessionId?: string;
      };
      if (message.id === undefined) {
        if (message.method) {
          this.events.push({
            method: message.method,
            params: message.params ?? {},
            sessionId: message.sessionId,
          });
        }
        return;
      }
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
    });
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
  }
}

async function evaluate<T>(
  connection: Connection,
  sessionId: string,
  expression: string,
): Promise<T> {
  const answer = await connection.send<{
    result: { value?: T };
    exceptionDetails?: { text: string };
  }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId);
  if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.text);
  return answer.result.value as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A headless Chromium with its DevTools endpoint and no client attached. */
export interface BareChromium {
  /** ws://127.0.0.1:port/devtools/browser/… */
  endpoint: string;
  port: number;
  child: ChildProcess;
}

/** Starts Chromium headless, as a person's browser: nothing attached until the caller connects. */
export async function startChromium(
  executablePath: string,
  args: readonly string[] = [],
): Promise<BareChromium> {
  const child: ChildProcess = spawn(
    executablePath,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', ...args, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
  });
  return { endpoint, port: Number(new URL(endpoint).port), child };
}

/** Ends a Chromium started by `startChromium` and waits for it to exit. */
export async function stopChromium({ child }: BareChromium): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

/** Starts Chromium headless on `userDataDir` (a profile a Playwright session signed in). */
export async function launchQuietBrowser(
  executablePath: string,
  userDataDir: string,
): Promise<QuietBrowser> {
  const { endpoint, child } = await startChromium(executablePath, [
    `--user-data-dir=${userDataDir}`,
    '--window-size=1280,800',
  ]);
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  const connection = new Connection(socket);

  return {
    async openTab(initScript) {
      const { targetId } = await connection.send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
      });
      const { sessionId } = await connection.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      await connection.send('Page.enable', {}, sessionId);
      await connection.send(
        'Page.addScriptToEvaluateOnNewDocument',
        { source: initScript },
        sessionId,
      );
      // Workers are attached (to read their timings) but nothing in them is inspected.
      await connection.send(
        'Target.setAutoAttach',
        { autoAttach: true, waitForDebuggerOnStart: false, flatten: true },
        sessionId,
      );
      const latestWorker = () =>
        connection.events
          .filter(
            (event) =>
              event.method === 'Target.attachedToTarget' &&
              event.sessionId === sessionId &&
              (event.params.targetInfo as { type: string }).type === 'worker',
          )
          .map((event) => event.params.sessionId as string)
          .at(-1);
      return {
        async clearCache() {
          await connection.send('Network.clearBrowserCache', {}, sessionId);
        },
        async load<T>(url: string, ready: string): Promise<T> {
          await evaluate(connection, sessionId, 'window.__leaving = true');
          await connection.send('Page.navigate', { url }, sessionId);
          for (let waited = 0; waited < 120_000; waited += 50) {
            await sleep(50);
            try {
              const value = await evaluate<T | null>(
                connection,
                sessionId,
                `window.__leaving ? null : ((${ready}) ?? null)`,
              );
              if (value !== null) return value;
            } catch {
              // The document is changing: ask the next one.
            }
          }
          throw new Error(`${url}: not ready after 120 s`);
        },
        evaluate<T>(expression: string) {
          return evaluate<T>(connection, sessionId, expression);
        },
        async inWorker<T>(expression: string) {
          const worker = latestWorker();
          return worker ? evaluate<T>(connection, worker, expression) : undefined;
        },
      };
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Browser.close lets Chromium end its own processes and write its profile.
      await connection.send('Browser.close').catch(() => child.kill());
      await exited;
      socket.close();
    },
  };
}
