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
  },
});
