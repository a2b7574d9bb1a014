import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { courseWithOneCo, occasionWithPaper } from '../support/course-setup.js';

/**
 * Issue 10, cases 4, 5 and 8: one save of an occasion's marks at a time whichever path it takes (file, grid,
 * worker), a save or import that dies is seen as such and can be redone, and uploaded files are checked by the
 * server. Runs against the integration stack; its DynamoDB is reached directly only to play a crashed save.
 */
const base = inject('stackUrl');
const users = inject('users');
const env = inject('stackEnv');
let admin: ReturnType<typeof client>;
let token: string;
let occasionId: string;
let courseId: string;
let programId: string;
const STUDENTS = 30;

const upload = (csv: string, occ = occasionId) =>
  fetch(`${base}/api/marks/${occ}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
/** A whole-class file where every mark is `k` (so the stored marks show which file they came from). */
const fileOf = (k: number) => ['roll_no,1,2,3', ...Array.from({ length: STUDENTS }, (_, i) => `MS${i},${k},${k},${k}`)].join('\n');
const storedMarks = async () =>
  (await admin.get(`/api/marks/${occasionId}`)).body.data.rows.map((r: { marks: Record<string, number> }) => r.marks);

/** Plays a crashed save or import by writing the table directly (as a killed process would have left it). */
async function patchDocument(kind: string, id: string, set: Record<string, unknown>) {
  Object.assign(process.env, env);
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region: 'ap-south-1' }));
  const names = Object.fromEntries(Object.keys(set).map((k, i) => [`#a${i}`, k]));
  const values = Object.fromEntries(Object.values(set).map((v, i) => [`:a${i}`, v]));
  await ddb.send(
    new UpdateCommand({
      TableName: env.TABLE_NAME,
      Key: { PK: `T#demo#${kind}`, SK: id },
      UpdateExpression: `SET ${Object.keys(set)
        .map((_, i) => `#a${i} = :a${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/**
 * Waits until the results worker has done with the course: its results computed after its last change, and its
 * students' own results after that (decision 0057). Both read the marks, and a read settles a save that died, so the
 * test's own read must come after theirs. The course's job runs inside the save on the local stack, its students' job
 * after it in the background (as both do in AWS).
 */
async function resultsSettled(): Promise<void> {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient, GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region: 'ap-south-1' }));
  for (;;) {
    const stamp = (
      await ddb.send(
        new GetCommand({
          TableName: env.TABLE_NAME,
          Key: { PK: `T#demo#attainment-result#${programId}`, SK: `inputs#${courseId}` },
          ConsistentRead: true,
        }),
      )
    ).Item;
    const computed = stamp?.computed_at && stamp.computed_at >= (stamp.changed_at ?? '');
    if (computed && stamp?.students_at && stamp.students_at >= stamp.computed_at) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
  const { curriculum: cur, course, co, bloom, program } = await courseWithOneCo(admin, 'Marks saves', 'MS1');
  courseId = course.id;
  programId = program.id;
  const roster = ['roll_no,name,section', ...Array.from({ length: STUDENTS }, (_, i) => `MS${i},Student ${i},A`)].join('\n');
  const r = await fetch(`${base}/api/import/students?curriculum=${cur.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: roster,
  });
  expect(r.status).toBe(200);
  occasionId = (await occasionWithPaper(admin, { course: course.id, co: co.id, bloom }, 'ISE saves', 3, 10)).id;
});

describe('one save of an occasion at a time', () => {
  it('ten parallel uploads of ten different files leave the marks of exactly one whole file, in every burst', async () => {
    for (let burst = 0; burst < 5; burst++) {
      const files = Array.from({ length: 10 }, (_, i) => 1 + ((burst * 10 + i) % 10));
      const answers = await Promise.all(files.map((k) => upload(fileOf(k))));
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.every((s) => s === 200 || s === 409),
        statuses.join(','),
      ).toBe(true);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      for (const a of answers) if (a.status === 409) expect((await a.json()).errors.detail).toMatch(/reload and try again/);
      const marks = await storedMarks();
      expect(marks).toHaveLength(STUDENTS);
      const values = new Set(marks.flatMap((m: Record<string, number>) => Object.values(m)));
      // One file's marks, whole: a single value throughout, and it is one a successful save sent.
      expect(values.size, `burst ${burst}: ${[...values].join(',')}`).toBe(1);
      const winners = files.filter((_, i) => statuses[i] === 200);
      expect(winners).toContain([...values][0]);
    }
  });
  it('a grid save that started from an older version is refused with 409 and changes nothing', async () => {
    const sheet = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    expect((await upload(fileOf(3))).status).toBe(200);
    const stale = await admin.put(`/api/marks/${occasionId}`, {
      version: sheet.version,
      rows: [{ student: sheet.students[0].id, marks: { 1: 9 } }],
    });
    expect(stale.status).toBe(409);
    expect(new Set((await storedMarks()).flatMap((m: Record<string, number>) => Object.values(m)))).toEqual(new Set([3]));
  });
  it('an import job opened before another save is stale: it fails with a reason and writes nothing', async () => {
    const opened = await admin.post(`/api/marks/${occasionId}/upload-url`, { file_name: 'late.csv' });
    expect(opened.status).toBe(201);
    expect((await upload(fileOf(4))).status).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries(opened.body.data.upload.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([fileOf(5)], { type: 'text/csv' }), 'late.csv');
    expect((await fetch(opened.body.data.upload.url, { method: 'POST', body: form })).ok).toBe(true);
    let job = opened.body.data.job;
    while (!['done', 'failed'].includes(job.status)) job = (await admin.get(`/api/import-job/${job.id}`)).body.data;
    expect(job.status).toBe('failed');
    expect(job.detail).toMatch(/reload and try again/);
    expect(new Set((await storedMarks()).flatMap((m: Record<string, number>) => Object.values(m)))).toEqual(new Set([4]));
  });
});

describe('a save or import that dies is seen, said and can be redone', () => {
  it('a save that died before saves were logged reads as interrupted on the marks page and in attainment, and the next save completes it', async () => {
    expect((await upload(fileOf(6))).status).toBe(200);
    // What a save killed half-way leaves: a claim whose lease has run out, never completed.
    await patchDocument('marks-sheet', occasionId, {
      writing_by: 'killed-save',
      writing_until: new Date(Date.now() - 1000).toISOString(),
      complete: false,
    });
    expect((await admin.get(`/api/marks/${occasionId}`)).body.data.state).toBe('interrupted');
    const result = (await admin.get(`/api/attainment/course/${courseId}`)).body.data.result;
    expect(result.notes.join(' ')).toMatch(/ISE saves: the last save of its marks did not finish/);
    expect((await upload(fileOf(7))).status).toBe(200);
    expect((await admin.get(`/api/marks/${occasionId}`)).body.data.state).toBe('saved');
    expect((await admin.get(`/api/attainment/course/${courseId}`)).body.data.result.notes.join(' ')).not.toMatch(/did not finish/);
  });
  it('a save killed half-way is undone: the sheet has the marks of before it, says so, and the next save works', async () => {
    expect((await upload(fileOf(4))).status).toBe(200);
    await resultsSettled();
    const before = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    const [first, second] = before.students as { id: string }[];
    // What a save of 5s killed after two rows leaves: its claim (lease run out), its undo log, and two rows written.
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { DynamoDBDocumentClient, BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region: 'ap-south-1' }));
    const marks = (k: number) => ({ 1: k, 2: k, 3: k });
    const put = (Item: Record<string, unknown>) => ({ PutRequest: { Item } });
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: {
          [String(env.TABLE_NAME)]: [
            put({ PK: `T#demo#marks-undo#${occasionId}`, SK: `killed#${first.id}`, student: first.id, had: true, marks: marks(4) }),
            put({ PK: `T#demo#marks-undo#${occasionId}`, SK: `killed#${second.id}`, student: second.id, had: true, marks: marks(4) }),
            put({ PK: `T#demo#marks#${occasionId}`, SK: first.id, entityType: 'marks', marks: marks(5) }),
            put({ PK: `T#demo#marks#${occasionId}`, SK: second.id, entityType: 'marks', marks: marks(5) }),
          ],
        },
      }),
    );
    await patchDocument('marks-sheet', occasionId, {
      writing_by: 'killed',
      writing_until: new Date(Date.now() - 1000).toISOString(),
      complete: false,
      undo_log: true,
    });
    const after = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    expect(after.state).toBe('undone');
    expect(after.rows).toEqual(before.rows);
    expect(new Set((await storedMarks()).map((m: Record<string, number>) => m[1]))).toEqual(new Set([4]));
    expect((await admin.get(`/api/attainment/course/${courseId}`)).body.data.result.notes.join(' ')).not.toMatch(/did not finish/);
    expect((await upload(fileOf(6))).status).toBe(200);
    expect((await admin.get(`/api/marks/${occasionId}`)).body.data.state).toBe('saved');
    expect(new Set((await storedMarks()).map((m: Record<string, number>) => m[1]))).toEqual(new Set([6]));
    // A finished save leaves no undo log behind (nor does the undone one).
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const log = await ddb.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `T#demo#marks-undo#${occasionId}` },
      }),
    );
    expect(log.Items ?? []).toEqual([]);
  });
  it('a save that was only slow can neither renew nor finish once its lease ran out and a reader undid it', async () => {
    Object.assign(process.env, env);
    const { resetConfig } = await import('../../src/platform/lib/config.js');
    const { resetClients } = await import('../../src/platform/lib/aws.js');
    resetConfig();
    resetClients();
    const { completeClaim, renewClaim } = await import('../../src/features/marks/sheet-claim-store.js');
    const scope = { campus: 'demo', actor: users.demoAdmin.email, access: 'read-write' as const };
    await patchDocument('marks-sheet', occasionId, {
      writing_by: 'slow',
      writing_until: new Date(Date.now() - 1000).toISOString(),
      complete: false,
      undo_log: true,
    });
    // Its lease has run out: it may not renew, even before anyone reads the sheet.
    await expect(renewClaim(scope, occasionId, 'slow')).rejects.toThrow(/took too long/);
    expect((await admin.get(`/api/marks/${occasionId}`)).body.data.state).toBe('undone');
    await expect(completeClaim(scope, occasionId, 'slow')).rejects.toThrow(/took too long/);
    expect((await admin.get(`/api/marks/${occasionId}`)).body.data.state).toBe('undone');
  });
  it('a save the local stack was killed in is undone when it starts again, without waiting for its lease', async () => {
    expect((await upload(fileOf(4))).status).toBe(200);
    const before = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    const first = (before.students as { id: string }[])[0];
    Object.assign(process.env, env);
    const { resetConfig } = await import('../../src/platform/lib/config.js');
    const { resetClients, documentClient } = await import('../../src/platform/lib/aws.js');
    resetConfig();
    resetClients();
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const put = (Item: Record<string, unknown>) => ({ PutRequest: { Item } });
    await documentClient().send(
      new BatchWriteCommand({
        RequestItems: {
          [String(env.TABLE_NAME)]: [
            put({
              PK: `T#demo#marks-undo#${occasionId}`,
              SK: `cut#${first.id}`,
              student: first.id,
              had: true,
              marks: { 1: 4, 2: 4, 3: 4 },
            }),
            put({ PK: `T#demo#marks#${occasionId}`, SK: first.id, entityType: 'marks', marks: { 1: 8, 2: 8, 3: 8 } }),
          ],
        },
      }),
    );
    // Killed with its lease still live: a read now would wait for the lease and serve the half-written sheet.
    await patchDocument('marks-sheet', occasionId, {
      writing_by: 'cut',
      writing_until: new Date(Date.now() + 50_000).toISOString(),
      complete: false,
      undo_log: true,
    });
    expect((await admin.get(`/api/marks/${occasionId}`)).body.data.state).toBe('saving');
    const { undoCutShortSaves } = await import('../../src/local/local-saves.js');
    expect(await undoCutShortSaves()).toBe(1);
    const after = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    expect(after.state).toBe('undone');
    expect(after.rows).toEqual(before.rows);
  });
  it('a save under way (live lease) makes another wait: 409, and the page says a save is under way', async () => {
    await patchDocument('marks-sheet', occasionId, {
      writing_by: 'live-save',
      writing_until: new Date(Date.now() + 30_000).toISOString(),
      complete: false,
    });
    expect((await admin.get(`/api/marks/${occasionId}`)).body.data.state).toBe('saving');
    const sheet = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    expect((await upload(fileOf(8))).status).toBe(409);
    // Once the lease has run out the occasion can be saved again.
    await patchDocument('marks-sheet', occasionId, { writing_until: new Date(Date.now() - 1).toISOString() });
    expect(
      (await admin.put(`/api/marks/${occasionId}`, { version: sheet.version, rows: [{ student: sheet.students[0].id, marks: { 1: 9 } }] }))
        .status,
    ).toBe(200);
  });
  it('an import whose worker stopped reads as failed after a while without progress, with what it wrote', async () => {
    const opened = await admin.post(`/api/marks/${occasionId}/upload-url`, { file_name: 'stalled.csv' });
    const id = opened.body.data.job.id;
    await patchDocument('import-job', id, {
      status: 'writing',
      rows_total: 30,
      rows_written: 10,
      updated_at: new Date(Date.now() - 3 * 60_000).toISOString(),
    });
    const job = (await admin.get(`/api/import-job/${id}`)).body.data;
    expect(job.status).toBe('failed');
    expect(job.detail).toMatch(
      /stopped without finishing.*what it wrote is undone when the marks or results are next opened.*Upload the file again/,
    );
  });
});

describe('uploaded files are checked by the server, not only by the upload policy', () => {
  const viaS3 = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const opened = await admin.post(`/api/marks/${occasionId}/upload-url`, { file_name: name });
    const form = new FormData();
    for (const [k, v] of Object.entries(opened.body.data.upload.fields as Record<string, string>)) form.append(k, v);
    // The local S3 emulator takes any type and size; the worker must refuse.
    form.append('file', new Blob([bytes], { type: 'text/csv' }), name);
    expect((await fetch(opened.body.data.upload.url, { method: 'POST', body: form })).ok).toBe(true);
    let job = opened.body.data.job;
    while (!['done', 'failed'].includes(job.status)) job = (await admin.get(`/api/import-job/${job.id}`)).body.data;
    return job;
  };
  it('refuses a binary file (an XLSX or picture renamed .csv) and one over 20 MB, writing nothing', async () => {
    const before = await storedMarks();
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2, 3]);
    expect(await viaS3(zip, 'marks.csv')).toMatchObject({ status: 'failed', detail: expect.stringMatching(/not a CSV text file/) });
    const big = new Uint8Array(21 * 1024 * 1024).fill(0x31);
    expect(await viaS3(big, 'huge.csv')).toMatchObject({ status: 'failed', detail: expect.stringMatching(/larger than 20 MB/) });
    expect(await storedMarks()).toEqual(before);
  });
});
