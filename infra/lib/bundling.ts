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
  // 5 and 8 formulas (~54 KB). Runs in the background from the summaries queue, and for a read that finds no summary; module init 88 ms measured.
  'campus-summaries': 200,
  documents: 1000,
  // The whole SAR (every format's criteria and items, Criteria 4 and 8 formulas, the readiness) added ~60 KB to the
  // writers' ~725 KB; what bounds an export Lambda is its module init (docs/design.md "Budgets": <= 120 ms; 57 ms measured), not bytes.
  reports: 1100,
};

/**
 * The queue, event and invoked workers: their entries are in `functions/src/lambdas/workers/` (`campus-summaries` reads
 * its queue and is also invoked by the group Lambda; `sign-in-triggers` is the user pool's pre sign-up and pre token generation trigger; the others read
 * queues and events).
 */
export const WORKERS = ['mail-receipts', 'mail-sender', 'marks-import', 'course-results', 'campus-summaries', 'sign-in-triggers'] as const;
/** A worker Lambda's name. */
export type Worker = (typeof WORKERS)[number];

/**
 * Entry file of a Lambda: an API bundle's (`functions/src/lambdas/api/<bundle>.ts`), the API's Lambda authorizer
 * (`api/authorizer.ts`) or a worker's.
 */
export const handlerEntry = (name: Domain | 'authorizer' | Worker) =>
  join(REPO_ROOT, 'functions', 'src', 'lambdas', (WORKERS as readonly string[]).includes(name) ? 'workers' : 'api', `${name}.ts`);

/**
 * Powertools for AWS Lambda (TypeScript) comes from AWS's public Lambda layer (`AttainFunction`), not the bundles.
 *
 * Which layer: `powertools` is the version functions/package.json pins (infra test), so tests and the local stack run
 * what the layer has, and the layer's ARN is read at deployment from the public SSM parameter AWS publishes for that
 * version, `/aws/service/powertools/typescript/generic/all/<version>` ("Lookup Layer ARN via AWS SSM Parameter Store",
 * https://docs.aws.amazon.com/powertools/typescript/latest/getting-started/lambda-layers/, source
 * docs/getting-started/lambda-layers.md of aws-powertools/powertools-lambda-typescript: "We currently publish SSM
 * parameters ... in all commercial regions"). So no layer number or publisher account is typed here: the version pin
 * is the one thing to change, and AWS's own mapping names the layer built from it. The parameters and the layers'
 * account 094274105915 are commercial-partition only (GovCloud and China publish from other accounts, without the
 * parameters), so `AttainFunction` refuses a stack outside the `aws` partition; bin/app.ts keeps the region to
 * cdk.json's `attain:regions`.
 *
 * Why a layer, not bundled: bundling Powertools adds ~23 KB to every bundle (measured: survey-hosting 149.4 -> 172.4
 * KB, attainment 157.6 -> 180.6 KB), past `BUNDLE_BUDGET_KB`.
 *
 * Known gap of 2.35.0: its layer (version 50 in the commercial regions) was published from the v2.35.0 tag, whose
 * layers/src/layer-publisher-stack.ts still installed `@aws-sdk/client-dynamodb`, `util-dynamodb`, `client-ssm`,
 * `client-secrets-manager` and `client-appconfigdata`; PR #5512 ("do not ship AWS SDK clients in the Lambda layer",
 * issue #5511) merged after the tag and after the docs moved to layer 50 (#5565). Lambda puts /opt/nodejs/node_modules
 * before the runtime's /var/runtime/node_modules on NODE_PATH (which Node.js 18+ runtimes also search for ES module
 * imports), so with `@aws-sdk/*` external a bundle can get the layer's `client-dynamodb` beside the runtime's
 * `lib-dynamodb` (#5511: "serializerMiddleware is not found" when the two straddle SDK 3.928.0). Moving the pin (and
 * package-lock.json) to Powertools 2.36.0 or later, released after #5512, moves the layer with it.
 */
export const POWERTOOLS_LAYER = {
  powertools: '2.35.0',
  /** The public SSM parameter whose value is the ARN of the layer of version `powertools` in the stack's region. */
  ssmParameter: (version: string) => `/aws/service/powertools/typescript/generic/all/${version}`,
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
  /**
   * Packages replaced in the bundles: `cssfilter`, which `xss` loads for `style` attributes that the rich-text
   * allow-list never keeps, by a filter that keeps no CSS (`functions/src/platform/lib/no-css-filter.ts`: 9 KB less in
   * every API Lambda that stores rich text).
   */
  alias: { cssfilter: join(REPO_ROOT, 'functions', 'src', 'platform', 'lib', 'no-css-filter.ts') },
};
