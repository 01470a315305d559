import { useCallback } from 'react';
import { isErrorBody } from '@brezza/contract';
import { useAccessToken } from './auth';
import { fetchOffMainThread, type ReceivedResponse } from './fetch-off-main-thread';

/** SPEC §8: what a call that could not be authenticated tells the user. */
export const AUTHENTICATION_ERROR = 'Authentication error. Please try logging in again.';

/** A failed API call: the status, and the server's `error` message or the caller's fallback. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `error` text, when the body carried one. */
    readonly serverMessage: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Message used when the answer carries no `error` field; `{status}` is replaced. */
  fallbackError?: string;
  /** Extra headers, e.g. a Content-Type on a call without a body where SPEC §7 names one. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A body sent as it is, with its own type (a file), instead of `body` as JSON. */
  raw?: Blob;
  /** 'text' answers the body as text (a download), not parsed as JSON. */
  answer?: 'json' | 'text';
  /** A body of many megabytes: fetched and read in a worker (`fetchOffMainThread`). */
  offMainThread?: boolean;
}

async function errorFrom(response: ReceivedResponse, fallback: string): Promise<ApiError> {
  let serverMessage: string | null = null;
  try {
    const body: unknown = await response.json();
    if (isErrorBody(body)) serverMessage = body.error;
  } catch {
    // A body that is not JSON carries no message; the fallback says what failed.
  }
  const fallbackMessage = fallback.replace('{status}', String(response.status));
  return new ApiError(response.status, serverMessage ?? fallbackMessage, serverMessage);
}

type Send = Pick<ApiRequest, 'method' | 'body' | 'headers' | 'signal' | 'raw' | 'offMainThread'>;

/** Makes the call with the user's bearer token; a token that cannot be had answers as a 401. */
async function send(
  getToken: () => Promise<string | undefined>,
  path: string,
  { method = 'GET', body, headers: extraHeaders, signal, raw, offMainThread = false }: Send,
): Promise<ReceivedResponse> {
  let token: string | undefined;
  try {
    token = await getToken();
  } catch (failure) {
    throw new ApiError(401, AUTHENTICATION_ERROR, null, { cause: failure });
  }
  if (!token) throw new ApiError(401, AUTHENTICATION_ERROR, null);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...extraHeaders,
    Authorization: `Bearer ${token}`,
  };
  if (raw !== undefined) headers['Content-Type'] = raw.type;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  const json = body === undefined ? undefined : JSON.stringify(body);
  return offMainThread && raw === undefined
    ? fetchOffMainThread(path, { method, headers, body: json, signal })
    : fetch(path, { method, headers, body: raw ?? json, signal });
}

/** How long an early call's answer waits for its page before it is too old to be used. */
export const EARLY_CALL_FRESH_MS = 10_000;

const earlyCalls = new Map<string, { startedAt: number; response: Promise<ReceivedResponse> }>();

/**
 * Starts a GET that a page will make as soon as its code has loaded, so that the call does not
 * wait for that code (issue 10: on a cold load of the Devices page the lists were asked for only
 * once its modules had arrived and run). The page's own `apiRequest` for the same path then
 * takes this answer instead of asking again, if it comes within `EARLY_CALL_FRESH_MS`.
 */
export function startEarlyCall(
  getToken: () => Promise<string | undefined>,
  path: string,
  { offMainThread = false }: Pick<ApiRequest, 'offMainThread'> = {},
): void {
  if (earlyCalls.has(path)) return;
  const response = send(getToken, path, { offMainThread });
  // Its failure is the page's to report, when it takes the answer.
  response.catch(() => {});
  const early = { startedAt: performance.now(), response };
  earlyCalls.set(path, early);
  // An answer no page took is let go (a list can be megabytes).
  setTimeout(() => {
    if (earlyCalls.get(path) === early) earlyCalls.delete(path);
  }, EARLY_CALL_FRESH_MS);
}

function takeEarlyCall(path: string): Promise<ReceivedResponse> | undefined {
  const early = earlyCalls.get(path);
  earlyCalls.delete(path);
  if (!early || performance.now() - early.startedAt > EARLY_CALL_FRESH_MS) return undefined;
  return early.response;
}

/**
 * Same-origin JSON call with the signed-in user's bearer token (SPEC §7). A token that cannot be
 * had answers like the server's 401; `getToken` has already sent the user to login when renewal
 * failed.
 */
export async function apiRequest<T>(
  getToken: () => Promise<string | undefined>,
  path: string,
  request: ApiRequest = {},
): Promise<T> {
  const { fallbackError = 'Request failed: {status}', answer = 'json' } = request;
  const plainGet =
    (request.method ?? 'GET') === 'GET' && request.body === undefined && request.raw === undefined;
  const response = (plainGet && takeEarlyCall(path)) || send(getToken, path, request);
  const received = await response;
  if (!received.ok) throw await errorFrom(received, fallbackError);
  if (received.status === 204) return undefined as T;
  const text = await received.text();
  if (answer === 'text') return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `apiRequest` bound to the current session's access token. */
export function useApiClient() {
  const getToken = useAccessToken();
  return useCallback(
    <T>(path: string, request?: ApiRequest) => apiRequest<T>(getToken, path, request),
    [getToken],
  );
}
