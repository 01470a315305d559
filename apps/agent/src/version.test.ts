import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_VERSION } from './version.js';

describe('AGENT_VERSION', () => {
  it('is the package version', () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
    );
    expect(AGENT_VERSION).toBe(pkg.version);
  });
});
