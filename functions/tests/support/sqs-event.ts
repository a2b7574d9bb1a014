import type { SQSEvent } from 'aws-lambda';

/** An SQS delivery to a worker Lambda of the given bodies, message ids `m0`, `m1`, ... */
export const sqsOf = (bodies: readonly string[], queue = 'attain-mail'): SQSEvent => ({
  Records: bodies.map((body, i) => ({
    messageId: `m${i}`,
    receiptHandle: `r${i}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '1764000000000',
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: '1764000000000',
    },
    messageAttributes: {},
    md5OfBody: 'x',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:ap-south-1:123456789012:${queue}`,
    awsRegion: 'ap-south-1',
  })),
});
