import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type CampusScope,
  type FrozenSnapshot,
  type FrozenYear,
  TABLE,
  academicYearOf,
  frozenRefusal,
  recordPk,
} from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { readPartition } from '../store/partition.js';

/**
 * Frozen (approved) attainment years (issue 16). One partition per program, so a program's approvals are one Query
 * and the guard of a write that knows its year is one GetItem:
 * - `PK = T#<campus>#attainment-freeze#<program>`, `SK = <academic year>` (`2025-26`): a `FrozenSnapshot` (the wire
 *   `FrozenYear` plus that year's `ProgramAttainment` as approved).
 * An unfrozen year keeps its item (status `Unfrozen`, who, when and why); approving it again replaces the snapshot.
 * This module imports no computation, so the domains that only guard their writes (curriculum, assessments) stay small.
 */
const table = () => config().tableName;
const pk = (scope: CampusScope, program: string) => recordPk(scope.campus, `attainment-freeze#${program}`);
const key = (scope: CampusScope, program: string, year: string) => ({ [TABLE.partitionKey]: pk(scope, program), [TABLE.sortKey]: year });

/** The stored snapshot of an item (table keys dropped). */
function snapshotOf(item: Record<string, unknown>): FrozenSnapshot {
  const { PK: _pk, SK: _sk, entityType: _e, ...rest } = item;
  return rest as unknown as FrozenSnapshot;
}

/** The wire shape of an approval: the snapshot's figures left out (they can be large; the SAR reads them). */
export function frozenYearView(s: FrozenSnapshot): FrozenYear {
  const { attainment: _a, ...rest } = s;
  return rest;
}

/** Every approval of a program (frozen and unfrozen), newest year first, with their snapshots. One strongly consistent Query per MB. */
export async function listFrozenYears(scope: CampusScope, program: string): Promise<FrozenSnapshot[]> {
  return (await readPartition(pk(scope, program), undefined, { consistent: true, newestFirst: true })).map(snapshotOf);
}

/** One year's approval of a program, or undefined when it was never approved. One strongly consistent GetItem. */
export async function getFrozenYear(scope: CampusScope, program: string, year: string): Promise<FrozenSnapshot | undefined> {
  const res = await documentClient().send(new GetCommand({ TableName: table(), Key: key(scope, program, year), ConsistentRead: true }));
  return res.Item ? snapshotOf(res.Item) : undefined;
}

/**
 * Stores a fresh approval (version 1, or the unfrozen item's version + 1). One conditional PutItem.
 * @param previous the year's stored (unfrozen) item, when there is one
 * @throws HttpError 409 when the year was approved (or changed) in between
 */
export async function putFrozenYear(scope: CampusScope, snapshot: FrozenSnapshot, previous?: FrozenSnapshot): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...key(scope, snapshot.program, snapshot.academic_year), entityType: 'attainment-freeze', ...snapshot },
        ConditionExpression: previous ? '#v = :v AND #s = :u' : 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: previous ? { '#v': 'version', '#s': 'status' } : { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: previous ? { ':v': previous.version, ':u': 'Unfrozen' } : undefined,
      }),
    );
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException)
      throw new HttpError(409, `${snapshot.academic_year} was approved by someone else just now: reload`);
    throw e;
  }
}

/**
 * Marks a frozen year `Unfrozen` with who, when and why, if its version is still `version`. One conditional UpdateItem.
 * @returns the unfrozen approval
 * @throws HttpError 409 when the version is stale or the year is not frozen
 */
export async function unfreezeYear(
  scope: CampusScope,
  program: string,
  year: string,
  version: number,
  reason: string,
): Promise<FrozenSnapshot> {
  try {
    const res = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: key(scope, program, year),
        UpdateExpression: 'SET #s = :u, unfrozen_by = :by, unfrozen_at = :at, unfreeze_reason = :r, #v = :next',
        ConditionExpression: '#v = :v AND #s = :f',
        ExpressionAttributeNames: { '#s': 'status', '#v': 'version' },
        ExpressionAttributeValues: {
          ':u': 'Unfrozen',
          ':f': 'Frozen',
          ':by': scope.actor,
          ':at': new Date().toISOString(),
          ':r': reason,
          ':v': version,
          ':next': version + 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return snapshotOf(res.Attributes ?? {});
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException)
      throw new HttpError(409, `The approval of ${year} changed since you read it (or it is not frozen): reload and try again`);
    throw e;
  }
}

/** The 409 a write gets while `f` is frozen. */
const refuse = (f: FrozenYear, programTitle?: string) => new HttpError(409, frozenRefusal(f, programTitle));

/**
 * Refuses a write to the inputs of one program year (marks and question papers of an occasion of that year).
 * One GetItem. An occasion without a date counts in no approvable year and is never refused.
 * @param heldOn the occasion's date (ISO), which gives its academic year
 * @throws HttpError 409 naming the program, year, approver and date while the year is frozen
 */
export async function assertYearOpen(scope: CampusScope, program: string | undefined, heldOn: string | undefined, programTitle?: string) {
  if (!program || !heldOn) return;
  const f = await getFrozenYear(scope, program, academicYearOf(heldOn));
  if (f?.status === 'Frozen') throw refuse(f, programTitle);
}

/**
 * Refuses a change to a course's CO-PO matrix while any frozen year of its program has results for that course (the
 * matrix has no year: it feeds every year's PO figures). One Query of the program's approvals.
 * @throws HttpError 409 as `assertYearOpen`
 */
export async function assertCourseOpen(scope: CampusScope, program: string | undefined, course: string) {
  if (!program) return;
  const f = (await listFrozenYears(scope, program)).find(
    (y) => y.status === 'Frozen' && y.inputs.some((i) => i.kind === 'co-po-matrix' && i.id === course),
  );
  if (f) throw refuse(f);
}

/**
 * Refuses a change to a program's attainment method while any of its years is frozen (the method has no year: every
 * year's results are computed again with it). One Query of the program's approvals.
 * @throws HttpError 409 as `assertYearOpen`
 */
export async function assertProgramOpen(scope: CampusScope, program: string) {
  const f = (await listFrozenYears(scope, program)).find((y) => y.status === 'Frozen');
  if (f) throw refuse(f);
}
