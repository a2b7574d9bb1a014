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
        // A dead save still to be undone (its log pending) is undone by a read first (`settleSheet`), never built over.
        ConditionExpression:
          `${version === 0 ? 'attribute_not_exists(#v)' : '#v = :v'} AND (attribute_not_exists(writing_until) OR writing_until < :at)` +
          ' AND attribute_not_exists(undo_log)',
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
        // Only while the lease is live: once it has run out, a reader may be undoing this save.
        ConditionExpression: 'writing_by = :id AND writing_until > :now',
        ExpressionAttributeValues: { ':id': saveId, ':now': new Date().toISOString(), ...values },
      }),
    );
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException)
      throw new HttpError(409, 'This save took too long and another one took over; reload and check the marks');
    throw e;
  }
}

/** The claim an undo of `saveId` holds while it restores the rows (so a save that was only slow cannot renew). */
const undoClaim = (saveId: string) => `undo#${saveId}`;

/**
 * Undoes one save from its undo log and records that on the sheet. Three steps, so a save that was only slow and an
 * undo never write at once: the undo first takes the claim from the save (conditional: still the save's, and for a
 * reader its lease has run out; or a previous undo of it that died), then puts the rows back (`undoSave`), then
 * releases the claim recording `rolled_back_at` and `rolled_back_rows`. A save that lost its claim this way can no
 * longer renew or complete (409). An undo that dies is taken over by the next reader once its own lease runs out.
 * @returns the students put back and when; undefined when the claim was not the save's to take (nothing done)
 */
async function rollBack(scope: CampusScope, occasion: string, saveId: string, onlyExpired: boolean) {
  const now = new Date();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key(scope, occasion),
        UpdateExpression: 'SET writing_by = :undo, writing_until = :until',
        ConditionExpression: onlyExpired
          ? '(writing_by = :id OR writing_by = :undo) AND writing_until < :now'
          : 'writing_by = :id OR (writing_by = :undo AND writing_until < :now)',
        ExpressionAttributeValues: {
          ':id': saveId,
          ':undo': undoClaim(saveId),
          ':now': now.toISOString(),
          ':until': new Date(now.getTime() + LEASE_MS).toISOString(),
        },
      }),
    );
  } catch (e) {
    // Renewed, settled or claimed by someone else meanwhile: not this call's to undo.
    if (e instanceof ConditionalCheckFailedException) return undefined;
    throw e;
  }
  const rows = await undoSave(scope, occasion, saveId);
  const at = new Date().toISOString();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key(scope, occasion),
        UpdateExpression: 'SET complete = :yes, rolled_back_at = :at, rolled_back_rows = :rows REMOVE writing_by, writing_until, undo_log',
        ConditionExpression: 'writing_by = :undo',
        ExpressionAttributeValues: { ':undo': undoClaim(saveId), ':yes': true, ':at': at, ':rows': rows },
      }),
    );
  } catch (e) {
    // This undo outlived its lease and another reader finished it: the rows are the same.
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
  await noteCampusChange(scope.campus);
  return { rows, at };
}

/**
 * Undoes a save that died half-way (its lease ran out, `sheetState` interrupted) from its undo log, so every reader
 * sees the marks of before it, and the sheet says `undone` until the next save. A sheet saved before undo logs existed
 * stays `interrupted`. Of two readers settling at once, one undoes and the other leaves it.
 * @returns the sheet as stored afterwards (unchanged when there was nothing to undo or another reader is undoing it)
 */
export async function settleSheet<D extends MarksSheetDoc>(
  scope: CampusScope,
  occasion: string,
  doc: D | undefined,
): Promise<D | undefined> {
  if (!doc?.undo_log || typeof doc.writing_by !== 'string' || sheetState(doc) !== 'interrupted') return doc;
  const saveId = doc.writing_by.startsWith('undo#') ? doc.writing_by.slice('undo#'.length) : doc.writing_by;
  const done = await rollBack(scope, occasion, saveId, true);
  if (!done) return doc;
  const { writing_by: _b, writing_until: _u, undo_log: _l, ...rest } = doc;
  return { ...rest, complete: true, rolled_back_at: done.at, rolled_back_rows: done.rows } as D;
}

/** Undoes a save that failed while it still holds its claim (an error while writing): the sheet is as before it. */
export async function abandonSave(scope: CampusScope, occasion: string, saveId: string): Promise<void> {
  await rollBack(scope, occasion, saveId, false);
}
