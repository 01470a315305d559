/** The token of an `Authorization: Bearer <token>` header, or null (the scheme in any case). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*) *$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
