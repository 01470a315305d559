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

/**
 * Same-origin JSON call with the signed-in user's bearer token (SPEC §7). A token that cannot be
 * had answers like the server's 401; `getToken` has already sent the user to login when renewal
 * failed.
 */
export async function apiRequest<T>(
  getToken: () => Promise<string | undefined>,
  path: string,
  {
    method = 'GET',
    body,
    fallbackError = 'Request failed: {status}',
    headers: extraHeaders,
    signal,
    raw,
    answer = 'json',
    offMainThread = false,
  }: ApiRequest = {},
): Promise<T> {
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
  const response: ReceivedResponse =
    offMainThread && raw === undefined
      ? await fetchOffMainThread(path, { method, headers, body: json, signal })
      : await fetch(path, { method, headers, body: raw ?? json, signal });
  if (!response.ok) throw await errorFrom(response, fallbackError);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
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
