import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files a browser receives as text; the server negotiates their `.br` and `.gz` siblings. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every text file
 * of the build, once, so that the server sends compressed assets without compressing per
 * request. A copy that would not be smaller than the file is not written: the file is sent as it
 * is. `skip` names folders (relative to the output) that are never served to browsers.
 */
export function precompress(skip: readonly string[] = []): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'brezza-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (ssr) return;
      const skipped = skip.map((folder) => path.join(outDir, folder) + path.sep);
      for (const file of filesUnder(outDir)) {
        if (!TEXT_FILE.test(file) || skipped.some((folder) => file.startsWith(folder))) continue;
        const source = fs.readFileSync(file);
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) fs.writeFileSync(`${file}.br`, brotli);
        if (gzip.length < source.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
