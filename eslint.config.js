// @ts-check
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * The frontend's layout (docs/architecture.md): `features/<area>/` holds one area's screens, their hooks and its
 * routes (a menu area such as attainment or survey, and the pages outside the menu: dashboard, sign-in, the public
 * survey page), read from the tree so a new area is covered without an edit; `components/` the building blocks every
 * area uses (entity pages and forms, the table with its CSV/XLSX export, form and file fields, charts, the shell's
 * feedback, side-tab areas); `lib/` the campus's date and number formats; `app/` the plumbing and the composition root.
 */
const FEATURES = readdirSync(`${root}/frontend/src/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The app layer: `app/router.tsx` is the composition root (it lazy-loads every area, page and the shell frame) and
 * `app/navigation.ts` is the map of areas and their tabs. Both know every feature, so shared code (entity, shell,
 * areas) that imported them would depend on every feature, and the router import would be a cycle. The rest of
 * `app/` (api, auth, state, query-client, query-keys, the signed-in frame) is plumbing shared code may use.
 */
const APP_LAYER = ['**/app/router', '**/app/router.*', '**/app/navigation', '**/app/navigation.*'];

/**
 * Import direction (docs/design.md "Shape") with ESLint's own `no-restricted-imports`, matched on the import's path.
 * (eslint-plugin-import-x resolves paths too, but its native resolver's platform packages are not all on this
 * registry, which leaves the lockfile unusable for `npm ci`.) Every project file imports inside the repository by
 * relative path or `@attain/shared-types`, so a folder name in the path is what is checked.
 * @param {string[]} folders
 * @param {string} message
 */
const noneOf = (folders, message) => ({ group: folders.flatMap((f) => [`**/${f}`, `**/${f}/**`]), message });
const AWS_AND_UI = [
  { group: ['@aws-sdk/*', 'aws-*', '@types/aws-lambda'], message: 'shared-types imports no AWS code (docs/design.md "Shape").' },
  { group: ['hono', 'hono/*', '@hono/*'], message: 'shared-types imports no server framework.' },
  {
    group: ['react', 'react/*', 'react-*', '@types/react*', 'primereact', 'primereact/*', 'primeicons'],
    message: 'shared-types imports no React or PrimeReact.',
  },
];

/** @param {object[]} patterns */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * The backend's layers (docs/architecture.md): lambdas -> features -> platform -> shared-types, never upward; the
 * local stack (`functions/src/local`) sits on top and nothing product-side imports it (a feature may read the seed
 * data files it ships, e.g. NBA's program outcomes). Only a store calls DynamoDB: `platform/store/`, a feature's
 * `store.ts` or `*-store.ts`, and the local stack.
 */
const SERVER = 'functions/src';
const NOT_SERVER_SIDE = noneOf(['frontend', 'infra'], 'functions imports neither the frontend nor infra.');
const DYNAMODB = {
  group: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'],
  message: "Only a store calls DynamoDB: put the call in platform/store/ or the feature's store.ts / *-store.ts.",
};
const NO_LOCAL = {
  regex: '(^|/)local(/(?!seed/data/)|$)',
  message: 'Product code imports nothing of the local stack (functions/src/local).',
};
const LAYER_RULES = {
  platform: [noneOf(['features', 'lambdas'], 'platform/ is below every feature: it imports no feature and no Lambda.'), NO_LOCAL],
  features: [noneOf(['lambdas'], 'A feature imports no Lambda bundle: lambdas/ compose features, not the other way.'), NO_LOCAL],
  lambdas: [NO_LOCAL],
};
const DYNAMODB_STORES = [
  `${SERVER}/platform/store/**`,
  `${SERVER}/platform/lib/aws.ts`,
  `${SERVER}/features/**/store.ts`,
  `${SERVER}/features/**/*-store.ts`,
];
/**
 * The backend's features in their declared order, lowest first (docs/architecture.md, decision 0035): a feature
 * imports only features listed before it, and only through their `index.ts`. `course-inputs` (the frozen-year gate,
 * input stamps, the results queue and the method every input writer needs) sits below the input features that call
 * it; `attainment` reads their inputs; results pages, reports, the SAR and the group roll-up read attainment.
 * A feature folder missing from the list stops the linter, so a new one is placed on purpose.
 */
const FEATURE_ORDER = [
  'course-inputs',
  'structure',
  'audit',
  'files',
  'mail',
  'identity',
  'faculty',
  'curriculum',
  'assessments',
  'marks',
  'survey',
  'attainment',
  'survey-results',
  'students',
  'reports',
  'sar',
  'group',
];
const BACKEND_FEATURES = readdirSync(`${root}/${SERVER}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const undeclared = BACKEND_FEATURES.filter((f) => !FEATURE_ORDER.includes(f));
if (undeclared.length)
  throw new Error(`eslint.config.js: place ${undeclared.join(', ')} in FEATURE_ORDER (the declared order of features)`);
/**
 * Which other features a file of `feature` may import: those before it, through `../<feature>/index.js` only.
 * @param {string} feature
 */
const featureOrder = (feature) =>
  FEATURE_ORDER.filter((g) => g !== feature).map((g) =>
    FEATURE_ORDER.indexOf(g) < FEATURE_ORDER.indexOf(feature)
      ? {
          regex: `^(\\.\\./)+${g}/(?!index\\.js$)`,
          message: `Import the ${g} feature through its index.ts (../${g}/index.js), never its files.`,
        }
      : {
          regex: `^(\\.\\./)+${g}/`,
          message: `${feature} comes before ${g} in the declared order of features (FEATURE_ORDER in eslint.config.js): it cannot import it.`,
        },
  );
const serverLayers = Object.entries(LAYER_RULES)
  .flatMap(([layer, rules]) => [
    { files: [`${SERVER}/${layer}/**`], rules: restrict([NOT_SERVER_SIDE, ...rules, DYNAMODB]) },
    {
      files: DYNAMODB_STORES.filter((g) => g.startsWith(`${SERVER}/${layer}/`)),
      rules: restrict([NOT_SERVER_SIDE, ...rules]),
    },
  ])
  .filter((c) => c.files.length);
const featureLayers = FEATURE_ORDER.flatMap((f) => {
  const rules = [NOT_SERVER_SIDE, ...LAYER_RULES.features, ...featureOrder(f)];
  return [
    { files: [`${SERVER}/features/${f}/**`], rules: restrict([...rules, DYNAMODB]) },
    { files: [`${SERVER}/features/${f}/**/store.ts`, `${SERVER}/features/${f}/**/*-store.ts`], rules: restrict(rules) },
  ];
});

/**
 * Who may do what is declared once (decision 0052): a decision on the caller's role asks `may(caller, power)` of a
 * power in shared-types/src/identity/powers.ts, so a new role holds nothing it was not given. Comparing a role with a
 * role name (`caller.role === 'admin'`, `profile?.role !== 'faculty'`, `role == 'x'`, either way round) is refused
 * everywhere else; lists declared with what they govern (a record type's `writeRoles`, a route's `roles`,
 * `ACCESS_ENDERS`) are read with `includes`, not compared.
 */
const ROLE_EXPRESSION = (/** @type {string} */ side) =>
  `[${side}.type='Identifier'][${side}.name='role'], [${side}.property.name='role'], [${side}.expression.property.name='role']`;
const ROLE_COMPARISON = {
  selector: [
    `BinaryExpression[operator=/^[!=]==?$/][right.value=type(string)]:matches(${ROLE_EXPRESSION('left')})`,
    `BinaryExpression[operator=/^[!=]==?$/][left.value=type(string)]:matches(${ROLE_EXPRESSION('right')})`,
  ].join(', '),
  message:
    'Ask may(who, power) of a power in shared-types/src/identity/powers.ts (decision 0052) rather than comparing a role with a ' +
    'role name: a new role then gets nothing it was not given.',
};
const ROLE_CHECKED = ['functions/src/**/*.{ts,tsx}', 'frontend/src/**/*.{ts,tsx}', 'shared-types/src/**/*.{ts,tsx}'];
const POWERS_FILE = 'shared-types/src/identity/powers.ts';
/**
 * Every call names what it calls (decision 0038): a declared route through `call(contract, ...)`, a record through
 * `crud`, so the answer's type comes from the contract, never from the call site. Only the clients call `api`.
 */
const API_CALL = {
  selector: "CallExpression[callee.name='api']",
  message:
    'Call a declared route with call(contract, ...) (app/api-client) or a record with crud (app/crud-client): the answer is typed from the contract.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.tmp/**',
      '.local/**',
      'test-results/**',
      'functions/src/local/seed/data/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  // Syntax-only rules (no type information), so `eslint .` stays fast.
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      // Prettier wraps code at 140; text it cannot wrap (strings, comments) stops at 160.
      'max-len': ['error', { code: 160, ignoreUrls: true }],
      // `_`-prefixed names are deliberately unused (e.g. keys left out of `{ PK: _pk, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['shared-types/**'],
    rules: restrict([
      ...AWS_AND_UI,
      noneOf(['functions', 'frontend', 'infra'], 'shared-types is imported by the others, never the other way.'),
    ]),
  },
  {
    files: ['functions/**'],
    rules: restrict([NOT_SERVER_SIDE]),
  },
  ...serverLayers,
  ...featureLayers,
  {
    files: ['infra/**'],
    rules: restrict([
      noneOf(
        ['functions', 'frontend'],
        'infra imports only shared-types and its own files; it names Lambda entries by path (infra/lib/bundling.ts).',
      ),
    ]),
  },
  ...FEATURES.map((feature) => ({
    files: [`frontend/src/features/${feature}/**`],
    rules: restrict([
      noneOf(
        FEATURES.filter((f) => f !== feature),
        'An area imports only its own folder and app, components, lib; move what two areas share into components/.',
      ),
      noneOf(['functions', 'infra'], 'An area imports no server or infrastructure code.'),
    ]),
  })),
  {
    files: ['frontend/src/components/**', 'frontend/src/lib/**'],
    rules: restrict([
      { group: APP_LAYER, message: 'Shared code does not import the app layer (router, navigation): take what it needs as props.' },
      noneOf(['features'], 'Shared code does not import an area.'),
      noneOf(['functions', 'infra'], 'The frontend imports no server or infrastructure code.'),
    ]),
  },
  {
    files: ROLE_CHECKED,
    ignores: [POWERS_FILE],
    rules: { 'no-restricted-syntax': ['error', ROLE_COMPARISON] },
  },
  {
    // One `no-restricted-syntax` setting applies per file (the last matching block's), so the frontend's keeps both.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: [
      'frontend/src/app/api.ts',
      'frontend/src/app/api-client.ts',
      'frontend/src/app/crud-client.ts',
      'frontend/src/components/entity/list-cache.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', API_CALL, ROLE_COMPARISON] },
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
