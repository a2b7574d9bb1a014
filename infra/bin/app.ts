import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AttainStack } from '../lib/attain-stack.js';

/** Context keys that would make a stack per group or per campus: Attain is one stack for every group (decision 0049). */
const PER_TENANT_CONTEXT = ['group', 'campus', 'tenant', 'stackName'];

/**
 * The CDK app: one stack per region, serving every group of campuses (decision 0049), checked by cdk-nag's AWS
 * Solutions pack (findings fail the synth). The region must be one of cdk.json's `attain:regions`, so a second region
 * is opened on purpose, never by a shell's default region.
 * @throws Error for a region not listed, or a context key that would split the stack per group or campus
 */
export function buildApp(app = new App()): { app: App; stack: AttainStack } {
  const region = process.env.CDK_DEFAULT_REGION ?? 'ap-south-1';
  const regions = (app.node.tryGetContext('attain:regions') as string[] | undefined) ?? ['ap-south-1'];
  if (!regions.includes(region))
    throw new Error(
      `Attain is deployed to ${regions.join(', ')} (cdk.json "attain:regions"), not ${region}: a second region is a second, ` +
        'separate Attain (its own users and data). Add the region there on purpose, or set CDK_DEFAULT_REGION.',
    );
  const perTenant = PER_TENANT_CONTEXT.filter((k) => app.node.tryGetContext(k) !== undefined);
  if (perTenant.length)
    throw new Error(
      `Attain is one stack for every group and campus (decision 0049): a new group or campus is added in the product ` +
        `(Group administration), not as a stack. Remove the context ${perTenant.join(', ')}.`,
    );
  const stack = new AttainStack(app, 'Attain', {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
    description: 'Attain: outcome-based education and accreditation',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

if (process.argv[1]?.endsWith('app.ts')) buildApp();
