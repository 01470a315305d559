import fs from 'node:fs';

/** The flags this machine kind needs: no sandbox as root, no background network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const INSTALL_HINT =
  'Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH.';

/** Debian's Chromium (never a downloaded browser build), or CHROMIUM_PATH. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate)) ?? null;
}
