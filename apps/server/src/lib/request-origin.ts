import type { FastifyRequest } from 'fastify';

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The origin this request reached us at (honouring X-Forwarded-* from a trusted proxy only):
 * whoever sent it could reach that URL. Falls back to the configured public URL when the Host
 * header is missing or malformed.
 */
export function requestOrigin(request: FastifyRequest, fallback: string): string {
  const host = request.host;
  const protocol = request.protocol;
  if (!host || !HOST.test(host) || (protocol !== 'http' && protocol !== 'https')) return fallback;
  return `${protocol}://${host}`;
}
