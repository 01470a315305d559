import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What `npm run bench` does in each workspace: runs every `*.bench.ts` in `dir` in turn (or those
 * whose file name contains one of `only`). Each exports `run()`, which measures against a baseline
 * in the same run and prints ratios. Benchmarks never run in `npm test` and never assert
 * wall-clock times.
 */
export async function runBenches(dir: string, only: readonly string[]): Promise<void> {
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
}
