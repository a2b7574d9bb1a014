import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'attain-test';
process.env.AWS_REGION = 'ap-south-1';
process.env.AWS_ACCESS_KEY_ID = 'test';
process.env.AWS_SECRET_ACCESS_KEY = 'test';
const { handler } = await import('../../src/handlers/mail-receipts.js');
const ddb = mockClient(DynamoDBDocumentClient);

const sns = (message: unknown) => ({ Records: [{ Sns: { Message: typeof message === 'string' ? message : JSON.stringify(message) } }] });
const puts = () => ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item as Record<string, string>);

describe('mail receipts', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(PutCommand).resolves({});
  });
  it("keeps each recipient's event under the mail's campus, and a bounce on that campus's suppression list", async () => {
    await handler(
      sns({
        eventType: 'Bounce',
        mail: { messageId: 'm-1', destination: ['a@x.example', 'B@x.example'], tags: { tenant: ['campus-a'] } },
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'B@x.example' }] },
      }),
    );
    const items = puts();
    expect(items.map((i) => i.PK)).toEqual(['T#campus-a#mail#m-1', 'T#campus-a#suppression']);
    expect(items[0]).toMatchObject({ recipient: 'b@x.example', event: 'bounce' });
    expect(items[1]).toMatchObject({ SK: 'b@x.example', reason: 'bounce' });
  });
  it('writes nothing for an event without a campus tag, or with a malformed one, or that is not JSON', async () => {
    await handler(sns({ eventType: 'Delivery', mail: { messageId: 'm-2', destination: ['a@x.example'] } }));
    await handler(sns({ eventType: 'Delivery', mail: { messageId: 'm-3', destination: ['a@x.example'], tags: { tenant: ['a#b'] } } }));
    await handler(sns('not json'));
    expect(puts()).toEqual([]);
  });
  it('a delivery to one campus never lands in another campus or a global partition', async () => {
    await handler(
      sns({
        eventType: 'Complaint',
        mail: { messageId: 'm-4', tags: { tenant: ['campus-b'] } },
        complaint: { complainedRecipients: [{ emailAddress: 'c@x.example' }] },
      }),
    );
    expect(puts().every((i) => i.PK.startsWith('T#campus-b#'))).toBe(true);
    expect(puts()).toHaveLength(2);
  });
});
