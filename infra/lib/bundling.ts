import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Domain } from '@attain/shared-types';

const here = dirname(fileURLToPath(import.meta.url));
/** Repository root (infra/lib -> ../..). */
export const REPO_ROOT = resolve(here, '../..');

/**
 * Largest minified bundle of each Lambda, in KB: 150 for every domain and worker, more for the campus summaries
 * worker (see below) and for `documents` and `reports`, which alone carry the DOCX and PDF writers (docx ~290 KB,
 * jsPDF ~330 KB with its PNG decoders): the faculty CV, and the reports with the NBA SAR export.
 */
export const BUNDLE_BUDGET_KB: Readonly<Partial<Record<Domain | Worker, number>>> & { default: number } = {
  default: 150,
  // The campus summaries worker computes every figure the group's pages show by the campus pages' own services: the
  // attainment and survey services and, for the roll-up's SAR readiness, the three SAR formats with the Criterion 4,
  // 5 and 8 formulas (~54 KB). Invoked by the group Lambda on a stale summary only; module init 88 ms measured.
  'campus-summaries': 200,
  documents: 1000,
  // The whole SAR (every format's criteria and items, Criteria 4 and 8 formulas, the readiness) added ~60 KB to the
  // writers' ~725 KB; what bounds an export Lambda is its module init (DESIGN: <= 120 ms; 57 ms measured), not bytes.
  reports: 1100,
};

/**
 * The queue, event and invoked workers: their entries are in `functions/src/lambdas/workers/` (`campus-summaries` is
 * invoked by the group Lambda, the others read queues and events).
 */
export const WORKERS = ['mail-receipts', 'mail-sender', 'marks-import', 'course-results', 'campus-summaries'] as const;
/** A worker Lambda's name. */
export type Worker = (typeof WORKERS)[number];

/**
 * Entry file of a Lambda: an API bundle's (`functions/src/lambdas/api/<bundle>.ts`), the API's Lambda authorizer
 * (`api/authorizer.ts`) or a worker's.
 */
export const handlerEntry = (name: Domain | 'authorizer' | Worker) =>
  join(REPO_ROOT, 'functions', 'src', 'lambdas', (WORKERS as readonly string[]).includes(name) ? 'workers' : 'api', `${name}.ts`);

/**
 * AWS's public Lambda layer of Powertools for AWS Lambda (TypeScript), which every function carries
 * (`AttainFunction`): `arn:aws:lambda:{region}:094274105915:layer:AWSLambdaPowertoolsTypeScriptV2:{version}`, published
 * by AWS in every commercial region (ap-south-1 included) and GovCloud, for nodejs22.x on arm64 and x86_64.
 * Sources: https://docs.aws.amazon.com/powertools/typescript/latest/getting-started/lambda-layers/ ("Layer ARNs": the
 * account, name and format); its source, docs/getting-started/lambda-layers.md of aws-powertools/powertools-lambda-typescript,
 * moved to version 50 with the 2.35.0 release ("update layer ARN on documentation", #5565) and says version 49 is the
 * last to carry AWS SDK clients, so the bundles load the runtime's own SDK. `aws lambda get-layer-version-by-arn`
 * answers the version's description ("... version 2.35.0"). The layer's packages are in /opt/nodejs/node_modules,
 * from which Lambda's Node.js 18+ runtimes resolve ES module imports. `powertools` is the version of the layer's
 * packages: functions/package.json pins the same (infra test), so tests and the local stack run what the layer has.
 */
export const POWERTOOLS_LAYER = {
  account: '094274105915',
  name: 'AWSLambdaPowertoolsTypeScriptV2',
  version: 50,
  powertools: '2.35.0',
} as const;

/**
 * esbuild options shared by the CDK `NodejsFunction`s and `npm run bench`, so the bench measures what ships:
 * minified ESM for Node 22, the AWS SDK v3 left to the Lambda runtime and Powertools to its layer
 * (`POWERTOOLS_LAYER`). jsPDF's optional helpers for HTML and SVG
 * (`html2canvas`, `canvg`, `dompurify`, required only when a page is drawn from HTML or SVG, which the CV never
 * does) are left out too.
 */
export const BUNDLING = {
  minify: true,
  target: 'node22',
  format: 'esm' as const,
  externalModules: ['@aws-sdk/*', '@aws-lambda-powertools/*', 'html2canvas', 'canvg', 'dompurify'],
  /** Lets bundled CommonJS dependencies `require` under ESM. */
  banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
};
