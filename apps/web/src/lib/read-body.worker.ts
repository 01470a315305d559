/**
 * Fetches in a worker thread and sends the body back as bytes (transferred, not copied), for
 * `fetchOffMainThread`. Reading a body of many megabytes in the page costs its main thread
 * hundreds of milliseconds; here it costs this thread, while the page renders.
 */
import type { WorkerAnswer, WorkerAsk } from './fetch-off-main-thread';

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerAsk>) => void) | null;
  postMessage(message: WorkerAnswer, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;
const inFlight = new Map<number, AbortController>();

scope.onmessage = ({ data }) => {
  if (data.kind === 'abort') return inFlight.get(data.id)?.abort();
  const controller = new AbortController();
  inFlight.set(data.id, controller);
  fetch(data.url, { ...data.init, signal: controller.signal })
    .then(async (response) => {
      const body = await response.arrayBuffer();
      scope.postMessage(
        {
          id: data.id,
          kind: 'response',
          status: response.status,
          body,
        },
        [body],
      );
    })
    .catch((failure: unknown) => {
      const aborted = failure instanceof DOMException && failure.name === 'AbortError';
      scope.postMessage({ id: data.id, kind: 'failure', aborted, message: String(failure) }, []);
    })
    .finally(() => inFlight.delete(data.id));
};
