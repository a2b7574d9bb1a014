import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type MyCourseResult, TABLE, recordPk } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { documentClient } from '../../src/platform/lib/aws.js';
import { resetClients } from '../../src/platform/lib/aws.js';
import { config, resetConfig } from '../../src/platform/lib/config.js';
import { readPartition } from '../../src/platform/store/partition.js';

/**
 * Each student's stored results (decision 0057): two `students` jobs of one course never run their reads and writes
 * at the same time (`holdingStudentResults`), so a stale job cannot write back an item the newer one removed; a
 * course's list of what it wrote is kept in pages, so a course of thousands of student-years is stored (one item of
 * 10,000 passed DynamoDB's 400 KB and the job failed, as `npm run bench` showed). Run in this process against the
 * integration stack's table.
 */
const env = inject('stackEnv');

beforeAll(() => {
  Object.assign(process.env, env);
  resetConfig();
  resetClients();
});

describe("a course's students jobs", () => {
  it('run one at a time: the second waits until the first gives the course back', async () => {
    const { holdingStudentResults } = await import('../../src/features/attainment/student-result-store.js');
    const course = `lock-test-${Date.now().toString(36)}`;
    const log: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const first = holdingStudentResults('demo', course, async () => {
      log.push('first in');
      await held;
      log.push('first out');
    });
    // The first holds the course before the second asks.
    while (!log.length) await new Promise((r) => setTimeout(r, 10));
    const second = holdingStudentResults('demo', course, async () => {
      log.push('second in');
      return 'second done';
    });
    // The first gives the course back only once the second has asked: the second's work comes after it, not before.
    await new Promise((r) => setImmediate(r));
    release();
    await first;
    expect(await second).toBe('second done');
    expect(log).toEqual(['first in', 'first out', 'second in']);
    // A job that throws gives the course back too.
    await expect(holdingStudentResults('demo', course, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await holdingStudentResults('demo', course, async () => 'free')).toBe('free');
  });
});

describe("a course's stored results", () => {
  it('are listed in pages, and a replacement removes what a student no longer has, from an old one-item list too', async () => {
    const { replaceStudentResults, readStudentResults } = await import('../../src/features/attainment/student-result-store.js');
    const stamp = Date.now().toString(36);
    const course = `pages-test-${stamp}`;
    const result: MyCourseResult = {
      course: { id: course, code: 'CS3401', title: 'Algorithms' },
      threshold: 60,
      cos: [],
      occasions: [],
      actions: [],
    };
    const students = Array.from({ length: 25 }, (_, i) => `s-${stamp}-${i}`);
    const of = (ids: string[]) => ids.map((student) => ({ student, year: '2025-26', result }));
    const manifest = async () => {
      const items = await readPartition(recordPk('demo', `my-results-of#${course}`), undefined, { consistent: true });
      return items.filter((i) => String(i[TABLE.sortKey]).startsWith('students#'));
    };
    // 25 student-years in pages of 10: three pages.
    expect(await replaceStudentResults('demo', course, of(students), 10)).toBe(25);
    expect((await manifest()).map((p) => (p.entries as string[]).length).sort()).toEqual([10, 10, 5]);
    expect(await readStudentResults('demo', students[24])).toHaveLength(1);
    // 12 now: two pages of a new generation; the other 13 students' results are gone.
    expect(await replaceStudentResults('demo', course, of(students.slice(0, 12)), 10)).toBe(12);
    const pages = await manifest();
    expect(pages.map((p) => (p.entries as string[]).length).sort()).toEqual([10, 2]);
    expect(new Set(pages.map((p) => String(p[TABLE.sortKey]).split('#')[1])).size).toBe(1);
    expect(await readStudentResults('demo', students[20])).toEqual([]);
    expect(await readStudentResults('demo', students[3])).toHaveLength(1);
    // A list written before pages (its entries on the head item) is read: a student it names and no longer has is removed.
    await documentClient().send(
      new PutCommand({
        TableName: config().tableName,
        Item: {
          [TABLE.partitionKey]: recordPk('demo', `my-results-of#${course}`),
          [TABLE.sortKey]: 'students',
          entityType: 'my-results-manifest',
          entries: students.slice(0, 12).map((s) => `${s}|2025-26`),
        },
      }),
    );
    expect(await replaceStudentResults('demo', course, of(students.slice(0, 5)), 10)).toBe(5);
    expect(await readStudentResults('demo', students[8])).toEqual([]);
    expect((await manifest()).map((p) => (p.entries as string[]).length)).toEqual([5]);
    // A run cut short after its writes: its student's result item, and its page, which no head names. The next run
    // (which no longer has that student) removes both.
    const orphan = `s-${stamp}-orphan`;
    const put = (item: Record<string, unknown>) => documentClient().send(new PutCommand({ TableName: config().tableName, Item: item }));
    await put({
      [TABLE.partitionKey]: recordPk('demo', `my-results#${orphan}`),
      [TABLE.sortKey]: `2025-26#${course}`,
      entityType: 'my-course-result',
      course,
      year: '2025-26',
      result,
    });
    await put({
      [TABLE.partitionKey]: recordPk('demo', `my-results-of#${course}`),
      [TABLE.sortKey]: 'students#cut-short#0',
      entityType: 'my-results-manifest-page',
      entries: [`${orphan}|2025-26`],
    });
    expect(await readStudentResults('demo', orphan)).toHaveLength(1);
    await replaceStudentResults('demo', course, of(students.slice(0, 5)), 10);
    expect(await readStudentResults('demo', orphan)).toEqual([]);
    expect((await manifest()).map((p) => (p.entries as string[]).length)).toEqual([5]);
  });
});
