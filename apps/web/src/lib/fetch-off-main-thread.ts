/** What the page asks the worker: a fetch, or to abort one. */
export type WorkerAsk =
  | {
      id: number;
      kind: 'fetch';
      url: string;
      init: { method: string; headers: Record<string, string>; body?: string };
    }
  | { id: number; kind: 'abort' };

/** What the worker answers: the whole response, or why there is none. */
export type WorkerAnswer =
  | {
      id: number;
      kind: 'response';
      status: number;
      body: ArrayBuffer;
    }
  | { id: number; kind: 'failure'; aborted: boolean; message: string };

/**
 * The part of a Response that API calls read. The worker's answer is bytes already received:
 * decoding them directly is several times cheaper than wrapping them in a `Response` first
 * (which copies 10 MB, then decodes them again).
 */
export type ReceivedResponse = Pick<Response, 'ok' | 'status' | 'text' | 'json'>;

function received(status: number, body: ArrayBuffer): ReceivedResponse {
  const text = () => Promise.resolve(new TextDecoder().decode(body));
  return {
    ok: status >= 200 && status < 300,
    status,
    text,
    json: async () => JSON.parse(await text()) as unknown,
  };
}

type FetchInit = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
};

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<
  number,
  { url: string; init: FetchInit; resolve(r: ReceivedResponse): void; reject(e: unknown): void }
>();

function readBodyWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./read-body.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  // A worker that cannot start (its script refused or missing) hands its calls to plain fetch.
  worker.onerror = () => {
    worker?.terminate();
    worker = null;
    for (const [id, call] of waiting) {
      waiting.delete(id);
      fetch(call.url, call.init).then(call.resolve, call.reject);
    }
  };
  worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
    const caller = waiting.get(data.id);
    if (!caller) return;
    waiting.delete(data.id);
    if (data.kind === 'failure') {
      caller.reject(
        data.aborted ? new DOMException(data.message, 'AbortError') : new TypeError(data.message),
      );
      return;
    }
    caller.resolve(received(data.status, data.body));
  };
  return worker;
}

/** Starts the worker ahead of the call that needs it (its script and thread take a moment). */
export function prepareFetchOffMainThread(): void {
  readBodyWorker();
}

/**
 * `fetch` for answers of many megabytes: the request is made and its body read in a worker,
 * and the page receives the finished bytes, which it decodes at once. Same origin, same HTTP
 * cache, same headers. Where there is no worker (tests, old browsers) it is plain `fetch`.
 */
export function fetchOffMainThread(url: string, init: FetchInit): Promise<ReceivedResponse> {
  const target = readBodyWorker();
  const { signal, ...rest } = init;
  if (!target) return fetch(url, init);
  if (signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  const id = nextId++;
  const answer = new Promise<ReceivedResponse>((resolve, reject) => {
    waiting.set(id, { url, init, resolve, reject });
    target.postMessage({
      id,
      kind: 'fetch',
      url: new URL(url, window.location.href).href,
      init: rest,
    } satisfies WorkerAsk);
  });
  if (!signal) return answer;
  const onAbort = () => target.postMessage({ id, kind: 'abort' } satisfies WorkerAsk);
  signal.addEventListener('abort', onAbort, { once: true });
  // Once the call is answered its listener goes: a later abort has nothing to stop.
  return answer.finally(() => signal.removeEventListener('abort', onAbort));
}
