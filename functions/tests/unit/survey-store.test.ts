import { type AttributeValue, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'attain-test';
process.env.AWS_REGION = 'ap-south-1';
process.env.AWS_ACCESS_KEY_ID = 'test';
process.env.AWS_SECRET_ACCESS_KEY = 'test';
const { recordAnswer, recordSignedInAnswer } = await import('../../src/features/survey/survey-store.js');
const ddb = mockClient(DynamoDBDocumentClient);
const scope = { campus: 'campus-a', actor: 'student@a.example', access: 'read-write' as const };
const opts = { anonymous: false, at: '2026-11-20T05:00:00.000Z', day: '2026-11-20' };
const who = { invitee: 'student#s1', name: 'Anita Rao', email: 'anita@a.example', account: 'sub-2', slot: 'acct#x' };

/** The invitee's condition failed: the cancelled transaction returns the item as stored (low-level values), or none. */
const refusedWith = (item?: Record<string, AttributeValue>) =>
  ddb.on(TransactWriteCommand).rejects(
    new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'ConditionalCheckFailed', ...(item ? { Item: item } : {}) }, { Code: 'None' }],
    }),
  );

describe('a refused answer names the invitee as stored', () => {
  beforeEach(() => ddb.reset());

  it('through a link: whether they answered, where they came from and their group', async () => {
    refusedWith({ responded: { BOOL: true }, source: { S: 'Stakeholder' }, group: { S: 'Alumni' } });
    expect(await recordAnswer(scope, 'sv1', 'stakeholder#k1', { q1: 1 }, { ...opts, audience: 'Alumni' })).toMatchObject({
      recorded: false,
      invitee: { responded: true, source: 'Stakeholder', group: 'Alumni' },
    });
    refusedWith();
    expect(await recordAnswer(scope, 'sv1', 'stakeholder#k1', { q1: 1 }, { ...opts, audience: 'Alumni' })).toEqual({
      recorded: false,
      invitee: undefined,
    });
  });

  it('signed in: whether they answered, signed in or not, and from which account', async () => {
    refusedWith({ responded: { BOOL: true }, signed_in: { BOOL: true }, account: { S: 'sub-1' }, source: { S: 'Students' } });
    expect(await recordSignedInAnswer(scope, 'sv1', who, { q1: 1 }, opts)).toMatchObject({
      recorded: false,
      invitee: { responded: true, signed_in: true, account: 'sub-1' },
    });
    refusedWith({ responded: { BOOL: true }, source: { S: 'Students' } });
    expect(await recordSignedInAnswer(scope, 'sv1', who, { q1: 1 }, opts)).toMatchObject({
      recorded: false,
      invitee: { responded: true, signed_in: false },
    });
    refusedWith();
    expect(await recordSignedInAnswer(scope, 'sv1', who, { q1: 1 }, opts)).toEqual({ recorded: false, invitee: undefined });
  });
});
