import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusScope, TABLE, recordPk } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { noteCampusChange } from '../../platform/store/campus-changes.js';
import { setFields } from '../../platform/store/set-fields.js';

/**
 * The input stamps of a program's courses, kept in the program's results partition (`PK = T#<campus>#attainment-result#
 * <program>`, see `features/attainment/result-store.ts`), so the one Query that reads a program's results also reads
 * whether each is current:
 * - `SK = inputs#<course>`: `changed_at` (last change to the course's marks, paper, occasions, COs or matrix),
 *   `queued_at` (last time its recomputation was handed to the results queue), `computed_at` (last time its results
 *   were stored);
 * - `SK = inputs#*`: the program's own stamp: `queued_at` when a change of every course (the attainment method) was
 *   queued;
 * - `SK = surveys#PO`: the program's PO/PSO survey evidence: `changed_at` (last answer, paper count, invitation or
 *   change of one of its PO surveys) and, once computed, `computed_at` and the evidence itself
 *   (`features/attainment/result-store.ts`).
 * All times are ISO-8601 UTC.
 */
const table = () => config().tableName;

/** The partition of a program's stored results and input stamps. */
export const resultsPk = (scope: CampusScope, program: string) => recordPk(scope.campus, `attainment-result#${program}`);
/** The sort key of a course's input stamp. */
export const stampSk = (course: string) => `inputs#${course}`;
/** The sort key of the program's own stamp (a change of every course). */
export const PROGRAM_STAMP_SK = 'inputs#*';
/** The sort key of the program's PO/PSO survey evidence and its stamp. */
export const SURVEYS_SK = 'surveys#PO';

/**
 * Sets time fields (ISO-8601 UTC) of an input stamp: one UpdateItem, creating the stamp when missing; then stamps the
 * campus's group summaries stale (`noteCampusChange`, one more UpdateItem), as the program's stored attainment moves.
 * @param sk which stamp: `stampSk(course)`, `PROGRAM_STAMP_SK` or `SURVEYS_SK`
 */
export async function setStamp(
  scope: CampusScope,
  program: string,
  sk: string,
  fields: Partial<Record<'changed_at' | 'queued_at' | 'computed_at' | 'students_at' | 'students_queued_at', string>>,
): Promise<void> {
  const course = sk.startsWith('inputs#') ? sk.slice('inputs#'.length) : '*';
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { [TABLE.partitionKey]: resultsPk(scope, program), [TABLE.sortKey]: sk },
      ...setFields({ course, entityType: 'attainment-inputs', ...fields }),
    }),
  );
  await noteCampusChange(scope.campus);
}
