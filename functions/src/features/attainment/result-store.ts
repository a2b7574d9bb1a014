import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ATTAINMENT_ENGINE_VERSION,
  type CampusScope,
  type CourseAttainment,
  type SurveyEvidence,
  TABLE,
  textOf,
} from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { batchWrite } from '../../platform/store/batch.js';
import { noteCampusChange } from '../../platform/store/campus-changes.js';
import { PROGRAM_STAMP_SK, SURVEYS_SK, resultsPk, resultsQueueRuns, scheduleResults, setStamp, stampSk } from '../course-inputs/index.js';

/**
 * Stored attainment results (docs/design.md "Attainment": results are kept per course and academic year and computed
 * again when an input changes, so a page spanning many courses reads them with one Query instead of every mark).
 *
 * One partition per program, so a program's results are one strongly consistent Query:
 * - `PK = T#<campus>#attainment-result#<program>`, `SK = result#<course>#<academic year>`: a `CourseAttainment`
 *   (levels 0-3, percents 0-100) with the method version it used and when it was computed;
 * - `SK = inputs#<course>` and `inputs#*`: the input stamps the writers of course inputs keep
 *   (`features/course-inputs/store.ts`). A course whose `changed_at` is later than its `computed_at` has stale
 *   results: computed again by the results queue, or when read if none is queued (`freshness`).
 */
const table = () => config().tableName;
const pk = resultsPk;
const resultSk = (course: string, year: string) => `result#${course}#${year}`;

/** A course's input stamp (ISO-8601 UTC times), or the program's own (`course` '*'). */
export interface InputStamp {
  course: string;
  changed_at?: string;
  queued_at?: string;
  computed_at?: string;
  /** When the course's students' own results last stored began (`storeStudentResults`), and when they were last queued. */
  students_at?: string;
  students_queued_at?: string;
}

/** Everything stored for one program: its course results (every year) and the courses' input stamps. */
export interface StoredProgramResults {
  results: CourseAttainment[];
  stamps: Map<string, InputStamp>;
  /** The program's own stamp: when a recomputation of every course was queued (a method change). */
  programStamp?: InputStamp;
  /** DynamoDB Query calls the read took (1 unless the results passed 1 MB). */
  calls: number;
  /**
   * The program's PO/PSO survey evidence as stored (per academic year, per outcome id), with its stamp; undefined when
   * the program never had a PO/PSO survey.
   */
  surveys?: StoredSurveyEvidence;
}

/** Reads every stored result and stamp of a program: one Query per MB (one for a 64-course program). */
export async function readProgramResults(scope: CampusScope, program: string): Promise<StoredProgramResults> {
  const results: CourseAttainment[] = [];
  const stamps = new Map<string, InputStamp>();
  let start: Record<string, unknown> | undefined;
  let calls = 0;
  let surveys: StoredSurveyEvidence | undefined;
  let programStamp: InputStamp | undefined;
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
      const sk = textOf(item[TABLE.sortKey]);
      if (sk.startsWith('result#')) results.push(item.result as CourseAttainment);
      else if (sk === SURVEYS_SK)
        surveys = {
          evidence: item.evidence as SurveyEvidenceRecord | undefined,
          changed_at: item.changed_at,
          computed_at: item.computed_at,
        };
      else if (sk === PROGRAM_STAMP_SK) programStamp = { course: '*', queued_at: item.queued_at };
      else if (sk.startsWith('inputs#'))
        stamps.set(textOf(item.course), {
          course: textOf(item.course),
          changed_at: item.changed_at,
          queued_at: item.queued_at,
          computed_at: item.computed_at,
          students_at: item.students_at,
          students_queued_at: item.students_queued_at,
        });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return { results, stamps, programStamp, calls, surveys };
}

/** Academic year -> outcome id -> evidence: `EvidenceByYear` as stored (JSON has no maps). */
export type SurveyEvidenceRecord = Record<string, Record<string, SurveyEvidence>>;

/** A program's stored PO/PSO survey evidence and its stamp (ISO-8601 UTC times). */
export interface StoredSurveyEvidence {
  evidence?: SurveyEvidenceRecord;
  changed_at?: string;
  computed_at?: string;
}

/** Whether stored survey evidence was computed after its last change. */
export const surveyEvidenceIsCurrent = (s: StoredSurveyEvidence): boolean =>
  Boolean(s.evidence && s.computed_at && (!s.changed_at || s.computed_at >= s.changed_at));

/**
 * Stores a program's PO/PSO survey evidence (per year, per outcome) with `computedAt` (when its computation started,
 * so an answer recorded meanwhile still counts as newer): one UpdateItem, then the campus's summary stamp.
 */
export async function storeProgramSurveyEvidence(
  scope: CampusScope,
  program: string,
  evidence: ReadonlyMap<string, ReadonlyMap<string, SurveyEvidence>>,
  computedAt: string,
): Promise<void> {
  const record: SurveyEvidenceRecord = Object.fromEntries([...evidence].map(([y, m]) => [y, Object.fromEntries(m)]));
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { [TABLE.partitionKey]: pk(scope, program), [TABLE.sortKey]: SURVEYS_SK },
      UpdateExpression: 'SET evidence = :v, computed_at = :t, entityType = :e',
      ExpressionAttributeValues: { ':v': record, ':t': computedAt, ':e': 'attainment-inputs' },
    }),
  );
  await noteCampusChange(scope.campus);
}

/** Stored evidence back as `EvidenceByYear`'s maps. */
export const evidenceMaps = (r: SurveyEvidenceRecord): Map<string, Map<string, SurveyEvidence>> =>
  new Map(Object.entries(r).map(([y, m]) => [y, new Map(Object.entries(m))]));

/**
 * Stores a course's results (one item per academic year, replacing what was there), removes years it no longer has,
 * and sets its stamp's `computed_at` to `computedAt` (the time the computation started, so a change made while it
 * ran still counts as newer), then queues the course's `students` job (each student's own results,
 * `student-results.ts`). `previous` are the course's stored results when the caller already read them.
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
  // Each student's own page reads what this course's results say of them, stored by the results worker. The stamp says
  // the students' job is on its way (`studentsBehind`), so a program read meanwhile does not queue it again; with no
  // worker (the seed, a script) nothing is queued, and the next program read queues it.
  const queued = resultsQueueRuns();
  await setStamp(scope, program, stampSk(course), { computed_at: computedAt, ...(queued ? { students_queued_at: computedAt } : {}) });
  if (queued) await scheduleResults(scope, { kind: 'students', program, course });
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
function isCurrent(stamp: InputStamp | undefined, results: readonly CourseAttainment[], methodVersion: number): boolean {
  if (results.some((r) => r.method_version !== methodVersion || (r.engine ?? 1) !== ATTAINMENT_ENGINE_VERSION)) return false;
  if (!stamp?.changed_at) return true;
  return Boolean(stamp.computed_at && stamp.computed_at >= stamp.changed_at);
}

/**
 * How long a queued recomputation counts as on its way (ms): SQS hands it to the worker within seconds, and retries a
 * failed one 3 times; a job not done after this is taken as dead, and the next read computes the course itself.
 */
export const QUEUED_GRACE_MS = 5 * 60_000;

/**
 * Whether a course's stored results can be shown:
 * - `current`: computed after its last input change, with the method in use (`isCurrent`);
 * - `updating`: not current, but a recomputation was queued after the change (the course's `queued_at`, or the
 *   program's for a method change) less than `QUEUED_GRACE_MS` ago: pages show the stored figures, marked updating;
 * - `stale`: not current and nothing on its way (never queued, a dead job, results of an older engine): the reader
 *   computes it.
 * @param now the time of the read (ms since the epoch)
 */
export function freshness(
  stamp: InputStamp | undefined,
  programStamp: InputStamp | undefined,
  results: readonly CourseAttainment[],
  methodVersion: number,
  now: number = Date.now(),
): 'current' | 'updating' | 'stale' {
  if (isCurrent(stamp, results, methodVersion)) return 'current';
  const queued = [stamp?.queued_at, programStamp?.queued_at]
    .filter((t): t is string => Boolean(t))
    .sort()
    .at(-1);
  const after = stamp?.changed_at ?? '';
  const onItsWay = queued !== undefined && queued >= after && (!stamp?.computed_at || queued > stamp.computed_at);
  return onItsWay && now - Date.parse(queued) < QUEUED_GRACE_MS ? 'updating' : 'stale';
}

/**
 * Whether a course's students' own results lag its results (decision 0057): stored before the course's results were
 * last computed, or never (a job lost, results stored before engine 4), and not queued again in the last
 * `QUEUED_GRACE_MS`. The program's reads queue those again, so a lost job heals on the next read.
 * @param now the time of the read (ms since the epoch)
 */
export function studentsBehind(stamp: InputStamp | undefined, now: number = Date.now()): boolean {
  if (!stamp?.computed_at || (stamp.students_at && stamp.students_at >= stamp.computed_at)) return false;
  const queued = stamp.students_queued_at;
  return !(queued && queued >= stamp.computed_at && now - Date.parse(queued) < QUEUED_GRACE_MS);
}
