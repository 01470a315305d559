import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { listenHost } from './listen.js';

/** Start-up: configuration, the app, listen; and a graceful close on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  const { host, note } = listenHost(config, app.demo.active);
  await app.listen({ host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.env.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  console.log(`\n${config.env.PRODUCT_NAME} is running at ${url}`);
  for (const line of app.startupNotes) console.log(line);
  if (note) console.log(note);
  console.log('');

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
