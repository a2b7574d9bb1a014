import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CRUD_ENTITIES, type Domain, GROUPS_CLAIM, ROLES, TABLE, TENANT_ATTRIBUTE, apiDomains, apiRoutes } from '@attain/shared-types';
import { CfnElement, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { BUNDLING, REPO_ROOT, handlerEntry } from './bundling.js';

/** cdk-nag's finding id for a role that uses AWSLambdaBasicExecutionRole (CloudWatch Logs for the function only). */
const BASIC_EXECUTION_FINDING = 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

/**
 * The whole of Attain in one stack (DESIGN.md "Shape"): the single table, the files and site buckets, the
 * Cognito user pool (groups = roles, `custom:tenant` = campus), an HTTP API with one route per `/api` path to
 * per-domain Lambdas, SES configuration-set events to the receipts Lambda, and CloudFront over the site with
 * `/api/*` sent to the API. Keys, routes and groups come from `@attain/shared-types`.
 */
export class AttainStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    // ---- storage -------------------------------------------------------------------------------------------
    const table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      globalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: { name: g.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: g.sortKey, type: dynamodb.AttributeType.STRING },
      })),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const logBucket = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(logBucket).acknowledge({ id: 'AwsSolutions::AwsSolutions-S1', reason: 'This is the access-log bucket itself; logging it into itself would loop.' });
    const bucketProps = (prefix: string): s3.BucketProps => ({
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: prefix,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const filesBucket = new s3.Bucket(this, 'Files', {
      ...bucketProps('files/'),
      cors: [{ allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.POST, s3.HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3000 }],
    });
    const siteBucket = new s3.Bucket(this, 'Site', bucketProps('site/'));

    // ---- identity ------------------------------------------------------------------------------------------
    const userPool = new cognito.UserPool(this, 'Users', {
      signInAliases: { email: true },
      selfSignUpEnabled: false,
      customAttributes: { [TENANT_ATTRIBUTE]: new cognito.StringAttribute({ mutable: false, minLen: 1, maxLen: 64 }) },
      passwordPolicy: { minLength: 10, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions::AwsSolutions-COG2',
      reason: 'MFA is optional (TOTP) so that colleges can roll it out user by user; campus admins can require it later.',
    });
    const webClient = userPool.addClient('Web', {
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    for (const role of ROLES) new cognito.CfnUserPoolGroup(this, `Group-${role}`, { userPoolId: userPool.userPoolId, groupName: role });

    // ---- API -----------------------------------------------------------------------------------------------
    const env = {
      TABLE_NAME: table.tableName,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: webClient.userPoolClientId,
      FILES_BUCKET: filesBucket.bucketName,
      NODE_OPTIONS: '--enable-source-maps',
    };
    const fn = (id: string, entry: string, size: { memorySize: number; timeout: Duration } = { memorySize: 512, timeout: Duration.seconds(29) }) => {
      const f = new NodejsFunction(this, id, {
        entry,
        handler: 'handler',
        runtime: lambda.Runtime.NODEJS_22_X,
        architecture: lambda.Architecture.ARM_64,
        memorySize: size.memorySize,
        timeout: size.timeout,
        environment: env,
        logGroup: new logs.LogGroup(this, `${id}Logs`, { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY }),
        bundling: {
          minify: BUNDLING.minify,
          target: BUNDLING.target,
          format: OutputFormat.ESM,
          externalModules: BUNDLING.externalModules,
          banner: BUNDLING.banner,
          sourceMap: false,
        },
        depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
        projectRoot: REPO_ROOT,
      });
      Validations.of(f).acknowledge({
        id: BASIC_EXECUTION_FINDING,
        reason: 'AWSLambdaBasicExecutionRole only allows writing this function\'s own CloudWatch logs.',
      });
      return f;
    };
    const indexFinding = `AwsSolutions::AwsSolutions-IAM5[Resource::<${this.getLogicalId(table.node.defaultChild as CfnElement)}.Arn>/index/*]`;
    const domainFns = new Map<Domain, NodejsFunction>();
    for (const domain of apiDomains()) {
      const f = fn(`Api-${domain}`, handlerEntry(domain));
      // Least privilege: data-plane access to the one table (and its indexes), nothing else.
      table.grantReadWriteData(f);
      Validations.of(f).acknowledge({
        id: indexFinding,
        reason: 'The only wildcard is `<table arn>/index/*`, which the grant adds so queries can use the table\'s own GSIs.',
      });
      domainFns.set(domain, f);
    }
    // Configuration > Users (served by the auth domain) creates Cognito users: these four admin actions on this pool only.
    const authFn = domainFns.get('auth');
    if (authFn) userPool.grant(authFn, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminAddUserToGroup');
    // Marks files: the attainment Lambda signs uploads under imports/; S3's ObjectCreated event runs the worker,
    // which may take minutes for 10,000 students (DESIGN.md: never through one 30 s request).
    const importObjects = filesBucket.arnForObjects('imports/*');
    const importsFinding = `AwsSolutions::AwsSolutions-IAM5[Resource::<${this.getLogicalId(filesBucket.node.defaultChild as CfnElement)}.Arn>/imports/*]`;
    const attainmentFn = domainFns.get('attainment');
    if (attainmentFn) {
      attainmentFn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [importObjects] }));
      Validations.of(attainmentFn).acknowledge({ id: importsFinding, reason: 'Signs presigned uploads of import files, named imports/<campus>/marks/<occasion>/<job>.csv per upload: s3:PutObject on that prefix only.' });
    }
    const marksImport = fn('MarksImport', handlerEntry('marks-import'), { memorySize: 1024, timeout: Duration.minutes(15) });
    table.grantReadWriteData(marksImport);
    marksImport.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [importObjects] }));
    filesBucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(marksImport), { prefix: 'imports/', suffix: '.csv' });
    Validations.of(marksImport).acknowledge({ id: indexFinding, reason: 'The only table wildcard is `<table arn>/index/*`, added by the grant for the table\'s own GSIs.' });
    Validations.of(marksImport).acknowledge({ id: importsFinding, reason: 'Reads the uploaded import files, named imports/<campus>/marks/<occasion>/<job>.csv per upload: s3:GetObject on that prefix only.' });
    for (const child of this.node.children.filter((c) => c.node.id.startsWith('BucketNotificationsHandler'))) {
      Validations.of(child).acknowledge({ id: BASIC_EXECUTION_FINDING, reason: 'CDK-managed handler that configures the files bucket\'s S3 notification: AWSLambdaBasicExecutionRole only writes its own logs.' });
    }
    const api = new HttpApi(this, 'Api', {
      description: 'Attain API: one route per /api path',
      createDefaultStage: true,
    });
    const integrations = new Map<Domain, HttpLambdaIntegration>();
    for (const [domain, f] of domainFns) integrations.set(domain, new HttpLambdaIntegration(`Int-${domain}`, f));
    for (const r of apiRoutes()) {
      api.addRoutes({ path: r.path, methods: [HttpMethod.ANY], integration: integrations.get(r.domain) as HttpLambdaIntegration });
    }
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    const stage = api.defaultStage?.node.defaultChild as import('aws-cdk-lib/aws-apigatewayv2').CfnStage;
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', method: '$context.httpMethod', path: '$context.path', status: '$context.status', latency: '$context.responseLatency' }),
    };
    stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };
    Validations.of(api).acknowledge({
      id: 'AwsSolutions::AwsSolutions-APIG4',
      reason: `Every route except POST /api/auth/login verifies the Cognito ID token inside the Lambda (issuer, audience, signature, expiry) and reads the campus (${'custom:' + TENANT_ATTRIBUTE}) and role (${GROUPS_CLAIM}) from it; a gateway authorizer would verify it twice.`,
    });

    // ---- mail ----------------------------------------------------------------------------------------------
    const mailEvents = new sns.Topic(this, 'MailEvents', { enforceSSL: true, masterKey: undefined });
    const configSet = new ses.ConfigurationSet(this, 'MailConfigSet', { reputationMetrics: true, sendingEnabled: true });
    configSet.addEventDestination('ToReceipts', {
      destination: ses.EventDestination.snsTopic(mailEvents),
      events: [ses.EmailSendingEvent.SEND, ses.EmailSendingEvent.DELIVERY, ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT, ses.EmailSendingEvent.REJECT, ses.EmailSendingEvent.DELIVERY_DELAY],
    });
    const receipts = fn('MailReceipts', handlerEntry('mail-receipts'));
    table.grantWriteData(receipts);
    mailEvents.addSubscription(new subs.LambdaSubscription(receipts));
    Validations.of(mailEvents).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason: 'The topic carries SES delivery events (addresses and status, no message bodies); SSE with the AWS-managed key would block SES from publishing.',
    });
    Validations.of(receipts).acknowledge({ id: indexFinding, reason: 'Write access includes `<table arn>/index/*`, added by the grant for the table\'s own GSIs.' });

    // ---- site ----------------------------------------------------------------------------------------------
    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(`${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
      // The SPA's routes (e.g. /configuration/department) are served index.html.
      errorResponses: [{ httpStatus: 403, responseHttpStatus: 200, responsePagePath: '/index.html', ttl: Duration.minutes(1) }],
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cdn/',
    });
    Validations.of(distribution).acknowledge({ id: 'AwsSolutions::AwsSolutions-CFR1', reason: 'Colleges sign in from anywhere (faculty travel, visiting examiners); no geo restriction.' });
    Validations.of(distribution).acknowledge({ id: 'AwsSolutions::AwsSolutions-CFR2', reason: 'WAF is attached per deployment (WebACLs are account/region-specific and priced per college group); API throttling is on.' });
    Validations.of(distribution).acknowledge({ id: 'AwsSolutions::AwsSolutions-CFR4', reason: 'The default CloudFront certificate is used until a college domain (with its ACM certificate and TLS 1.2 minimum) is attached.' });

    const siteSources = [
      s3deploy.Source.jsonData('config.json', { region: this.region, userPoolId: userPool.userPoolId, userPoolClientId: webClient.userPoolClientId }),
    ];
    const built = join(REPO_ROOT, 'frontend', 'dist');
    if (existsSync(join(built, 'index.html'))) siteSources.unshift(s3deploy.Source.asset(built));
    const deployment = new s3deploy.BucketDeployment(this, 'DeploySite', { sources: siteSources, destinationBucket: siteBucket, distribution, distributionPaths: ['/*'], memoryLimit: 512 });
    // The deployment's handler is a CDK-managed singleton at stack level.
    for (const child of this.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      Validations.of(child).acknowledge({ id: BASIC_EXECUTION_FINDING, reason: 'CDK-managed site deployment handler: AWSLambdaBasicExecutionRole only writes its own logs.' });
      const wildcards = ['Action::s3:Abort*', 'Action::s3:DeleteObject*', 'Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*', 'Resource::*',
        `Resource::<${this.getLogicalId(siteBucket.node.defaultChild as CfnElement)}.Arn>/*`, `Resource::arn:aws:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${this.region}/*`];
      for (const w of wildcards) {
        Validations.of(child).acknowledge({ id: `AwsSolutions::AwsSolutions-IAM5[${w}]`, reason: 'CDK-managed site deployment handler: it copies the built site from the CDK asset bucket into the site bucket and invalidates CloudFront (which takes Resource *); these are the grants CDK gives it.' });
      }
    }
    Validations.of(this).acknowledge({ id: 'AwsSolutions::AwsSolutions-L1', reason: 'Only the CDK-managed BucketDeployment handler uses a runtime CDK pins; our functions are nodejs22.x.' });

    new CfnOutput(this, 'Url', { value: `https://${distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'EntityCount', { value: String(CRUD_ENTITIES.length) });
  }
}
