import { describe, expect, it } from 'vitest';
import type { CloudAssembly, LocalResources, PolicyStatement } from '../../src/local/deployed/cloud-assembly.js';
import type { RecordedCall } from '../../src/local/deployed/lambda-host.js';
import { UnreadableStatement, checkPermissions } from '../../src/local/deployed/permissions.js';

/**
 * The deployed-shape run's permissions check (docs/deployed-shape.md) on a small template: the table grant and the
 * audit guard as the stack writes them, and calls as the SDK records them.
 */
const local: LocalResources = {
  region: 'ap-south-1',
  tableName: 'attain',
  filesBucket: 'attain-files',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  configurationSet: 'set',
  sqsUrl: 'http://127.0.0.1:1',
};
const tableArn = { 'Fn::GetAtt': ['Table', 'Arn'] };
const GRANT: PolicyStatement = {
  Effect: 'Allow',
  Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem'],
  Resource: [tableArn, { 'Fn::Join': ['', [tableArn, '/index/*']] }],
};
const AUDIT_GUARD: PolicyStatement = {
  Effect: 'Deny',
  Action: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
  Resource: tableArn,
  Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['T#*#audit#*'] } },
};
const TOPIC_A: PolicyStatement = { Effect: 'Allow', Action: 'sns:Publish', Resource: { Ref: 'TopicA' } };

function assembly(statements: PolicyStatement[]): CloudAssembly {
  return {
    dir: '',
    resources: {
      Table: { Type: 'AWS::DynamoDB::GlobalTable' },
      TopicA: { Type: 'AWS::SNS::Topic' },
      Fn: { Type: 'AWS::Lambda::Function' },
      Role: { Type: 'AWS::IAM::Role' },
    },
    functions: new Map([
      ['Fn', { id: 'Fn', handler: 'index.handler', codeDir: '', environment: {}, role: 'Role', timeout: 29, logging: {} }],
    ]),
    policies: new Map([['Role', statements]]),
  };
}
const call = (client: string, command: string, input: Record<string, unknown>): RecordedCall => ({ fn: 'Fn', client, command, input });
const ddb = (command: string, input: Record<string, unknown>) => call('DynamoDBClient', command, input);
const denied = (statements: PolicyStatement[], ...calls: RecordedCall[]) =>
  checkPermissions(assembly(statements), local, calls).denied.map((d) => `${d.action} ${d.by}`);

describe('the permissions check of the deployed-shape run', () => {
  it('allows what the grant names, on the table and its indexes, and nothing on another table (names are case-sensitive)', () => {
    expect(denied([GRANT], ddb('GetItemCommand', { TableName: 'attain', Key: { PK: 'T#c#program' } }))).toEqual([]);
    expect(denied([GRANT], ddb('QueryCommand', { TableName: 'attain', IndexName: 'byField' }))).toEqual([]);
    expect(denied([GRANT], ddb('GetItemCommand', { TableName: 'ATTAIN' }))).toEqual(['dynamodb:GetItem implicit']);
    expect(denied([GRANT], ddb('DeleteItemCommand', { TableName: 'attain' }))).toEqual(['dynamodb:DeleteItem implicit']);
  });

  it('denies an edit of an audit partition by the audit guard, alone, in a batch and in a transaction', () => {
    const audit = { PK: 'T#c#audit#2026-11' };
    expect(denied([GRANT, AUDIT_GUARD], ddb('UpdateItemCommand', { TableName: 'attain', Key: audit }))).toEqual([
      'dynamodb:UpdateItem explicit',
    ]);
    expect(denied([GRANT, AUDIT_GUARD], ddb('UpdateItemCommand', { TableName: 'attain', Key: { PK: 'T#c#program' } }))).toEqual([]);
    const batch = { RequestItems: { attain: [{ PutRequest: { Item: { PK: 'T#c#marks#o' } } }, { DeleteRequest: { Key: audit } }] } };
    expect(denied([GRANT, AUDIT_GUARD], ddb('BatchWriteItemCommand', batch))).toEqual(['dynamodb:BatchWriteItem explicit']);
    const tx = {
      TransactItems: [{ Put: { TableName: 'attain', Item: { PK: 'T#c#program' } } }, { Update: { TableName: 'attain', Key: audit } }],
    };
    expect(denied([GRANT, AUDIT_GUARD], ddb('TransactWriteItemsCommand', tx))).toEqual(['dynamodb:UpdateItem explicit']);
  });

  it("needs each transaction entry's own action, on a named table", () => {
    const tx = (entry: Record<string, unknown>) => ({ TransactItems: [{ Put: { TableName: 'attain', Item: { PK: 'T#c#x' } } }, entry] });
    expect(
      denied([GRANT], ddb('TransactWriteItemsCommand', tx({ ConditionCheck: { TableName: 'attain', Key: { PK: 'T#c#y' } } }))),
    ).toEqual(['dynamodb:ConditionCheckItem implicit']);
    expect(denied([GRANT], ddb('TransactWriteItemsCommand', tx({ Put: { Item: { PK: 'T#c#y' } } })))).toEqual([
      'dynamodb:PutItem implicit',
    ]);
  });

  it('places a call on its own resource: a publish to another topic is denied', () => {
    const topicA = 'arn:aws:sns:ap-south-1:000000000000:TopicA';
    expect(denied([TOPIC_A], call('SNSClient', 'PublishCommand', { TopicArn: topicA }))).toEqual([]);
    expect(denied([TOPIC_A], call('SNSClient', 'PublishCommand', { TopicArn: `${topicA}B` }))).toEqual(['sns:Publish implicit']);
  });

  it('refuses statements it cannot read faithfully instead of passing calls under them', () => {
    const get = ddb('GetItemCommand', { TableName: 'attain', Key: { PK: 'T#c#x' } });
    const notAction = { Effect: 'Deny', NotAction: 'dynamodb:Query', Resource: '*' } as unknown as PolicyStatement;
    expect(() => denied([GRANT, notAction], get)).toThrow(UnreadableStatement);
    const region: PolicyStatement = { ...AUDIT_GUARD, Condition: { StringEquals: { 'aws:RequestedRegion': 'us-east-1' } } };
    expect(() => denied([GRANT, region], ddb('UpdateItemCommand', { TableName: 'attain', Key: { PK: 'T#c#x' } }))).toThrow(
      UnreadableStatement,
    );
    // StringEquals is exact: a pattern in it is a literal, so this Deny does not apply.
    const exact: PolicyStatement = { ...AUDIT_GUARD, Condition: { 'ForAnyValue:StringEquals': { 'dynamodb:LeadingKeys': ['T#*'] } } };
    expect(denied([GRANT, exact], ddb('UpdateItemCommand', { TableName: 'attain', Key: { PK: 'T#c#x' } }))).toEqual([]);
  });
});
