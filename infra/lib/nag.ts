import { type CfnElement, Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** cdk-nag's finding id for a role that uses AWSLambdaBasicExecutionRole (CloudWatch Logs for the function only). */
export const BASIC_EXECUTION_FINDING =
  'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

/**
 * cdk-nag's IAM5 finding id for a wildcard under a resource's ARN, e.g. `<table arn>/index/*`:
 * `resource` is the L2 construct (table, bucket) whose ARN the policy names.
 */
export const arnWildcardFinding = (resource: IConstruct, suffix: string) =>
  `AwsSolutions::AwsSolutions-IAM5[Resource::${resource.node.defaultChild ? `<${logicalIdOf(resource)}.Arn>` : importedTableArn(resource)}/${suffix}]`;

/**
 * How cdk-nag writes the ARN of a table the stack imports by name (a restored table, docs/restore.md): the stack's
 * partition, region and account, each as `<AWS::...>` when the stack leaves it to deployment.
 */
function importedTableArn(resource: IConstruct): string {
  const name = (resource as IConstruct & { tableName?: string }).tableName ?? '';
  return accountArn(resource, 'dynamodb', `table/${name}`);
}

/**
 * How cdk-nag writes an ARN of `service` in the stack's account and Region ending in `tail`: the partition, Region and
 * account each as `<AWS::...>` when the stack leaves it to deployment.
 */
function accountArn(scope: IConstruct, service: string, tail: string): string {
  const stack = Stack.of(scope);
  const part = (v: string, name: string) => (Token.isUnresolved(v) ? `<AWS::${name}>` : v);
  return `arn:${part(stack.partition, 'Partition')}:${service}:${part(stack.region, 'Region')}:${part(stack.account, 'AccountId')}:${tail}`;
}

/** cdk-nag's IAM5 finding for a wildcard ARN of `service` in the stack's account and Region (`tail` such as `userpool/*`). */
export const accountWildcardFinding = (scope: IConstruct, service: string, tail: string) =>
  `AwsSolutions::AwsSolutions-IAM5[Resource::${accountArn(scope, service, tail)}]`;

/** The logical id of an L2 construct's resource in the template (honours `keepLogicalId`, unlike `Stack.getLogicalId`). */
export const logicalIdOf = (resource: IConstruct): string =>
  Stack.of(resource).resolve((resource.node.defaultChild as CfnElement).logicalId);

/**
 * Pins a stored-data resource (table, bucket, user pool) to the logical id it had before the stack was split into
 * constructs, so deploying the split stack updates it in place instead of creating an empty replacement.
 */
export const keepLogicalId = (resource: IConstruct, logicalId: string) => {
  (resource.node.defaultChild as CfnElement).overrideLogicalId(logicalId);
};
