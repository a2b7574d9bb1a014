import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS, CAMPUS, MAIL_ID, MESSAGE_ID, SAMPLES, mailPart, snsOf } from '../support/ses-event-samples.js';

process.env.TABLE_NAME = 'attain-test';
process.env.AWS_REGION = 'ap-south-1';
process.env.AWS_ACCESS_KEY_ID = 'test';
process.env.AWS_SECRET_ACCESS_KEY = 'test';
const TOPIC = 'arn:aws:sns:ap-south-1:123456789012:AttainMailEvents';
process.env.MAIL_EVENTS_TOPIC_ARN = TOPIC;
const { handler } = await import('../../src/lambdas/workers/mail-receipts.js');
const { readSesEvent } = await import('../../src/features/mail/ses-event.js');
const ddb = mockClient(DynamoDBDocumentClient);

/** The recipient as stored before the event: sent, with its SES message id. */
const stored = { address: ADDRESS, status: 'sent', message_id: MESSAGE_ID, index: 3, history: [] };

const moves = () =>
  ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems?.[0]?.Update?.ExpressionAttributeValues?.[':to']);
const suppressed = () => ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item as Record<string, string>);

describe('SES events read from recorded samples', () => {
  it.each([
    ['Send', 'sent', undefined],
    ['Delivery', 'delivered', undefined],
    ['Bounce', 'bounced', 'bounce'],
    ['Complaint', 'complained', 'complaint'],
    ['Reject', 'rejected', undefined],
    ['DeliveryDelay', 'delayed', undefined],
    ['Open', undefined, undefined],
    ['Click', undefined, undefined],
  ] as const)('%s moves the recipient to %s (suppression list: %s)', (type, status, suppress) => {
    const r = readSesEvent(JSON.stringify(SAMPLES[type]));
    expect(typeof r).toBe('object');
    expect(r).toMatchObject({ campus: CAMPUS, mailId: MAIL_ID, index: 3, address: ADDRESS, messageId: MESSAGE_ID, type });
    const got = r as { status?: string; suppress?: string };
    expect([got.status, got.suppress]).toEqual([status, suppress]);
  });
  it("takes SES's time of the event, and its words", () => {
    expect(readSesEvent(JSON.stringify(SAMPLES.Bounce))).toMatchObject({
      at: '2026-11-21T09:15:03.669Z',
      detail: 'Permanent bounce: General',
    });
    expect(readSesEvent(JSON.stringify(SAMPLES.Click))).toMatchObject({ detail: 'https://attain.example/s/abc' });
  });
  it("reads a bounce because the address is on SES's suppression list as suppressed, and a soft bounce as not for the list", () => {
    const onList = { ...SAMPLES.Bounce, bounce: { ...SAMPLES.Bounce.bounce, bounceSubType: 'OnAccountSuppressionList' } };
    expect(readSesEvent(JSON.stringify(onList))).toMatchObject({ status: 'suppressed', suppress: 'bounce' });
    const soft = { ...SAMPLES.Bounce, bounce: { ...SAMPLES.Bounce.bounce, bounceType: 'Transient', bounceSubType: 'MailboxFull' } };
    const r = readSesEvent(JSON.stringify(soft));
    expect(r).toMatchObject({ status: 'bounced' });
    expect((r as { suppress?: string }).suppress).toBeUndefined();
  });
  it('refuses what is not an SES event of ours: not JSON, a missing message id, an unknown type, no tags, two recipients', () => {
    expect(readSesEvent('not json')).toBe('not JSON');
    const noId = { ...SAMPLES.Delivery, mail: { ...mailPart(), messageId: undefined } };
    expect(readSesEvent(JSON.stringify(noId))).toMatch(/not an SES event: mail.messageId/);
    expect(readSesEvent(JSON.stringify({ ...SAMPLES.Send, eventType: 'Subscription' }))).toMatch(/not an SES event: eventType/);
    expect(readSesEvent(JSON.stringify({ ...SAMPLES.Send, mail: mailPart({ tags: { 'ses:configuration-set': ['x'] } }) }))).toMatch(
      /without Attain's campus, mail and recipient tags/,
    );
    const badCampus = mailPart({ tags: { tenant: ['a#b'], mail: [MAIL_ID], recipient: ['3'] } });
    expect(readSesEvent(JSON.stringify({ ...SAMPLES.Send, mail: badCampus }))).toMatch(/tags/);
    expect(readSesEvent(JSON.stringify({ ...SAMPLES.Send, mail: mailPart({ destination: [ADDRESS, 'b@x.example'] }) }))).toMatch(
      /2 recipients/,
    );
  });
});

describe('the receipts handler', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(UpdateCommand).resolves({ Attributes: stored });
    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(PutCommand).resolves({});
  });

  it("records a bounce on that campus's recipient, moves it to bounced and puts the address on that campus's suppression list", async () => {
    expect(await handler(snsOf([SAMPLES.Bounce]))).toEqual({ applied: 1, duplicate: 0, refused: 0 });
    const update = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(update.Key).toEqual({ PK: `T#${CAMPUS}#mail#${MAIL_ID}`, SK: 'R#000003' });
    expect(update.ConditionExpression).toMatch(/address = :addr/);
    expect(update.ConditionExpression).toMatch(/message_id = :mid/);
    expect(update.ExpressionAttributeValues?.[':ev']).toEqual([
      { event: 'bounce', at: '2026-11-21T09:15:03.669Z', detail: 'Permanent bounce: General' },
    ]);
    expect(moves()).toEqual(['bounced']);
    expect(suppressed()).toEqual([
      expect.objectContaining({ PK: `T#${CAMPUS}#suppression`, SK: ADDRESS, reason: 'bounce', mail: MAIL_ID }),
    ]);
  });
  it('moves a complaint after a delivery, and never moves a delivered recipient back for a late delay', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...stored, status: 'delivered' } });
    await handler(snsOf([SAMPLES.Complaint, SAMPLES.DeliveryDelay, SAMPLES.Send]));
    expect(moves()).toEqual(['complained']);
    expect(suppressed().map((i) => i.reason)).toEqual(['complaint']);
  });
  it('counts the first open of a recipient on the mail, not the second', async () => {
    ddb
      .on(UpdateCommand)
      .resolvesOnce({ Attributes: stored })
      .resolvesOnce({})
      .resolves({ Attributes: { ...stored, opened_at: 'x' } });
    await handler(snsOf([SAMPLES.Open]));
    await handler(snsOf([{ ...SAMPLES.Open, open: { ...SAMPLES.Open.open, timestamp: '2026-11-21T11:00:00.000Z' } }]));
    const counters = ddb.commandCalls(UpdateCommand).filter((c) => String(c.args[0].input.UpdateExpression).startsWith('ADD #c'));
    expect(counters).toHaveLength(1);
    expect(moves()).toEqual([]);
  });
  it('refuses a forged event: another campus, a recipient that is not there, or another message id; nothing is written', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    ddb.on(GetCommand).resolves({});
    const foreign = { ...SAMPLES.Bounce, mail: mailPart({ tags: { tenant: ['other'], mail: [MAIL_ID], recipient: ['3'] } }) };
    expect(await handler(snsOf([foreign]))).toEqual({ applied: 0, duplicate: 0, refused: 1 });
    ddb.on(GetCommand).resolves({ Item: { ...stored, message_id: 'another-message' } });
    expect(await handler(snsOf([SAMPLES.Complaint]))).toEqual({ applied: 0, duplicate: 0, refused: 1 });
    expect(moves()).toEqual([]);
    expect(suppressed()).toEqual([]);
  });
  it('records the same event delivered twice once', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    ddb.on(GetCommand).resolves({ Item: { ...stored, seen: new Set(['Delivery@2026-11-21T09:15:03.511Z']) } });
    expect(await handler(snsOf([SAMPLES.Delivery]))).toEqual({ applied: 0, duplicate: 1, refused: 0 });
    expect(moves()).toEqual([]);
  });
  it('refuses records from another SNS topic, and malformed ones, without touching the table', async () => {
    const summary = await handler({
      Records: [...snsOf([SAMPLES.Bounce], 'arn:aws:sns:ap-south-1:999999999999:Elsewhere').Records, ...snsOf(['{oops']).Records],
    });
    expect(summary).toEqual({ applied: 0, duplicate: 0, refused: 2 });
    expect(ddb.calls()).toHaveLength(0);
  });
});
