/** The token of an `Authorization: Bearer <token>` header, or null (the scheme in any case). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*) *$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The 401 an agent call without an app token gets (the agent's and the gateway's calls). */
export const MISSING_APP_TOKEN = 'An app token is required: Authorization: Bearer <app token>.';
