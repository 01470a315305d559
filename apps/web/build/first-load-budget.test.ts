import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firstLoad, firstLoadBudget, type BuiltFile } from './first-load-budget';

const file = (overrides: Partial<BuiltFile> & { fileName: string }): BuiltFile => ({
  imports: [],
  css: [],
  facadeModuleId: null,
  isEntry: false,
  source: 'x',
  ...overrides,
});

/** Random text of `bytes` characters: gzip cannot shrink it much below ¾ of that. */
const noise = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

const build = (entryBytes: number): BuiltFile[] => [
  file({
    fileName: 'assets/index.js',
    isEntry: true,
    imports: ['assets/react.js'],
    css: ['assets/index.css'],
    source: noise(entryBytes),
  }),
  file({ fileName: 'assets/react.js', source: 'react' }),
  file({ fileName: 'assets/index.css', source: 'body{}' }),
  file({
    fileName: 'assets/home.js',
    facadeModuleId: '/app/src/home.tsx',
    imports: ['assets/card.js', 'assets/react.js'],
  }),
  file({ fileName: 'assets/card.js' }),
  file({
    fileName: 'assets/devices.js',
    facadeModuleId: '/app/src/devices.tsx',
    source: noise(500_000),
  }),
  file({
    fileName: 'assets/auth0.js',
    facadeModuleId: '/app/src/auth0.tsx',
    source: noise(100_000),
  }),
];

describe('firstLoad', () => {
  it('counts the entry, the page, what they import and their stylesheets, nothing lazy', () => {
    const load = firstLoad(build(10), ['/app/src/home.tsx']);
    expect(load.files).toEqual([
      'assets/card.js',
      'assets/home.js',
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(load.gzippedBytes).toBeGreaterThan(0);
  });

  it('refuses a page that is not in the build', () => {
    expect(() => firstLoad(build(10), ['/app/src/missing.tsx'])).toThrow(/first-load budget/);
  });
});

describe('firstLoadBudget', () => {
  function runPlugin(entryBytes: number, budgetBytes: number) {
    const plugin = firstLoadBudget(['src/home.tsx'], budgetBytes);
    const messages: string[] = [];
    const context = {
      info: (message: string) => messages.push(message),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    (plugin.configResolved as (config: unknown) => void)({ root: '/app', build: { ssr: false } });
    const bundle = Object.fromEntries(
      build(entryBytes).map((built) => [
        built.fileName,
        built.fileName.endsWith('.css')
          ? { type: 'asset', fileName: built.fileName, source: built.source }
          : {
              type: 'chunk',
              fileName: built.fileName,
              imports: built.imports,
              viteMetadata: { importedCss: new Set(built.css) },
              facadeModuleId: built.facadeModuleId,
              isEntry: built.isEntry,
              code: built.source,
            },
      ]),
    );
    (plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(
      context,
      {},
      bundle,
    );
    return messages;
  }

  it('prints the first load and its budget', () => {
    const [message] = runPlugin(1_000, 150_000);
    expect(message).toMatch(/^first load \d+\.\d kB gzipped \(budget 150\.0 kB\): /);
  });

  it('fails the build above the budget, saying by how much', () => {
    expect(() => runPlugin(20_000, 10_000)).toThrow(
      /^Over the first-load budget: first load \d+\.\d kB gzipped \(budget 10\.0 kB\)/,
    );
  });
});
