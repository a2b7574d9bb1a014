import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { noteCampusChange } from '../../platform/store/campus-changes.js';
import type { CampusScope, SheetState } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { type MarksSheetDoc, documentKey } from '../../platform/store/documents.js';
import { undoSave } from './marks-store.js';

/**
 * One save of an occasion's marks at a time (ten parallel uploads must never leave a mix of files).
 * A save (grid, file or import worker) first *claims* the occasion's `marks-sheet` document with one conditional
 * UpdateItem: the sheet must still be at the version the save started from, and no other save may hold a live lease.
 * The claim moves the version on, so any other save that started from the same version gets 409 and writes nothing.
 * The holder logs what it will change (`writeUndo`), renews its lease while it writes (`renew`) and *releases* it when
 * every mark is stored (`complete`). A save that dies (crash, timeout, kill -9) stops renewing: once its lease runs out
 * after `LEASE_MS`, the next read or save of the sheet undoes it from its log (`settleSheet`), so the marks are the
 * ones of before it, and the sheet says so (`undone`) until the next save.
 */
export const LEASE_MS = 60_000;

/**
 * Whether the last save finished, is still under way, or stopped half-way (its lease ran out), from a stored
 * marks-sheet document (`writing_by`, `writing_until`, `complete`; none of them on sheets saved before claims).
 */
export function sheetState(doc: Readonly<MarksSheetDoc> | undefined, now = Date.now()): SheetState {
  if (typeof doc?.writing_by !== 'string') return doc?.complete === false ? 'interrupted' : doc?.rolled_back_at ? 'undone' : 'saved';
  return typeof doc.writing_until === 'string' && Date.parse(doc.writing_until) > now ? 'saving' : 'interrupted';
}

const key = (scope: CampusScope, occasion: string) => documentKey(scope, 'marks-sheet', occasion);

/**
 * Claims an occasion's marks for one save.
 * @param version the sheet version the save started from (0 = never saved)
 * @param saveId unique per save (a job id, or a random id for a direct save)
 * @returns the new sheet version
 * @throws HttpError 409 when the sheet moved on since `version`, or another save holds a live lease
 */
export async function claimSheet(
  scope: CampusScope,
  ids: { occasion: string; course: string },
  version: number,
  saveId: string,
  rows: number,
): Promise<number> {
  const now = new Date();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key(scope, ids.occasion),
        UpdateExpression:
          'SET #v = :next, writing_by = :id, writing_until = :until, complete = :no, occasion = :o, course = :c, last_rows = :rows, ' +
          'updated_by = :by, updated_at = :at, entityType = :et, undo_log = :yes REMOVE rolled_back_at, rolled_back_rows',
        ConditionExpression: `${version === 0 ? 'attribute_not_exists(#v)' : '#v = :v'} AND (attribute_not_exists(writing_until) OR writing_until < :at)`,
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: {
          ...(version === 0 ? {} : { ':v': version }),
          ':next': version + 1,
          ':id': saveId,
          ':until': new Date(now.getTime() + LEASE_MS).toISOString(),
          ':no': false,
          ':o': ids.occasion,
          ':c': ids.course,
          ':rows': rows,
          ':by': scope.actor,
          ':at': now.toISOString(),
          ':et': 'marks-sheet',
          ':yes': true,
        },
      }),
    );
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) {
      throw new HttpError(409, 'These marks were changed, or are being saved, by someone else since you read them: reload and try again');
    }
    throw e;
  }
  await noteCampusChange(scope.campus);
  return version + 1;
}

/** Extends a live claim by `LEASE_MS` (a long save calls this as it writes). @throws HttpError 409 when the claim was lost */
export async function renewClaim(scope: CampusScope, occasion: string, saveId: string): Promise<void> {
  await updateHeld(scope, occasion, saveId, 'SET writing_until = :until', { ':until': new Date(Date.now() + LEASE_MS).toISOString() });
}

/** Ends a claim: every mark of the save is stored. @throws HttpError 409 when the claim was lost meanwhile */
export async function completeClaim(scope: CampusScope, occasion: string, saveId: string): Promise<void> {
  await updateHeld(scope, occasion, saveId, 'SET complete = :yes REMOVE writing_by, writing_until, undo_log', { ':yes': true });
}

async function updateHeld(scope: CampusScope, occasion: string, saveId: string, expression: string, values: Record<string, unknown>) {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key(scope, occasion),
        UpdateExpression: expression,
        ConditionExpression: 'writing_by = :id',
        ExpressionAttributeValues: { ':id': saveId, ...values },
      }),
    );
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException)
      throw new HttpError(409, 'This save took too long and another one took over; reload and check the marks');
    throw e;
  }
}

/**
 * Undoes one save from its undo log (`undoSave`) and records that on the sheet (`rolled_back_at`, `rolled_back_rows`;
 * its claim released), if the sheet is still claimed by it and `condition` holds. One UpdateItem after the restore.
 * @returns the students put back and when
 */
async function rollBack(scope: CampusScope, occasion: string, saveId: string, onlyExpired: boolean) {
  const rows = await undoSave(scope, occasion, saveId);
  const at = new Date().toISOString();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key(scope, occasion),
        UpdateExpression: 'SET complete = :yes, rolled_back_at = :at, rolled_back_rows = :rows REMOVE writing_by, writing_until, undo_log',
        ConditionExpression: onlyExpired ? 'writing_by = :id AND writing_until < :at' : 'writing_by = :id',
        ExpressionAttributeValues: { ':id': saveId, ':yes': true, ':at': at, ':rows': rows },
      }),
    );
  } catch (e) {
    // Settled by another reader meanwhile (or claimed again after that): nothing more to do.
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
  await noteCampusChange(scope.campus);
  return { rows, at };
}

/**
 * Undoes a save that died half-way (its lease ran out, `sheetState` interrupted) from its undo log, so every reader
 * sees the marks of before it, and the sheet says `undone` until the next save. A sheet saved before undo logs existed
 * stays `interrupted`. Two readers settling at once both restore the same rows; one records it.
 * @returns the sheet as stored afterwards (unchanged when there was nothing to undo)
 */
export async function settleSheet<D extends MarksSheetDoc>(
  scope: CampusScope,
  occasion: string,
  doc: D | undefined,
): Promise<D | undefined> {
  if (!doc?.undo_log || typeof doc.writing_by !== 'string' || sheetState(doc) !== 'interrupted') return doc;
  const { rows, at } = await rollBack(scope, occasion, doc.writing_by, true);
  const { writing_by: _b, writing_until: _u, undo_log: _l, ...rest } = doc;
  return { ...rest, complete: true, rolled_back_at: at, rolled_back_rows: rows } as D;
}

/** Undoes a save that failed while it still holds its claim (an error while writing): the sheet is as before it. */
export async function abandonSave(scope: CampusScope, occasion: string, saveId: string): Promise<void> {
  await rollBack(scope, occasion, saveId, false);
}
