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
            {
              target: './packages/contract',
              from: './apps',
              message: 'The contract is shared by every app and imports none of them.',
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
