import {
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  UpdateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { GROUP_ROLES, SSO_CALLBACK_PAGE, TABLE, TENANT_ATTRIBUTE } from '@attain/shared-types';
import { cognitoClient } from '../platform/lib/aws.js';

/**
 * Creates the table from `TABLE` (the definition the CDK stack uses) unless it exists. On-demand billing.
 * A table kept from an older version gets the secondary indexes it lacks (one UpdateTable each).
 */
export async function ensureTable(name: string): Promise<void> {
  const ddb = new DynamoDBClient({});
  try {
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: name }));
    const have = new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    for (const g of TABLE.globalSecondaryIndexes) {
      if (have.has(g.indexName)) continue;
      await ddb.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: [g.partitionKey, g.sortKey].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: g.indexName,
                KeySchema: [
                  { AttributeName: g.partitionKey, KeyType: 'HASH' },
                  { AttributeName: g.sortKey, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              },
            },
          ],
        }),
      );
    }
    return;
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
  }
  const attrs = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const g of TABLE.globalSecondaryIndexes) attrs.add(g.partitionKey).add(g.sortKey);
  await ddb.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await waitUntilTableExists({ client: ddb, maxWaitTime: 60, minDelay: 1 }, { TableName: name });
}

/** Creates a bucket (with a CORS rule for browser uploads from `origin`) unless it exists. */
export async function ensureBucket(name: string, origin: string): Promise<void> {
  const s3 = new S3Client({
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await s3.send(new HeadBucketCommand({ Bucket: name }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: name }));
  }
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: name,
      CORSConfiguration: {
        CORSRules: [{ AllowedOrigins: [origin], AllowedMethods: ['GET', 'POST', 'PUT'], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }],
      },
    }),
  );
}

/**
 * Finds or creates the `attain` user pool (e-mail sign-in, the `tenant` custom attribute), its public app client
 * (USER_PASSWORD_AUTH) and the role groups. Mirrors `infra/lib/identity.ts`.
 */
export async function ensureUserPool(name = 'attain'): Promise<{ userPoolId: string; clientId: string }> {
  const cognito = cognitoClient();
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === name)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: name,
        UsernameAttributes: ['email'],
        Schema: [{ Name: TENANT_ATTRIBUTE, AttributeDataType: 'String', Mutable: false }],
      }),
    );
    userPoolId = created.UserPool?.Id as string;
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === 'web')?.ClientId;
  if (!clientId) {
    const c = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = c.UserPoolClient?.ClientId as string;
  }
  for (const group of GROUP_ROLES) {
    try {
      await cognito.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
    } catch {
      await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
    }
  }
  return { userPoolId, clientId };
}

/**
 * Lets the local web client sign in through a college's provider (decision 0063), as the stack's web client is set in
 * AWS (infra/lib/constructs/identity.ts): the authorization-code grant, the OpenID scopes, and `origins`' callback
 * page as its callback URLs (the server's port changes between starts, so they are set at each).
 */
export async function allowSsoCallbacks(pool: { userPoolId: string; clientId: string }, origins: readonly string[]): Promise<void> {
  const cognito = cognitoClient();
  const now = (await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: pool.userPoolId, ClientId: pool.clientId })))
    .UserPoolClient;
  await cognito.send(
    new UpdateUserPoolClientCommand({
      UserPoolId: pool.userPoolId,
      ClientId: pool.clientId,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      CallbackURLs: origins.map((o) => `${o}${SSO_CALLBACK_PAGE}`),
      SupportedIdentityProviders: now?.SupportedIdentityProviders?.length ? now.SupportedIdentityProviders : ['COGNITO'],
    }),
  );
}
