// @ts-check
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Frontend folders that every area may use. Every other folder under frontend/src is a feature (an area such as
 * attainment, curriculum, configuration, assessments), read from the tree so a new area is covered without an edit.
 * `pages` (dashboard, sign-in, placeholders) is shared too, but areas have no reason to import it.
 */
const SHARED_FRONTEND = ['app', 'shell', 'entity', 'areas', 'pages'];
const AREA_MAY_IMPORT = ['app', 'shell', 'entity', 'areas'];
const FEATURES = readdirSync(`${root}/frontend/src`, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !SHARED_FRONTEND.includes(d.name))
  .map((d) => d.name);

/**
 * The app layer: `app/router.tsx` is the composition root (it lazy-loads every area, page and the shell) and
 * `app/navigation.ts` is the map of areas and their tabs (which areas exist, their labels and routes). Both know
 * every feature, so shared code (entity, shell, areas) that imported them would depend on every feature, and the
 * router import would be a cycle (router -> shell -> router). The rest of `app/` (api, auth, state, query-client,
 * query-keys) is plumbing that shared code may use. Shared code gets navigation data through props from the router
 * or the area that renders it; it does not import feature folders either.
 */
const APP_LAYER = ['./frontend/src/app/router*', './frontend/src/app/navigation*'];
const SHARED_CODE = ['./frontend/src/entity', './frontend/src/shell', './frontend/src/areas'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.tmp/**',
      '.local/**',
      'test-results/**',
      'functions/src/seed/data/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  // Syntax-only rules (no type information), so `eslint .` stays fast.
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `./x.js` to `x.ts` (NodeNext-style specifiers) and extensionless frontend imports alike.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      // Prettier wraps code at 140; text it cannot wrap (strings, comments) stops at 160.
      'max-len': ['error', { code: 160, ignoreUrls: true }],
      // `_`-prefixed names are deliberately unused (e.g. keys left out of `{ PK: _pk, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Dependencies go one way (DESIGN.md "Shape"). Paths are resolved, so `../../x` and `@attain/*` count alike.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './shared-types',
              from: ['./functions', './frontend', './infra'],
              message: 'shared-types is imported by the others, never the other way.',
            },
            { target: './functions', from: ['./frontend', './infra'], message: 'functions imports neither the frontend nor infra.' },
            {
              target: './infra',
              from: '.',
              except: ['./infra', './shared-types', './node_modules'],
              message: 'infra imports only shared-types and its own files; it names Lambda entries by path (infra/lib/bundling.ts).',
            },
            ...FEATURES.map((feature) => ({
              target: `./frontend/src/${feature}`,
              from: './frontend/src',
              except: [feature, ...AREA_MAY_IMPORT].map((d) => `./${d}`),
              message: `An area imports only its own folder and ${AREA_MAY_IMPORT.join(', ')}; move what two areas share into entity/ or areas/.`,
            })),
            {
              target: SHARED_CODE,
              from: APP_LAYER,
              message: 'Shared code does not import the app layer (router, navigation): take what it needs as props.',
            },
            ...FEATURES.map((feature) => ({
              target: SHARED_CODE,
              from: `./frontend/src/${feature}`,
              message: 'Shared code does not import an area.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['shared-types/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@aws-sdk/*', 'aws-*', '@types/aws-lambda'], message: 'shared-types imports no AWS code (DESIGN.md "Shape").' },
            { group: ['hono', 'hono/*', '@hono/*'], message: 'shared-types imports no server framework.' },
            {
              group: ['react', 'react/*', 'react-*', '@types/react*', 'primereact', 'primereact/*', 'primeicons'],
              message: 'shared-types imports no React or PrimeReact.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'frontend/tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests and the bench read arbitrary JSON answers from the API; `any` there is the JSON they assert on.
    files: ['**/tests/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
