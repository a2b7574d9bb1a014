import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { OPENAPI_PATH, miswrittenApiPathFunctionCode } from '@attain/shared-types';
import { Construct } from 'constructs';
import { REPO_ROOT } from '../bundling.js';
import { BASIC_EXECUTION_FINDING, keepLogicalId, logicalIdOf } from '../nag.js';
import { privateBucketProps } from './storage.js';

export interface SiteProps {
  /** The API that CloudFront serves under `/api/*`. */
  api: IHttpApi;
  /** Named in the site's `config.json`, which tells the browser where to sign in. */
  userPool: cognito.IUserPool;
  webClient: cognito.IUserPoolClient;
  /** The user pool domain, where college sign-in runs (decision 0063); named in `config.json`. */
  oauthDomain: string;
  /** Receives the site bucket's access logs (`site/`) and CloudFront's logs (`cdn/`). */
  logBucket: s3.IBucket;
}

/**
 * The web site (docs/design.md "Shape"): the private site bucket, the CloudFront distribution over it (origin access
 * control; SPA routes answered with index.html) that also sends `/api/*` to the HTTP API uncached, and the deployment
 * of the built frontend (`frontend/dist`, when built) plus a generated `config.json`.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = new s3.Bucket(this, 'Bucket', privateBucketProps(props.logBucket, 'site/'));
    keepLogicalId(this.bucket, 'SiteE53D7754');

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // `/API/program` or `//api/program` is not `/api/*`: answered with the API's JSON 404, not the web page.
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'MiswrittenApiPath', {
              code: cloudfront.FunctionCode.fromInline(miswrittenApiPathFunctionCode()),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
              comment: 'JSON 404 for API paths written in another case or with doubled slashes',
            }),
          },
        ],
      },
      // The API document is a file of the site build (listed before `/api/*`, so it takes precedence).
      additionalBehaviors: {
        [OPENAPI_PATH]: {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          compress: true,
        },
        '/api/*': {
          origin: new origins.HttpOrigin(`${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
      // The SPA's routes (e.g. /configuration/department) are served index.html.
      errorResponses: [{ httpStatus: 403, responseHttpStatus: 200, responsePagePath: '/index.html', ttl: Duration.minutes(1) }],
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cdn/',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions::AwsSolutions-CFR1',
      reason: 'Colleges sign in from anywhere (faculty travel, visiting examiners); no geo restriction.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions::AwsSolutions-CFR2',
      reason: 'WAF is attached per deployment (WebACLs are account/region-specific and priced per college group); API throttling is on.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions::AwsSolutions-CFR4',
      reason:
        'The default CloudFront certificate is used until a college domain (with its ACM certificate and TLS 1.2 minimum) is attached.',
    });

    const sources = [
      s3deploy.Source.jsonData('config.json', {
        region: stack.region,
        userPoolId: props.userPool.userPoolId,
        userPoolClientId: props.webClient.userPoolClientId,
        // College sign-in (decision 0063): the pool domain the browser goes through, and the issuer its tokens name.
        oauthDomain: props.oauthDomain,
        oauthIssuer: `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${props.userPool.userPoolId}`,
      }),
    ];
    const built = join(REPO_ROOT, 'frontend', 'dist');
    if (existsSync(join(built, 'index.html'))) sources.unshift(s3deploy.Source.asset(built));
    new s3deploy.BucketDeployment(this, 'Deploy', {
      sources,
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    // The deployment's handler is a CDK-managed singleton at stack level.
    for (const child of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      Validations.of(child).acknowledge({
        id: BASIC_EXECUTION_FINDING,
        reason: 'CDK-managed site deployment handler: AWSLambdaBasicExecutionRole only writes its own logs.',
      });
      const wildcards = [
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        'Resource::*',
        `Resource::<${logicalIdOf(this.bucket)}.Arn>/*`,
        `Resource::arn:aws:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${stack.region}/*`,
      ];
      for (const w of wildcards) {
        Validations.of(child).acknowledge({
          id: `AwsSolutions::AwsSolutions-IAM5[${w}]`,
          reason:
            'CDK-managed site deployment handler: it copies the built site from the CDK asset bucket into the site bucket and ' +
            'invalidates CloudFront (which takes Resource *); these are the grants CDK gives it.',
        });
      }
      Validations.of(child).acknowledge({
        id: 'AwsSolutions::AwsSolutions-L1',
        reason: 'The CDK-managed BucketDeployment handler uses a runtime CDK pins; our own functions are nodejs22.x.',
      });
    }
  }
}
