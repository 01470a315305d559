// One lint config for the whole workspace. The import boundaries below are the point: features
// never import each other (routes compose them), and the contract imports no app.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [`./${feature}`],
  message: 'Features do not import each other; compose them in app/ routes instead.',
}));

// Server modules import lib/, db/, plugins/, errors, config, the contract and their own folder;
// other modules' services reach them decorated on the app (modules/index.ts composes them).
// The exceptions below are the remaining direct uses, each for a reason:
const modulesDir = 'apps/server/src/modules';
const moduleExceptions = {
  // Users and organisations are the rows every module's rules are about; their repositories and
  // row types are the shared data layer, also used by the staff CLI, which runs without the app.
  identity: ['users', 'organisations', 'mail'],
  users: ['organisations', 'identity'],
  // The audit log is written in the transaction of the change it records (an entry exists
  // exactly when its change committed), and by the staff CLI's set-role, which has no app.
  hierarchy: ['organisations', 'audit'],
  access: ['audit', 'users'],
  equipment: ['audit'],
  recommendations: ['audit'],
  metrics: ['organisations'],
  onboarding: ['users'],
  // Registration writes the server, its metric labels and the hierarchy stamp in one transaction
  // (and the SQLite sample writer's worker thread has no app to reach decorations through).
  // Pushes are flattened into metric samples (telemetry/flatten), and the SQLite writer's worker
  // runs the embedded store's engine in the same transaction as the push.
  agent: ['hierarchy', 'metrics', 'onboarding', 'telemetry'],
  // The embedded store writes through the agent module's sample writer (the SQLite worker thread
  // and group commit that keep ingest off the event loop).
  telemetry: ['agent'],
  // The demo seeds what the other modules own, through their own repositories; its 7-day
  // history is flattened by ingest's own flattenAgentSamples and written in the store's types.
  demo: ['users', 'organisations', 'identity', 'hierarchy', 'equipment', 'telemetry'],
};
const serverModules = existsSync(modulesDir)
  ? readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const serverModuleZones = serverModules.map((module) => ({
  target: `./${modulesDir}/${module}`,
  from: `./${modulesDir}`,
  except: [`./${module}`, ...(moduleExceptions[module] ?? []).map((other) => `./${other}`)],
  message:
    'A server module imports lib/, db/, plugins/, the contract and its own folder; use another module through its decorated service (see eslint.config.js for the listed exceptions).',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
        },
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...serverModuleZones,
            {
              target: './packages/contract',
              from: './apps',
              message: 'The contract is shared by every app and imports none of them.',
            },
            {
              target: './packages/cooling-model',
              from: './apps',
              message:
                'The cooling model is shared by the agent and the server and imports neither.',
            },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'Shared primitives know nothing of features.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server shares code with the web app only through the contract.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app shares code with the server only through the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
