import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run bench`: runs every `bench/*.bench.ts` in turn (or those named on the command line).
 * Each exports `run()`, which measures against a baseline in the same run and prints ratios.
 * Benchmarks never run in `npm test` and never assert wall-clock times.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file}`);
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    run(): Promise<void>;
  };
  await module.run();
}
