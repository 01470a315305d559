import fs from 'node:fs';
import { AGENT_API_URL_MARKER } from '@brezza/contract';

const TAIL_BYTES = 4096;

/** The origin in the trailer the server appended, from the last bytes of the file. */
export function apiUrlFromTail(tail: string): string | undefined {
  const index = tail.lastIndexOf(`\n${AGENT_API_URL_MARKER}`);
  if (index < 0) return undefined;
  const value = tail.slice(index + 1 + AGENT_API_URL_MARKER.length).trim();
  return /^https?:\/\/[^\s]+$/.test(value) ? value : undefined;
}

/**
 * The URL this executable was downloaded from: the server appends it to the file it serves, so
 * the installer command needs no --api-url. Undefined for a file not downloaded that way.
 */
export function readEmbeddedApiUrl(executable: string = process.execPath): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(executable, 'r');
    const { size } = fs.fstatSync(fd);
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    return apiUrlFromTail(buffer.toString('latin1'));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
