import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeMarks } from '../../src/features/marks/marks-store.js';

const ddb = mockClient(DynamoDBDocumentClient);
const scope = { campus: 'campus-a', actor: 'admin@campus-a.example', access: 'read-write' as const };

beforeEach(() => {
  ddb.reset();
  // Each call answers after a moment, as DynamoDB does, so the parallel workers overlap.
  ddb.on(BatchWriteCommand).callsFake(async () => {
    await new Promise((r) => setTimeout(r, 1));
    return { UnprocessedItems: {} };
  });
});

describe('writeMarks counts what it does (the bench prints these figures)', () => {
  it('reports every BatchWriteItem call and item of 8 parallel workers: 1,000 students are 40 calls', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ student: `s${i}`, marks: { 1: i % 10 } }));
    const stats = await writeMarks(scope, 'occ-1', rows);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(40);
    expect(stats).toEqual({ items: 1000, calls: 40 });
  });
});
