import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { student } from '@attain/shared-types';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'attain-test';
process.env.AWS_REGION = 'ap-south-1';
process.env.AWS_ACCESS_KEY_ID = 'test';
process.env.AWS_SECRET_ACCESS_KEY = 'test';
const { createRecords } = await import('../../src/platform/store/records.js');
const ddb = mockClient(DynamoDBDocumentClient);
const scope = { campus: 'campus-a', actor: 'admin@a.example', access: 'read-write' as const };
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ curriculum: 'cur-1', roll_no: `R${i}`, name: `Student ${i}`, section: 'A' }));

describe('creating many records at once', () => {
  beforeEach(() => ddb.reset());
  it('puts each record with its unique guard and audit entry in transactions of at most 100 items', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const made = await createRecords(scope, student, rows(120));
    const sizes = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems?.length);
    expect(sizes.sort()).toEqual([63, 99, 99, 99]);
    const audits = ddb
      .commandCalls(TransactWriteCommand)
      .flatMap((c) => c.args[0].input.TransactItems ?? [])
      .filter((t) => t.Put?.Item?.entityType === 'audit');
    expect(audits).toHaveLength(120);
    expect(audits[0].Put?.Item).toMatchObject({ action: 'create', entity: 'student', user: 'admin@a.example', record_label: 'Student 0' });
    expect(audits[0].Put?.Item?.changes).toContainEqual({ field: 'roll_no', label: expect.any(String), new: 'R0' });
    expect(made).toHaveLength(120);
    expect(made[7]).toMatchObject({ roll_no: 'R7', version: 1, created_by: 'admin@a.example' });
    const guards = ddb
      .commandCalls(TransactWriteCommand)
      .flatMap((c) => c.args[0].input.TransactItems ?? [])
      .filter((t) => t.Put?.Item?.entityType === 'unique-guard');
    expect(guards).toHaveLength(120);
    expect(guards.every((g) => g.Put?.Item?.PK === 'T#campus-a#UNIQ' && g.Put.ConditionExpression === 'attribute_not_exists(PK)')).toBe(
      true,
    );
  });
  it('names the record whose roll number another save took meanwhile (409), as a single create would', async () => {
    // Three items per student (record, roll-number guard, audit entry): item 16 is the sixth student's guard.
    const reasons = Array.from({ length: 30 }, (_, i) => ({ Code: i === 16 ? 'ConditionalCheckFailed' : 'None' }));
    ddb
      .on(TransactWriteCommand)
      .rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: reasons }));
    await expect(createRecords(scope, student, rows(10))).rejects.toMatchObject({
      status: 409,
      fields: { roll_no: 'Already exists' },
      detail: 'Another student already has this roll number in this curriculum',
    });
  });
});
