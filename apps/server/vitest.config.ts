import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on sockets, databases and child processes (Modbus, SNMP, Prometheus), so
    // two forks keep a 2-core machine busy where vitest's default (cores - 1) leaves one idle.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // Files share their fork's module cache instead of importing the whole app again each: the
    // import was 150 of 240 s. The files hold no module state of their own (each builds its app,
    // and the one file with fake timers restores them), so sharing changes no result.
    isolate: false,
  },
});
