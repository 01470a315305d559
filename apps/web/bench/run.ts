import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenches } from '../../../scripts/run-benches.js';

/** `npm run bench [-- name...]`: the benchmarks in this folder (see scripts/run-benches.ts). */
await runBenches(path.dirname(fileURLToPath(import.meta.url)), process.argv.slice(2));
