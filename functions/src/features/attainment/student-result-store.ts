import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type MyCourseResult, TABLE, recordPk, textOf } from '@attain/shared-types';
import pLimit from 'p-limit';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { type WriteRequest, batchWrite } from '../../platform/store/batch.js';
import { readPartition } from '../../platform/store/partition.js';

/**
 * Each student's own results, stored for their page (issue 43 item 6; docs/decisions/0057): the page reads one
 * partition instead of computing every course from its marks.
 *
 * - `PK = T#<campus>#my-results#<student>`, `SK = <academic year>#<course>`: one `MyCourseResult`, for each course and
 *   year the student has a marks row in. A student's page is one Query of their partition.
 * - `PK = T#<campus>#my-results-of#<course>`: which of those items the course wrote last (`<student>|<year>`), so the
 *   next run removes the ones a student no longer has (marks removed, a year gone, the course deleted): `SK =
 *   students#<generation>#<n>` pages of at most `MANIFEST_PAGE` entries each (a course of thousands of student-years
 *   would pass DynamoDB's 400 KB item), and `SK = students` naming the generation in force and its page count. A
 *   manifest written before pages (the entries on `SK = students` itself) is read as one page.
 *
 * Written by the results worker's `students` job (`storeStudentResults`, `student-results.ts`).
 */
const table = () => config().tableName;
const resultsPk = (campus: string, studentId: string) => recordPk(campus, `my-results#${studentId}`);
const resultKey = (campus: string, studentId: string, year: string, course: string) => ({
  [TABLE.partitionKey]: resultsPk(campus, studentId),
  [TABLE.sortKey]: `${year}#${course}`,
});
const manifestKey = (campus: string, course: string) => ({
  [TABLE.partitionKey]: recordPk(campus, `my-results-of#${course}`),
  [TABLE.sortKey]: 'students',
});
/** The lock one `students` job of a course holds while it computes and writes (`holdingStudentResults`). */
const lockKey = (campus: string, course: string) => ({ ...manifestKey(campus, course), [TABLE.sortKey]: 'lock' });

/** How long a `students` job holds its course's lock unless it gives it back first (ms): beyond any such job's run. */
const LOCK_MS = 2 * 60_000;

/**
 * Runs `work` holding the course's `students` lock (a conditional PutItem with a `LOCK_MS` lease), waiting for it when
 * another job of the same course holds it (backing off from 100 ms to 2 s), and gives it back after. Two jobs of one
 * course never interleave their reads of the manifest and their writes, so a stale job cannot write back an item the
 * newer one removed (it would then be listed nowhere); the job that waited reads the course's material afresh.
 * @throws whatever `work` throws (the lock is given back), or the store's errors
 */
export async function holdingStudentResults<T>(campus: string, course: string, work: () => Promise<T>): Promise<T> {
  const owner = randomUUID();
  for (let wait = 100; ; wait = Math.min(2000, wait * 2)) {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: table(),
          Item: { ...lockKey(campus, course), entityType: 'my-results-lock', owner, until: Date.now() + LOCK_MS },
          ConditionExpression: 'attribute_not_exists(PK) OR #until < :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': Date.now() },
        }),
      );
      break;
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  try {
    return await work();
  } finally {
    await documentClient()
      .send(
        new DeleteCommand({
          TableName: table(),
          Key: lockKey(campus, course),
          ConditionExpression: '#owner = :o',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':o': owner },
        }),
      )
      .catch((e: unknown) => {
        if (!(e instanceof ConditionalCheckFailedException)) throw e;
      });
  }
}

/** The most entries one manifest page holds: 2,000 (`<uuid>|<year>`, about 100 KB). */
export const MANIFEST_PAGE = 2000;
const pageSk = (generation: string, n: number) => `students#${generation}#${n}`;

/** One (student, year) item of a course, as its manifest lists it. */
const entry = (studentId: string, year: string) => `${studentId}|${year}`;

/** How many BatchWriteItem calls of a course's students are in flight at once. */
const WRITES_IN_FLIGHT = 4;

/** One student's result of one course and year, as stored. */
export interface StudentYearResult {
  student: string;
  year: string;
  result: MyCourseResult;
}

/**
 * Replaces what a course stored for its students with `results`: writes each (25 per BatchWriteItem, four at once),
 * then deletes the items the course wrote before that it no longer has (its manifest), then writes the manifest's pages
 * under a new generation, then the head naming that generation, then deletes the pages of every other generation. A
 * run cut short leaves nothing the next run does not put right: the next run reads every page there is, the cut-short
 * run's too, so every item either run wrote is listed, and it deletes those pages.
 * DynamoDB: one Query (the manifest), a BatchWriteItem per 25 items or pages written or deleted, one PutItem.
 * @param pageSize entries per manifest page (`MANIFEST_PAGE`; smaller in tests)
 * @returns how many student-years are stored
 */
export async function replaceStudentResults(
  campus: string,
  course: string,
  results: readonly StudentYearResult[],
  pageSize = MANIFEST_PAGE,
): Promise<number> {
  const before = await readManifest(campus, course);
  const keep = new Set(results.map((r) => entry(r.student, r.year)));
  const puts: WriteRequest[] = results.map((r) => ({
    PutRequest: {
      Item: { ...resultKey(campus, r.student, r.year, course), entityType: 'my-course-result', course, year: r.year, result: r.result },
    },
  }));
  const deletes: WriteRequest[] = before.entries
    .filter((e) => !keep.has(e))
    .map((e) => {
      const [studentId = '', year = ''] = e.split('|');
      return { DeleteRequest: { Key: resultKey(campus, studentId, year, course) } };
    });
  const limit = pLimit(WRITES_IN_FLIGHT);
  const write = (writes: WriteRequest[]) => {
    const chunks = Array.from({ length: Math.ceil(writes.length / 25) }, (_, i) => writes.slice(i * 25, i * 25 + 25));
    return Promise.all(chunks.map((chunk) => limit(() => batchWrite(chunk))));
  };
  await write(puts);
  await write(deletes);
  const generation = randomUUID();
  const listed = [...keep];
  const pages = Math.ceil(listed.length / pageSize);
  const head = manifestKey(campus, course);
  await write(
    Array.from({ length: pages }, (_, n) => ({
      PutRequest: {
        Item: {
          ...head,
          [TABLE.sortKey]: pageSk(generation, n),
          entityType: 'my-results-manifest-page',
          entries: listed.slice(n * pageSize, n * pageSize + pageSize),
        },
      },
    })),
  );
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: { ...head, entityType: 'my-results-manifest', generation, pages, computed_at: new Date().toISOString() },
    }),
  );
  // Every page read before is another generation's now: the last head's, or one a run cut short left.
  await write(before.pages.map((sk) => ({ DeleteRequest: { Key: { ...head, [TABLE.sortKey]: sk } } })));
  return keep.size;
}

/**
 * The `<student>|<year>` items a course may have written: those of every page there is (the head's generation, and
 * any a run cut short left, whose items it had written already) and of a list written before pages; and the sort keys
 * of every page. Deleting one listed but never written is harmless. One Query of the manifest's partition.
 */
async function readManifest(campus: string, course: string): Promise<{ entries: string[]; pages: string[] }> {
  const items = await readPartition(manifestKey(campus, course)[TABLE.partitionKey], undefined, { consistent: true });
  const lists = items.filter((i) => i[TABLE.sortKey] === 'students' || textOf(i[TABLE.sortKey]).startsWith('students#'));
  return {
    entries: [...new Set(lists.flatMap((i) => (Array.isArray(i.entries) ? i.entries.map(textOf) : [])))],
    pages: lists.map((i) => textOf(i[TABLE.sortKey])).filter((sk) => sk !== 'students'),
  };
}

/** Whether a course's students' results have been stored at least once (the demo's seed stores the missing ones). One GetItem. */
export const studentResultsStored = async (campus: string, course: string): Promise<boolean> =>
  Boolean((await documentClient().send(new GetCommand({ TableName: table(), Key: manifestKey(campus, course) }))).Item);

/** A student's stored results, every course and year: one Query of their partition (one more per MB). */
export async function readStudentResults(campus: string, studentId: string): Promise<Omit<StudentYearResult, 'student'>[]> {
  return (await readPartition(resultsPk(campus, studentId))).map((item) => ({
    year: textOf(item.year),
    result: item.result as MyCourseResult,
  }));
}
