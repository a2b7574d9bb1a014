import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE, recordPk } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { type LocalJobRunner, jobQueue } from '../lib/job-queue.js';
import { log } from '../lib/log.js';

/**
 * The campus's change stamp, which says when its group summaries (`features/group/campus-summary.ts`) went stale
 * (`docs/decisions/0039-campus-summaries.md`). It lives in the campus's summary partition, beside the summaries, so the
 * one Query that reads a campus's summaries also reads whether they are current:
 * - `PK = T#<campus>#campus-summary`, `SK = changed`: `changed_at`, the time (ISO-8601 UTC) of the last write of an
 *   input the summaries count, taken after that write succeeded; `queued_at`, when the refresh that will recompute
 *   them was queued (removed when it starts); `started_at` and `finished_at` of the last refresh (`ChangeStamp`);
 * - `SK = summary#...`: the summaries themselves (the group feature's store).
 */
export const campusSummaryPk = (campus: string) => recordPk(campus, 'campus-summary');
/** The sort key of the campus's change stamp. */
export const CHANGED_SK = 'changed';

/**
 * The record types a campus summary counts (by entity name): programs and their types, outcomes and method (the
 * program-level attainment), faculty profiles and contribution records (faculty, research, records added), courses,
 * occasions and surveys, and the SAR's records (batches, first-year figures, sections and their claims: each
 * program's SAR readiness). A record of one of these created, changed or deleted stamps the campus (`records.ts`). Names,
 * not definitions: every Lambda and worker carries this store, and the definitions would bring the whole registry
 * (a unit test checks the names against the definitions).
 */
export const SUMMARY_RECORDS: ReadonlySet<string> = new Set([
  'program',
  'program-type',
  'generic-program-outcome',
  'attainment-method',
  'profile',
  'course-curriculum',
  'occasion',
  'survey',
  // The SAR readiness: batches (Criterion 4), first-year figures (Criterion 8), sections (claimed marks).
  'batch-performance',
  'first-year-academics',
  'sar-section',
  // FACULTY_RECORDS
  'faculty-workload',
  'research-publication',
  'consulting-testing-project',
  'sponsored-project',
  'award-honour',
  'patent-innovation',
  'book-publish',
  'book-chapter',
  'fellowship',
  'workshop-organized',
  'workshop-attended',
  'professional-body',
  'research-project',
]);

/** The document kinds a campus summary counts: survey forms and paper counts (invited, responded). */
export const SUMMARY_DOCUMENTS: ReadonlySet<string> = new Set(['survey-form', 'survey-offline']);

/**
 * A refresh of a campus's stored summaries (`features/group/summary-refresh.ts`), queued by the first change after the
 * last refresh started. The campus summaries Lambda reads the queue (SQS at `SUMMARIES_QUEUE_URL`); the local stack runs
 * it in-process. Optional: with neither (a script, the seed) nothing is queued and a read computes what it lacks.
 */
export interface SummaryRefreshJob {
  campus: string;
}

const summariesQueue = jobQueue<SummaryRefreshJob>('summaries', () => config().summariesQueueUrl, { optional: true });

/**
 * How long after a change its refresh starts (s): the change's settle time (`SETTLE_MS` of the summaries, 2 s: a
 * computation that starts sooner may not read the write) plus a little, so the writes of one save are refreshed once.
 */
export const REFRESH_DELAY_S = 3;

/**
 * How long a queued refresh may wait to start before it is taken as lost (ms): SQS hands it over `REFRESH_DELAY_S`
 * after it is sent, so one still waiting after 2 minutes was never sent (a writer stopped between its stamp and its
 * message) and a reader or writer queues another.
 */
export const QUEUED_LOST_MS = 2 * 60_000;

/**
 * How long a started refresh may run unfinished before it is taken as dead (ms): past the campus summaries Lambda's
 * 2-minute timeout (`infra/lib/constructs/summaries.ts`), so a reader queues another rather than wait for SQS's next
 * delivery (after the queue's 12-minute visibility timeout).
 */
export const STARTED_LOST_MS = 3 * 60_000;

/** How the local stack runs summary refreshes (or, with undefined, stops running them). */
export function setLocalSummariesRunner(runner: LocalJobRunner<SummaryRefreshJob> | undefined): void {
  summariesQueue.setLocalRunner(runner);
}

/** Whether summary refreshes run here (SQS, or the local stack's runner; not a script or the seed). */
export const summaryRefreshesRun = (): boolean => summariesQueue.runs();

const stampKey = (campus: string) => ({ [TABLE.partitionKey]: campusSummaryPk(campus), [TABLE.sortKey]: CHANGED_SK });

/**
 * One UpdateItem of a campus's change stamp: `SET`/`REMOVE` expression, optional condition and values.
 * @returns the stamp's attributes as `returns` asks (`ALL_OLD`, `ALL_NEW`; else an empty object), or null when the
 *   condition refused the update
 * @throws the DynamoDB error of the update (not its condition)
 */
async function updateStamp(
  campus: string,
  update: string,
  values: Record<string, unknown>,
  condition?: string,
  returns?: 'ALL_OLD' | 'ALL_NEW',
): Promise<Record<string, unknown> | null> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: stampKey(campus),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ReturnValues: returns,
      }),
    );
    return out?.Attributes ?? {};
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return null;
    throw e;
  }
}

/**
 * Sends a campus's refresh. Best effort: the write that stamped the campus has been stored, so a failed send is logged,
 * never thrown; its `queued_at` stays, and once that is `QUEUED_LOST_MS` old the next read queues the refresh again.
 */
async function sendRefresh(campus: string, delaySeconds: number): Promise<void> {
  try {
    await summariesQueue.enqueue({ campus }, delaySeconds);
  } catch (e) {
    log.error(`summaries of ${campus} not queued`, { error: e });
  }
}

/**
 * Stamps the campus's summaries stale and has them refreshed: sets the change stamp's `changed_at` to now unless it is
 * already later, and `queued_at` unless a refresh is already queued: one conditional UpdateItem, which returns what
 * the stamp held. When it held no queued refresh, the refresh is queued, `REFRESH_DELAY_S` later (one SQS message,
 * best effort: `sendRefresh`). Where refreshes do not run (a script, the seed) only `changed_at` is set: the local
 * stack's start or the next read queues the refresh. A queued refresh that was lost (`QUEUED_LOST_MS`) is queued again by the next read
 * (`refreshUnderway`), not here: writers carry no more than this. A later stamp already there is kept and nothing is
 * queued (its writer queued). Call it after the write it records has succeeded, so a refresh or summary computed after
 * the stamp has read the write. The input writers outside `records.ts`/`documents.ts` call it: stored results and
 * their stamps, survey answers and invitations, mail sent and bounced, marks sheets.
 * @throws the DynamoDB error when the stamp fails (the write it records has been stored; a summary would otherwise be
 *   taken as current without it)
 */
export async function noteCampusChange(campus: string): Promise<void> {
  const now = new Date().toISOString();
  // Where refreshes do not run (a script, the seed, a test's own process), no refresh is marked queued: one marked but
  // never sent would keep readers waiting `QUEUED_LOST_MS` before they queue it.
  const queues = summariesQueue.runs();
  const before = await updateStamp(
    campus,
    `SET changed_at = :t, entityType = :e${queues ? ', queued_at = if_not_exists(queued_at, :t)' : ''}`,
    { ':t': now, ':e': 'campus-summary' },
    'attribute_not_exists(changed_at) OR changed_at < :t',
    'ALL_OLD',
  );
  if (queues && before && before.queued_at === undefined) await sendRefresh(campus, REFRESH_DELAY_S);
}

/**
 * Queues a campus's summary refresh again when the one queued at `queuedAt` (undefined: none) has not started: one
 * conditional UpdateItem that moves `queued_at` to now only if it still is `queuedAt` (so of the readers and writers
 * that see it lost, one queues), then one SQS message (best effort, `sendRefresh`). Nothing happens when refreshes do
 * not run here.
 * @returns whether this call queued the refresh
 * @throws the DynamoDB error of the update (not its condition)
 */
export async function requeueSummaryRefresh(campus: string, queuedAt: string | undefined): Promise<boolean> {
  if (!summariesQueue.runs()) return false;
  const now = new Date().toISOString();
  const taken = await updateStamp(
    campus,
    'SET queued_at = :t, entityType = :e',
    { ':t': now, ':e': 'campus-summary', ...(queuedAt ? { ':was': queuedAt } : {}) },
    queuedAt ? 'queued_at = :was' : 'attribute_not_exists(queued_at)',
  );
  if (!taken) return false;
  await sendRefresh(campus, 0);
  return true;
}

/** The change stamp's times (ISO-8601 UTC), as `readSummaryPartition` reads them. */
export interface ChangeStamp {
  /** The last change of an input the summaries count (none: never stamped). */
  changed_at?: string;
  /** When the refresh now waiting was queued (none: no refresh waits). */
  queued_at?: string;
  /** When the last refresh started (`claimSummaryRefresh`). */
  started_at?: string;
  /** When the refresh that started at `started_at` finished (`finishSummaryRefresh`; older or none: it has not). */
  finished_at?: string;
}

/**
 * Whether a refresh that will cover the last change is under way: queued less than `QUEUED_LOST_MS` ago, or started
 * after that change, not finished, less than `STARTED_LOST_MS` ago. A reader that finds a summary stale and no
 * refresh under way queues one (`requeueSummaryRefresh`): a change stamped while refreshes did not run (the seed, a
 * script), a refresh that died, or a summary a finished refresh left stale (stored by a read meanwhile, or of an
 * older version after a deployment).
 * @param now ms since the epoch
 */
export function refreshUnderway(s: ChangeStamp, now = Date.now()): boolean {
  if (s.queued_at) return now - Date.parse(s.queued_at) <= QUEUED_LOST_MS;
  if (!s.started_at || (s.changed_at && s.started_at < s.changed_at)) return false;
  const finished = Boolean(s.finished_at && s.finished_at >= s.started_at);
  return !finished && now - Date.parse(s.started_at) <= STARTED_LOST_MS;
}

/**
 * Starts a campus's summary refresh: removes `queued_at`, so a change from now on queues the next refresh, sets
 * `started_at` to now. One UpdateItem.
 * @returns the change stamp's time (`changed_at`, ISO; undefined: never stamped) and this refresh's `started_at`
 * @throws the DynamoDB error of the update
 */
export async function claimSummaryRefresh(campus: string): Promise<{ changedAt: string | undefined; startedAt: string }> {
  const startedAt = new Date().toISOString();
  const stamp = await updateStamp(
    campus,
    'SET entityType = :e, started_at = :t REMOVE queued_at',
    { ':e': 'campus-summary', ':t': startedAt },
    undefined,
    'ALL_NEW',
  );
  const changed = stamp?.changed_at;
  return { changedAt: typeof changed === 'string' ? changed : undefined, startedAt };
}

/**
 * Ends the refresh that started at `startedAt`: sets `finished_at`, unless another refresh has started since (one
 * conditional UpdateItem), so a reader that still finds a summary stale queues a refresh at once.
 * @throws the DynamoDB error of the update (not its condition)
 */
export async function finishSummaryRefresh(campus: string, startedAt: string): Promise<void> {
  await updateStamp(campus, 'SET finished_at = :t', { ':t': new Date().toISOString(), ':s': startedAt }, 'started_at = :s');
}
