import fs from 'node:fs';
import { chromiumPath, INSTALL_HINT } from './chromium';
import { SERVER_ENTRY } from './server';

export default function globalSetup(): void {
  if (!chromiumPath()) {
    if (process.env.CI === 'true') throw new Error(INSTALL_HINT);
    console.warn(`\nBrowser tests skipped. ${INSTALL_HINT}\n`);
  }
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`The server is not built (${SERVER_ENTRY}); run npm run build first.`);
  }
}
