import { type ApiRoute, CRUD_ENTITIES, apiRoutes } from '@attain/shared-types';
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { AttainFunction } from './attain-function.js';
import { grantRecordsAccess } from './audit-guard.js';
import { handlerEntry } from './bundling.js';
import { Api } from './constructs/api.js';
import { Identity } from './constructs/identity.js';
import { Mail } from './constructs/mail.js';
import { MarksImport } from './constructs/marks-import.js';
import { Operations } from './constructs/operations.js';
import { Results } from './constructs/results.js';
import { Site } from './constructs/site.js';
import { Storage } from './constructs/storage.js';
import { Summaries } from './constructs/summaries.js';
import { accountWildcardFinding, arnWildcardFinding } from './nag.js';

/**
 * The API domains that queue results jobs: those whose writes change course inputs and so queue results to be computed
 * again (COs, occasions, papers, the matrix, marks, the method, survey answers and paper counts, a program's POs moved
 * to its format), and those whose reads store a course's results computed again (the SAR's reports, the survey
 * results), which queues its students' own results, as a save of the improvement plan (reports) does. Each gets the
 * results queue's URL and may send to it. A domain whose bundle can queue a results job must be one (infra test).
 */
export const RESULTS_WRITER_DOMAINS = [
  'curriculum',
  'assessments',
  'attainment',
  'marks',
  'survey',
  'survey-hosting',
  'sar-figures',
  'reports',
  'survey-results',
] as const;

export interface AttainStackProps extends StackProps {
  /** The API's routes; default `apiRoutes()` from shared-types (tests pass more to measure growth). */
  routes?: ApiRoute[];
}

/**
 * The whole of Attain in one stack (docs/design.md "Shape"), one construct per concern under `constructs/`:
 * storage (the single table, the files and access-log buckets), identity (Cognito: groups = roles,
 * `custom:tenant` = campus), api (HTTP API, one route per `/api` path to per-domain Lambdas), marks-import (S3 upload
 * -> worker), mail (SES configuration-set events -> SNS -> receipts Lambda), results (queue -> worker), summaries
 * (changes -> queue -> the campus summaries Lambda, which the group Lambda also invokes), operations (alarms to an SNS
 * topic) and site (CloudFront over the site bucket, `/api/*` sent to the API). Keys, routes and groups come from `@attain/shared-types`.
 */
export class AttainStack extends Stack {
  constructor(scope: Construct, id: string, props: AttainStackProps = {}) {
    super(scope, id, props);

    const storage = new Storage(this, 'Storage', {
      restoredTableName: String(this.node.tryGetContext('restoredTableName') ?? '') || undefined,
    });
    const identity = new Identity(this, 'Identity');
    const environment = {
      TABLE_NAME: storage.table.tableName,
      USER_POOL_ID: identity.userPool.userPoolId,
      USER_POOL_CLIENT_ID: identity.webClient.userPoolClientId,
      FILES_BUCKET: storage.filesBucket.bucketName,
      NODE_OPTIONS: '--enable-source-maps',
    };
    const api = new Api(this, 'Api', {
      routes: props.routes ?? apiRoutes(),
      table: storage.table,
      userPool: identity.userPool,
      environment,
    });
    // Photos and attachments: the faculty domain signs uploads and downloads under files/, reads an upload's
    // first bytes to check its type, and deletes what it refuses.
    const files = api.functions.get('faculty');
    if (files) {
      files.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
          resources: [storage.filesBucket.arnForObjects('files/*')],
        }),
      );
      Validations.of(files).acknowledge({
        id: arnWildcardFinding(storage.filesBucket, 'files/*'),
        reason: 'Signs, checks and deletes uploads named files/<campus>/<user>/<upload id>: object actions on that prefix only.',
      });
    }
    const marksImport = new MarksImport(this, 'MarksImport', {
      table: storage.table,
      filesBucket: storage.filesBucket,
      uploader: api.functions.get('marks'),
      environment,
    });
    const mail = new Mail(this, 'Mail', {
      table: storage.table,
      filesBucket: storage.filesBucket,
      // Send Mail (utilities), Add User's invitation (auth), survey invitations (survey-hosting) and a new campus's
      // first admin's invitation (group) queue mail.
      senders: (['utilities', 'auth', 'survey-hosting', 'group'] as const).flatMap((d) => api.functions.get(d) ?? []),
      environment,
      mailFrom: String(this.node.tryGetContext('mailFrom') ?? ''),
    });
    const results = new Results(this, 'Results', {
      table: storage.table,
      // The domains whose writes change course inputs (`RESULTS_WRITER_DOMAINS`), and the marks import worker.
      writers: [...RESULTS_WRITER_DOMAINS.flatMap((d) => api.functions.get(d) ?? []), marksImport.worker],
      environment,
    });
    // College sign-in (decision 0063): the sign-in rule, as the pool's pre sign-up and pre token generation triggers.
    const signInTriggers = new AttainFunction(this, 'SignInTriggers', {
      entry: handlerEntry('sign-in-triggers'),
      // Cognito waits 5 s for a trigger, then retries it once and fails the sign-in.
      timeout: Duration.seconds(5),
      environment: { TABLE_NAME: storage.table.tableName, NODE_OPTIONS: environment.NODE_OPTIONS },
    });
    // It reads the provider, the identity's link, the person's access and campus, and writes the link and its audit
    // entry (and an opened domain's new profile).
    grantRecordsAccess(signInTriggers, storage.table);
    // The pool cannot be named here: it names this function as its trigger, and a policy naming the pool would make a
    // cycle (pool -> function -> its policy -> pool). The pool's id comes with each event.
    const anyPool = this.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' });
    signInTriggers.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminListGroupsForUser',
          // A faculty account for a new address of a domain the campus's admin opened.
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminAddUserToGroup',
        ],
        resources: [anyPool],
      }),
    );
    Validations.of(signInTriggers).acknowledge({
      id: accountWildcardFinding(this, 'cognito-idp', 'userpool/*'),
      reason:
        'The sign-in triggers cannot name their own pool (a cycle); they read users and groups, ' +
        "and make opened domains' accounts, in this account's pools in this Region.",
    });
    identity.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, signInTriggers);
    identity.userPool.addTrigger(cognito.UserPoolOperation.PRE_TOKEN_GENERATION, signInTriggers);
    const summaries = new Summaries(this, 'Summaries', {
      table: storage.table,
      // The group roll-up and the dashboards (both served by the group domain) read the campuses' summaries.
      readers: (['group'] as const).flatMap((d) => api.functions.get(d) ?? []),
      // Every function with the records store stamps the campuses it writes (`noteCampusChange`).
      writers: [...api.functions.values(), marksImport.worker, mail.sender, mail.receipts, results.worker, signInTriggers],
      environment,
    });
    // The summaries worker computes stale courses with the campus pages' services, which store them and queue their
    // students' own results.
    results.queue.grantSendMessages(summaries.worker);
    summaries.worker.addEnvironment('RESULTS_QUEUE_URL', results.queue.queueUrl);
    const operations = new Operations(this, 'Operations', {
      deadLetters: { results: results.deadLetters, 'bulk mail': mail.deadLetters, 'campus summaries': summaries.deadLetters },
      api: api.httpApi,
      table: storage.table,
      mailSender: mail.sender,
      alarmEmail: String(this.node.tryGetContext('alarmEmail') ?? ''),
    });
    const site = new Site(this, 'Site', {
      api: api.httpApi,
      userPool: identity.userPool,
      webClient: identity.webClient,
      oauthDomain: identity.domainUrl,
      logBucket: storage.logBucket,
    });

    // Links mailed to people (invitations, reset links, survey links) open the site: its own address (context `siteUrl`
    // for a custom domain), never what a request's Origin header says.
    const siteUrl = String(this.node.tryGetContext('siteUrl') ?? '') || `https://${site.distribution.distributionDomainName}`;
    for (const f of api.functions.values()) f.addEnvironment('SITE_URL', siteUrl);
    // A new API key's answer says where its machine gets tokens: the pool domain's token endpoint.
    api.functions.get('auth')?.addEnvironment('TOKEN_URL', identity.tokenUrl);
    // College sign-in (decision 0063): back to the site's own callback page only.
    identity.allowSignInFrom(siteUrl);

    new CfnOutput(this, 'Url', { value: `https://${site.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: api.httpApi.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: storage.table.tableName });
    new CfnOutput(this, 'UserPoolId', { value: identity.userPool.userPoolId });
    new CfnOutput(this, 'AlarmsTopicArn', { value: operations.topic.topicArn });
    new CfnOutput(this, 'EntityCount', { value: String(CRUD_ENTITIES.length) });
  }
}
