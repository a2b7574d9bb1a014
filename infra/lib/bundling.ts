import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Domain } from '@attain/shared-types';

const here = dirname(fileURLToPath(import.meta.url));
/** Repository root (infra/lib -> ../..). */
export const REPO_ROOT = resolve(here, '../..');

/** Entry file of a domain's Lambda handler. */
export const handlerEntry = (name: Domain | 'mail-receipts' | 'marks-import') =>
  join(REPO_ROOT, 'functions', 'src', 'handlers', `${name}.ts`);

/**
 * esbuild options shared by the CDK `NodejsFunction`s and `npm run bench`, so the bench measures what ships:
 * minified ESM for Node 22, the AWS SDK v3 left to the Lambda runtime.
 */
export const BUNDLING = {
  minify: true,
  target: 'node22',
  format: 'esm' as const,
  externalModules: ['@aws-sdk/*'],
  /** Lets bundled CommonJS dependencies `require` under ESM. */
  banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
};
