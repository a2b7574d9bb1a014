/**
 * The AWS on-demand prices `npm run cost` uses, one line per billed unit, each with the page it is read from.
 *
 * Region: US East (N. Virginia), us-east-1. Attain deploys to ap-south-1 (Mumbai), but this machine reaches no AWS
 * price list, and the Mumbai figures could not be read from any page at hand; us-east-1's are the ones AWS and
 * secondary pages print. Mumbai's differ (most are a little higher): put its figures here, with their page and the
 * date read, before quoting a bill. CloudFront is the exception: its India line is printed on its pricing page.
 * Free tiers are left out on purpose: a subscriber's account pays from the first unit once it is past them.
 * `as_of` is when the page was read (its own date when it states one).
 */
export interface Price {
  /** US dollars per `per` units. */
  usd: number;
  /** How many units the price is for (1 for a GB-month, 1,000,000 for "per million requests"). */
  per: number;
  unit: string;
  source: string;
  as_of: string;
  /**
   * Whether the figure was read on `source` when this sheet was written. false: AWS's long-published figure for that
   * line, not found on any page at hand here; confirm it before quoting a bill (`npm run cost` marks those lines).
   */
  checked: boolean;
}

/** The price sheet: its region and one `Price` per billed unit. */
export interface PriceSheet {
  region: string;
  prices: Readonly<Record<PriceKey, Price>>;
}

export type PriceKey =
  | 'lambdaRequest'
  | 'lambdaArmGbSecond'
  | 'httpApiRequest'
  | 'dynamoWru'
  | 'dynamoRru'
  | 'dynamoStorageGbMonth'
  | 's3StorageGbMonth'
  | 's3Put'
  | 's3Get'
  | 'sesEmail'
  | 'sqsRequest'
  | 'cloudFrontGbIndia'
  | 'cloudFrontHttpsRequest'
  | 'cloudWatchLogsGb'
  | 'cloudWatchAlarmMonth';

export const PRICES: PriceSheet = {
  region: 'us-east-1 (US East, N. Virginia); CloudFront: deliveries to India',
  prices: {
    lambdaRequest: {
      usd: 0.2,
      per: 1_000_000,
      unit: 'Lambda requests',
      source: 'https://docs.aws.amazon.com/whitepapers/latest/how-aws-pricing-works/lambda.html',
      as_of: '2026-11-28',
      checked: true,
    },
    lambdaArmGbSecond: {
      usd: 0.0000133334,
      per: 1,
      unit: 'Lambda GB-second, Arm (first 7.5 billion GB-s a month)',
      source: 'https://cloudchipr.com/blog/aws-lambda-pricing (AWS Lambda pricing, as published there)',
      as_of: '2026-11-28',
      checked: true,
    },
    httpApiRequest: {
      usd: 1.0,
      per: 1_000_000,
      unit: 'API Gateway HTTP API requests (first 300 million a month)',
      source: 'https://www.learnaws.org/2021/01/10/api-gateway-pricing/ (us-east-1 table, as published there)',
      as_of: '2026-11-28',
      checked: true,
    },
    dynamoWru: {
      usd: 0.625,
      per: 1_000_000,
      unit: 'DynamoDB on-demand write request units (Standard table class)',
      source:
        'https://airbyte.com/data-engineering-resources/dynamodb-pricing (US East, after the November 2024 reduction, as published there, 21/07/2025)',
      as_of: '2025-07-21',
      checked: true,
    },
    dynamoRru: {
      usd: 0.125,
      per: 1_000_000,
      unit: 'DynamoDB on-demand read request units (Standard table class)',
      source: 'https://airbyte.com/data-engineering-resources/dynamodb-pricing (as above)',
      as_of: '2025-07-21',
      checked: true,
    },
    dynamoStorageGbMonth: {
      usd: 0.25,
      per: 1,
      unit: 'DynamoDB storage, GB-month (Standard table class)',
      source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
      as_of: '2026-11-28',
      checked: false,
    },
    s3StorageGbMonth: {
      usd: 0.023,
      per: 1,
      unit: 'S3 Standard storage, GB-month (first 50 TB)',
      source: 'https://aws.amazon.com/s3/pricing/',
      as_of: '2026-11-28',
      checked: false,
    },
    s3Put: {
      usd: 0.005,
      per: 1000,
      unit: 'S3 PUT, COPY, POST, LIST requests',
      source: 'https://aws.amazon.com/s3/pricing/',
      as_of: '2026-11-28',
      checked: false,
    },
    s3Get: {
      usd: 0.0004,
      per: 1000,
      unit: 'S3 GET requests',
      source: 'https://aws.amazon.com/s3/pricing/',
      as_of: '2026-11-28',
      checked: false,
    },
    sesEmail: {
      usd: 0.1,
      per: 1000,
      unit: 'SES outbound e-mails',
      source: 'https://www.acecloudinterviews.com/tutorials/aws/ses/ ("$0.10 per thousand emails", as published there)',
      as_of: '2026-11-28',
      checked: true,
    },
    sqsRequest: {
      usd: 0.4,
      per: 1_000_000,
      unit: 'SQS standard queue requests (64 KB chunks)',
      source: 'https://aws.amazon.com/sqs/pricing/',
      as_of: '2026-11-28',
      checked: false,
    },
    cloudFrontGbIndia: {
      usd: 0.109,
      per: 1,
      unit: 'CloudFront data transfer out to the internet, India, first 10 TB (GB)',
      source: 'http://aws.amazon.com/cloudfront/pricing (Regional Data Transfer Out to Internet, India column)',
      as_of: '2026-11-28',
      checked: true,
    },
    cloudFrontHttpsRequest: {
      usd: 0.012,
      per: 10_000,
      unit: 'CloudFront HTTPS requests, India',
      source: 'http://aws.amazon.com/cloudfront/pricing',
      as_of: '2026-11-28',
      checked: false,
    },
    cloudWatchLogsGb: {
      usd: 0.5,
      per: 1,
      unit: 'CloudWatch Logs ingested (GB)',
      source: 'https://go-cloud.io/aws-api-gateway-pricing ("$0.50 per GB ingested", as published there)',
      as_of: '2026-11-28',
      checked: true,
    },
    cloudWatchAlarmMonth: {
      usd: 0.1,
      per: 1,
      unit: 'CloudWatch standard-resolution alarm, alarm-month',
      source: 'https://aws.amazon.com/cloudwatch/pricing/',
      as_of: '2026-11-28',
      checked: false,
    },
  },
};
