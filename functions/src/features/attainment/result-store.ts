import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ATTAINMENT_ENGINE_VERSION,
  type CampusScope,
  type CourseAttainment,
  TABLE,
  courseCurriculum,
  recordPk,
} from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { batchWrite } from '../../platform/store/batch.js';
import { findRecord } from '../../platform/store/records.js';

/**
 * Stored attainment results (DESIGN.md: "Results are stored per course and academic year whenever an input
 * changes; pages that span many courses read the stored results (one Query), never every mark").
 *
 * One partition per program, so a program's results are one strongly consistent Query:
 * - `PK = T#<campus>#attainment-result#<program>`, `SK = result#<course>#<academic year>`: a `CourseAttainment`
 *   (levels 0-3, percents 0-100) with the method version it used and when it was computed;
 * - `SK = inputs#<course>`: the course's input stamp: `changed_at` (last change to its marks, paper, occasions,
 *   COs or matrix) and `computed_at` (last time its results were stored). A course whose `changed_at` is later than
 *   its `computed_at` has stale results and is computed again when read.
 * This module imports no computation, so the domains that only mark inputs as changed stay small.
 */
const table = () => config().tableName;
const pk = (scope: CampusScope, program: string) => recordPk(scope.campus, `attainment-result#${program}`);
const resultSk = (course: string, year: string) => `result#${course}#${year}`;
const stampSk = (course: string) => `inputs#${course}`;
/** Marks that the program has (or had) a PO/PSO survey, so its reads look for survey evidence. */
const SURVEYS_SK = 'surveys#PO';

/** A course's input stamp (ISO-8601 UTC times). */
export interface InputStamp {
  course: string;
  changed_at?: string;
  computed_at?: string;
}

/** Everything stored for one program: its course results (every year) and the courses' input stamps. */
export interface StoredProgramResults {
  results: CourseAttainment[];
  stamps: Map<string, InputStamp>;
  /** DynamoDB Query calls the read took (1 unless the results passed 1 MB). */
  calls: number;
  /** Whether the program has had a PO/PSO survey (`markProgramSurveyed`): only then is survey evidence read. */
  surveyed: boolean;
}

/** Reads every stored result and stamp of a program: one Query per MB (one for a 64-course program). */
export async function readProgramResults(scope: CampusScope, program: string): Promise<StoredProgramResults> {
  const results: CourseAttainment[] = [];
  const stamps = new Map<string, InputStamp>();
  let start: Record<string, unknown> | undefined;
  let calls = 0;
  let surveyed = false;
  do {
    const res = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': pk(scope, program) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    calls++;
    for (const item of res.Items ?? []) {
      const sk = String(item[TABLE.sortKey]);
      if (sk.startsWith('result#')) results.push(item.result as CourseAttainment);
      else if (sk === SURVEYS_SK) surveyed = true;
      else if (sk.startsWith('inputs#'))
        stamps.set(String(item.course), { course: String(item.course), changed_at: item.changed_at, computed_at: item.computed_at });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return { results, stamps, calls, surveyed };
}

/**
 * Records that a program has a PO/PSO survey (one PutItem in its results partition), so the one Query that reads its
 * stored results also says whether survey evidence must be read: a program without one keeps its 3-call read.
 */
export async function markProgramSurveyed(scope: CampusScope, program: string): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: { [TABLE.partitionKey]: pk(scope, program), [TABLE.sortKey]: SURVEYS_SK, entityType: 'attainment-surveys' },
    }),
  );
}

/**
 * Records that a course's attainment inputs changed now (marks, question paper, occasion, CO, matrix), so its stored
 * results count as stale until computed again. One UpdateItem (plus a GetItem when `program` is not given).
 * A course outside any program has no stored results and is left alone.
 */
export async function markCourseInputsChanged(scope: CampusScope, course: string | undefined, program?: string): Promise<void> {
  if (!course) return;
  const prog = program ?? (await findRecord(scope, courseCurriculum, course))?.program;
  if (!prog) return;
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { [TABLE.partitionKey]: pk(scope, prog), [TABLE.sortKey]: stampSk(course) },
      UpdateExpression: 'SET #c = :c, #t = :t, entityType = :e',
      ExpressionAttributeNames: { '#c': 'course', '#t': 'changed_at' },
      ExpressionAttributeValues: { ':c': course, ':t': new Date().toISOString(), ':e': 'attainment-inputs' },
    }),
  );
}

/**
 * Stores a course's results (one item per academic year, replacing what was there), removes years it no longer has,
 * and sets its stamp's `computed_at` to `computedAt` (the time the computation started, so a change made while it
 * ran still counts as newer). `previous` are the course's stored results when the caller already read them.
 */
export async function storeCourseResults(
  scope: CampusScope,
  program: string,
  course: string,
  results: readonly CourseAttainment[],
  computedAt: string,
  previous?: readonly CourseAttainment[],
): Promise<void> {
  const old = previous ?? (await readCourseResults(scope, program, course));
  const years = new Set(results.map((r) => r.academic_year ?? 'undated'));
  const gone = old.filter((r) => !years.has(r.academic_year ?? 'undated'));
  const writes = [
    ...results.map((r) => ({
      PutRequest: {
        Item: {
          [TABLE.partitionKey]: pk(scope, program),
          [TABLE.sortKey]: resultSk(course, r.academic_year ?? 'undated'),
          entityType: 'attainment-result',
          course,
          result: r,
        },
      },
    })),
    ...gone.map((r) => ({
      DeleteRequest: { Key: { [TABLE.partitionKey]: pk(scope, program), [TABLE.sortKey]: resultSk(course, r.academic_year ?? 'undated') } },
    })),
  ];
  for (let i = 0; i < writes.length; i += 25) await batchWrite(writes.slice(i, i + 25));
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { [TABLE.partitionKey]: pk(scope, program), [TABLE.sortKey]: stampSk(course) },
      UpdateExpression: 'SET #c = :c, #t = :t, entityType = :e',
      ExpressionAttributeNames: { '#c': 'course', '#t': 'computed_at' },
      ExpressionAttributeValues: { ':c': course, ':t': computedAt, ':e': 'attainment-inputs' },
    }),
  );
}

/** One course's stored results (one Query on the program partition by sort-key prefix). */
async function readCourseResults(scope: CampusScope, program: string, course: string): Promise<CourseAttainment[]> {
  const res = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
      ExpressionAttributeValues: { ':pk': pk(scope, program), ':sk': `result#${course}#` },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map((i) => i.result as CourseAttainment);
}

/**
 * Whether a course's stored results are current: computed after its last input change, with the method in use, by
 * this `ATTAINMENT_ENGINE_VERSION`.
 */
export function isCurrent(stamp: InputStamp | undefined, results: readonly CourseAttainment[], methodVersion: number): boolean {
  if (results.some((r) => r.method_version !== methodVersion || (r.engine ?? 1) !== ATTAINMENT_ENGINE_VERSION)) return false;
  if (!stamp?.changed_at) return true;
  return Boolean(stamp.computed_at && stamp.computed_at >= stamp.changed_at);
}
