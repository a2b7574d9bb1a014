import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../src/local/stack.js';
import { startTestStack } from '../integration/global-setup.js';

/** The sender address the run synthesizes the stack with (`cdk deploy -c mailFrom=...` in AWS). */
export const DEPLOYED_MAIL_FROM = 'no-reply@attain.localhost';

/**
 * The deployed-shape run (docs/deployed-shape.md): synthesizes the stack as `cdk synth` does (the CDK app
 * `infra/bin/app.ts` run with `CDK_OUTDIR` and the context of `cdk.json`: bundles built, cdk-nag checked) into a folder
 * under `.tmp`, and starts the integration tests' stack with its API, workers and events served by that assembly's own
 * Lambda bundles. Hands the tests the assembly and the file of recorded invocations and AWS calls.
 */
export default async function setup(project: TestProject) {
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  const workdir = mkdtempSync(join(REPO_ROOT, '.tmp', 'deployed-'));
  for (const d of ['tmp', 'home']) mkdirSync(join(workdir, d));
  const assemblyDir = join(workdir, 'cdk.out');
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  const callsFile = join(workdir, 'aws-calls.jsonl');
  try {
    const context = { ...JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')).context, mailFrom: DEPLOYED_MAIL_FROM };
    execFileSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra', 'bin', 'app.ts')], {
      cwd: join(REPO_ROOT, 'infra'),
      // CDK stages bundles in the system temp folder and keeps a cache in ~/.cdk: both inside the run's folder.
      env: {
        ...process.env,
        CDK_OUTDIR: assemblyDir,
        CDK_CONTEXT_JSON: JSON.stringify(context),
        TMPDIR: join(workdir, 'tmp'),
        HOME: join(workdir, 'home'),
        NODE_NO_WARNINGS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    stack = await startTestStack(project, { deployed: { assemblyDir, callsFile } });
  } catch (e) {
    // A failed synth or start leaves no folder of bundles behind.
    rmSync(workdir, { recursive: true, force: true });
    throw e;
  }
  project.provide('assemblyDir', assemblyDir);
  project.provide('callsFile', callsFile);
  return async () => {
    await stack.stop();
    rmSync(workdir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The synthesized cloud assembly the deployed-shape run serves. */
    assemblyDir: string;
    /** JSON lines: every AWS call of the run's functions, and every invocation (`{ fn, invoked: true }`). */
    callsFile: string;
  }
}
