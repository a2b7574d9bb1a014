import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE, recordPk } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';

/**
 * The campus's change stamp, which says when its group summaries (`features/group/campus-summary.ts`) went stale
 * (`docs/decisions/0039-campus-summaries.md`). It lives in the campus's summary partition, beside the summaries, so the
 * one Query that reads a campus's summaries also reads whether they are current:
 * - `PK = T#<campus>#campus-summary`, `SK = changed`: `changed_at`, the time (ISO-8601 UTC) of the last write of an
 *   input the summaries count, taken after that write succeeded;
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
 * Stamps the campus's summaries stale: sets the change stamp's `changed_at` to now unless it is already later (one
 * conditional UpdateItem; a later stamp already there is kept). Call it after the write it records has succeeded, so a
 * summary computed after the stamp has read the write. The input writers outside `records.ts`/`documents.ts` call it:
 * stored results and their stamps, survey answers and invitations, mail sent and bounced, marks sheets.
 */
export async function noteCampusChange(campus: string): Promise<void> {
  const now = new Date().toISOString();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: { [TABLE.partitionKey]: campusSummaryPk(campus), [TABLE.sortKey]: CHANGED_SK },
        UpdateExpression: 'SET changed_at = :t, entityType = :e',
        ConditionExpression: 'attribute_not_exists(changed_at) OR changed_at < :t',
        ExpressionAttributeValues: { ':t': now, ':e': 'campus-summary' },
      }),
    );
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
}
