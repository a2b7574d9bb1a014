import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AttainStack } from '../lib/attain-stack.js';

/** The CDK app: one stack, checked by cdk-nag's AWS Solutions pack (findings fail the synth). */
export function buildApp(app = new App()): { app: App; stack: AttainStack } {
  const stack = new AttainStack(app, 'Attain', {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'ap-south-1' },
    description: 'Attain: outcome-based education and accreditation',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

if (process.argv[1]?.endsWith('app.ts')) buildApp();
