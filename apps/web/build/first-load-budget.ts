import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The first-load budget (issue 10): the JavaScript and CSS a signed-out visitor's first page needs. */
export const FIRST_LOAD_BUDGET_BYTES = 150_000;

/** The part of a built chunk or asset the budget needs. */
export interface BuiltFile {
  fileName: string;
  /** Static imports (chunks) of a chunk: loaded before it runs. */
  imports: readonly string[];
  /** Stylesheets Vite links for a chunk. */
  css: readonly string[];
  /** The module a chunk is the entry of, if any. */
  facadeModuleId: string | null;
  isEntry: boolean;
  source: string | Uint8Array;
}

export interface FirstLoad {
  files: string[];
  gzippedBytes: number;
}

/**
 * The files the first page loads: the entry chunk, the chunks of `pageModules` (the lazy route
 * the page hydrates with), everything they import statically, and their stylesheets; their sizes
 * gzipped as the server sends them (brotli is smaller still).
 */
export function firstLoad(files: readonly BuiltFile[], pageModules: readonly string[]): FirstLoad {
  const byName = new Map(files.map((file) => [file.fileName, file]));
  const roots = files.filter(
    (file) => file.isEntry || (file.facadeModuleId && pageModules.includes(file.facadeModuleId)),
  );
  if (roots.length !== pageModules.length + 1) {
    const found = roots.map((file) => file.facadeModuleId ?? file.fileName).join(', ');
    throw new Error(
      `first-load budget: expected one entry and ${pageModules.join(', ')}; found ${found}`,
    );
  }
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const file = byName.get(name);
    file?.imports.forEach(visit);
    file?.css.forEach((css) => seen.add(css));
  };
  roots.forEach((root) => visit(root.fileName));
  const names = [...seen].sort();
  const gzippedBytes = names.reduce((sum, name) => {
    const source = byName.get(name)?.source ?? '';
    return sum + gzipSync(source, { level: 9 }).length;
  }, 0);
  return { files: names, gzippedBytes };
}

/**
 * Fails the build when the first load of `pagePaths` (source files, relative to the project)
 * is over budget, and prints its size either way.
 */
export function firstLoadBudget(
  pagePaths: readonly string[],
  budgetBytes = FIRST_LOAD_BUDGET_BYTES,
): Plugin {
  let root = '';
  let ssr = false;
  return {
    name: 'brezza-first-load-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const files: BuiltFile[] = Object.values(bundle).map((output) =>
        output.type === 'chunk'
          ? {
              fileName: output.fileName,
              imports: output.imports,
              css: [...(output.viteMetadata?.importedCss ?? [])],
              facadeModuleId: output.facadeModuleId,
              isEntry: output.isEntry,
              source: output.code,
            }
          : {
              fileName: output.fileName,
              imports: [],
              css: [],
              facadeModuleId: null,
              isEntry: false,
              source: output.source,
            },
      );
      const pageModules = pagePaths.map((page) => path.resolve(root, page));
      const load = firstLoad(files, pageModules);
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      const summary = `first load ${kb(load.gzippedBytes)} gzipped (budget ${kb(budgetBytes)}): ${load.files.join(', ')}`;
      if (load.gzippedBytes > budgetBytes) this.error(`Over the first-load budget: ${summary}`);
      this.info(summary);
    },
  };
}
