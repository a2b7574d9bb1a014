import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type CloudAssembly, type LocalResources, readCloudAssembly } from '../../src/local/deployed/cloud-assembly.js';
import type { RecordedCall, RecordedInvocation } from '../../src/local/deployed/lambda-host.js';

/** What the deployed-shape run's test files share: the synthesized assembly and the run's records. */
const env = inject('stackEnv');
export const assembly: CloudAssembly = readCloudAssembly(inject('assemblyDir'));
/** The local resources as the run resolves the template (the SQS endpoint is each runtime's own). */
export const local = (): Omit<LocalResources, 'sqsUrl'> => ({
  region: env.AWS_REGION,
  tableName: env.TABLE_NAME,
  filesBucket: env.FILES_BUCKET,
  userPoolId: env.USER_POOL_ID,
  userPoolClientId: env.USER_POOL_CLIENT_ID,
  configurationSet: env.MAIL_CONFIGURATION_SET,
});
/** Every invocation and AWS call of the run so far, from the file the run appends them to. */
export const records = () =>
  readFileSync(inject('callsFile'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RecordedCall | RecordedInvocation);
/** The AWS calls of the run so far. */
export const calls = () => records().filter((r): r is RecordedCall => 'command' in r);
