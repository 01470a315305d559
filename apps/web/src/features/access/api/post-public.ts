import { acceptedBodySchema, errorBodySchema, type AcceptedBody } from '@brezza/contract';

export const PUBLIC_REQUEST_FAILED =
  'We could not send your request. Please try again in a moment.';

/** A refused public request: the server's own message for 4xx, a generic one otherwise. */
export class PublicRequestError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PublicRequestError';
  }
}

/**
 * POSTs JSON to a public endpoint. No bearer token: the person is not signed in (the sign-up
 * and reset-password pages). Succeeds only on the contract's 202 `accepted` answer.
 */
export async function postPublic(path: string, body: unknown): Promise<AcceptedBody> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PublicRequestError(null, PUBLIC_REQUEST_FAILED);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.status === 202) {
    const accepted = acceptedBodySchema.safeParse(payload);
    if (accepted.success) return accepted.data;
  }
  const error = errorBodySchema.safeParse(payload);
  const isClientError = response.status >= 400 && response.status < 500;
  throw new PublicRequestError(
    response.status,
    isClientError && error.success ? error.data.error : PUBLIC_REQUEST_FAILED,
  );
}
