import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type CampusScope, type FrozenSnapshot, type FrozenYear, TABLE, program as programEntity, recordPk } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { batchWrite } from '../../platform/store/batch.js';
import { listAll } from '../../platform/store/list-all.js';
import { readPartition } from '../../platform/store/partition.js';

/**
 * Frozen (approved) attainment years. One partition per program, so a program's approvals are one Query
 * and the guard of a write that knows its year is one GetItem:
 * - `PK = T#<campus>#attainment-freeze#<program>`, `SK = <academic year>` (`2025-26`): a `FrozenSnapshot` (the wire
 *   `FrozenYear` plus that year's `ProgramAttainment` as approved);
 * - `PK = T#<campus>#attainment-freeze-index`, `SK = <program>#<academic year>`: a `FrozenCoverage` (status, approver,
 *   and the ids of the courses and occasions the approval holds), written in the same transaction as the snapshot, so
 *   the one gate of every input write (`assertCourseYearOpen`) reads the campus's approvals in one small Query.
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

/** The campus's index of approvals: one small item per program year (`<program>#<year>`), read whole by the gate. */
const indexPk = (scope: CampusScope) => recordPk(scope.campus, 'attainment-freeze-index');
const indexKey = (scope: CampusScope, program: string, year: string) => ({
  [TABLE.partitionKey]: indexPk(scope),
  [TABLE.sortKey]: `${program}#${year}`,
});

/**
 * One approval as the gate reads it (`assertCourseYearOpen`): who approved which program year, and the courses and
 * occasions whose results it holds (from the snapshot's inputs: a course's CO-PO matrix, an occasion's marks sheet).
 */
export interface FrozenCoverage extends Pick<FrozenYear, 'program' | 'academic_year' | 'status' | 'approved_by' | 'approved_at'> {
  /** Course (`course-curriculum`) ids with results in the approved year. */
  courses: string[];
  /** Occasion ids of the approved year. */
  occasions: string[];
}

/** The index item of a snapshot (what the gate needs, a few KB even for a large program). */
const coverageOf = (s: FrozenSnapshot): FrozenCoverage => ({
  program: s.program,
  academic_year: s.academic_year,
  status: s.status,
  approved_by: s.approved_by,
  approved_at: s.approved_at,
  courses: s.inputs.filter((i) => i.kind === 'co-po-matrix').map((i) => i.id),
  occasions: s.inputs.filter((i) => i.kind === 'marks-sheet').map((i) => i.id),
});

/** The index item saying every approval of the campus is in the index (approvals made before it existed included). */
const INDEXED_MARKER = '#indexed';

/**
 * Puts every approval of the campus into its index (approvals stored before the index existed), then the marker that
 * says so. Runs once per campus, from the first gated write that finds no marker: one Query of the programs and one
 * per program's approvals. An approval made meanwhile writes its own index item, so the two never disagree.
 */
async function indexEarlierApprovals(scope: CampusScope): Promise<Record<string, unknown>[]> {
  const programs = await listAll(scope, programEntity);
  const snapshots = (await Promise.all(programs.map((p) => listFrozenYears(scope, p.id)))).flat();
  const items = snapshots.map((s) => ({
    ...indexKey(scope, s.program, s.academic_year),
    entityType: 'attainment-freeze-index',
    ...coverageOf(s),
  }));
  const puts = items.map((Item) => ({ PutRequest: { Item } }));
  for (let i = 0; i < puts.length; i += 25) await batchWrite(puts.slice(i, i + 25));
  // The marker last: a crash before it only means the next gated write indexes again.
  await batchWrite([
    {
      PutRequest: {
        Item: { [TABLE.partitionKey]: indexPk(scope), [TABLE.sortKey]: INDEXED_MARKER, entityType: 'attainment-freeze-index' },
      },
    },
  ]);
  return items;
}

/**
 * The campus's frozen years with the courses and occasions each covers. One strongly consistent Query (the first time
 * on a campus whose approvals predate the index, `indexEarlierApprovals` fills it first).
 */
export async function frozenCoverage(scope: CampusScope): Promise<FrozenCoverage[]> {
  let items = await readPartition(indexPk(scope), undefined, { consistent: true });
  if (!items.some((i) => i[TABLE.sortKey] === INDEXED_MARKER)) items = await indexEarlierApprovals(scope);
  return items.map((i) => i as unknown as FrozenCoverage).filter((c) => c.status === 'Frozen');
}

/**
 * Stores a fresh approval (version 1, or the unfrozen item's version + 1) and its entry in the campus's index, in one
 * TransactWriteItems (conditional on the approval).
 * @param previous the year's stored (unfrozen) item, when there is one
 * @throws HttpError 409 when the year was approved (or changed) in between
 */
export async function putFrozenYear(scope: CampusScope, snapshot: FrozenSnapshot, previous?: FrozenSnapshot): Promise<void> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...key(scope, snapshot.program, snapshot.academic_year), entityType: 'attainment-freeze', ...snapshot },
              ConditionExpression: previous ? '#v = :v AND #s = :u' : 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: previous ? { '#v': 'version', '#s': 'status' } : { '#pk': TABLE.partitionKey },
              ExpressionAttributeValues: previous ? { ':v': previous.version, ':u': 'Unfrozen' } : undefined,
            },
          },
          {
            Put: {
              TableName: table(),
              Item: {
                ...indexKey(scope, snapshot.program, snapshot.academic_year),
                entityType: 'attainment-freeze-index',
                ...coverageOf(snapshot),
              },
            },
          },
        ],
      }),
    );
  } catch (e) {
    if (e instanceof TransactionCanceledException)
      throw new HttpError(409, `${snapshot.academic_year} was approved by someone else just now: reload`);
    throw e;
  }
}

/**
 * Marks a frozen year `Unfrozen` with who, when and why, if its version is still `version`, and its index entry with
 * it: one TransactWriteItems, then one GetItem of the result.
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
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
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
            },
          },
          {
            Update: {
              TableName: table(),
              Key: indexKey(scope, program, year),
              UpdateExpression: 'SET #s = :u',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':u': 'Unfrozen' },
            },
          },
        ],
      }),
    );
  } catch (e) {
    if (e instanceof TransactionCanceledException)
      throw new HttpError(409, `The approval of ${year} changed since you read it (or it is not frozen): reload and try again`);
    throw e;
  }
  const after = await getFrozenYear(scope, program, year);
  if (!after) throw new HttpError(404, `${year} was never approved`);
  return after;
}
