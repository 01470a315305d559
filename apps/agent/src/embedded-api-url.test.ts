import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_API_URL_MARKER } from '@brezza/contract';
import { apiUrlFromTail, readEmbeddedApiUrl } from './embedded-api-url.js';

describe('the API URL appended to the executable', () => {
  it('is read from the end of the file the server served', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-exe-')), 'brezza-agent');
    const executable = Buffer.alloc(10_000, 7);
    fs.writeFileSync(
      file,
      Buffer.concat([
        executable,
        Buffer.from(`\n${AGENT_API_URL_MARKER}https://brezza.example:8443\n`),
      ]),
    );
    expect(readEmbeddedApiUrl(file)).toBe('https://brezza.example:8443');
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('is absent from a file nobody appended to, or that cannot be read', () => {
    expect(apiUrlFromTail('\u0000\u0001 plain bytes')).toBeUndefined();
    expect(apiUrlFromTail(`\n${AGENT_API_URL_MARKER}javascript:alert(1)\n`)).toBeUndefined();
    expect(readEmbeddedApiUrl('/nonexistent/brezza-agent')).toBeUndefined();
  });
});
