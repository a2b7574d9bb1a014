import { type CampusScope, type MarksRow, recordPk, textOf } from '@attain/shared-types';
import pLimit from 'p-limit';
import { batchWrite } from '../../platform/store/batch.js';
import { readPartition } from '../../platform/store/partition.js';

/**
 * Marks storage (docs/design.md "Storage": hot collections get their own partitions): one partition per occasion,
 * `PK` = `T#<tenant>#marks#<occasion id>`, one item per student (`SK` = student id) holding that student's
 * marks by question number and the `absent` flag. 10,000 students x 20 questions = 10,000 items = 400
 * BatchWriteItem calls.
 */
const pk = (scope: CampusScope, occasionId: string) => recordPk(scope.campus, `marks#${occasionId}`);

/** Every student's marks in an occasion (one Query per 1 MB page). */
export async function readMarks(scope: CampusScope, occasionId: string): Promise<MarksRow[]> {
  return (await readPartition(pk(scope, occasionId))).map((i) => ({
    student: textOf(i.SK),
    marks: (i.marks ?? {}) as MarksRow['marks'],
    ...(i.absent ? { absent: true } : {}),
  }));
}

/** What a bulk write did: items written and BatchWriteItem calls made (retries of unprocessed items included). */
export interface WriteStats {
  items: number;
  calls: number;
}

/** One student's change in a marks save: their row stored whole, or `{ student, clear: true }` (no marks entered). */
export type MarksWrite = MarksRow | { student: string; clear: true };

const isClear = (w: MarksWrite): w is { student: string; clear: true } => 'clear' in w;

/**
 * Writes students' marks with BatchWriteItem, 25 items per call, `parallel` calls at a time: a row is put whole, a
 * `clear` deletes the student's item (no marks entered). Unprocessed items are sent again with exponential backoff
 * (50 ms doubling, up to 8 tries) as DynamoDB asks; a batch still unprocessed after that throws, so no mark is
 * silently lost.
 * @param onProgress called with the number of items written so far
 * @param beforeBatch awaited before each BatchWriteItem (a save renews its claim there; throwing stops the writing)
 * @throws Error when DynamoDB keeps a batch unprocessed
 */
export async function writeMarks(
  scope: CampusScope,
  occasionId: string,
  rows: readonly MarksWrite[],
  onProgress?: (written: number) => Promise<void> | void,
  parallel = 8,
  beforeBatch?: () => Promise<void>,
): Promise<WriteStats> {
  const stats: WriteStats = { items: 0, calls: 0 };
  const batches: MarksWrite[][] = [];
  for (let i = 0; i < rows.length; i += 25) batches.push(rows.slice(i, i + 25));
  const send = async (batch: MarksWrite[]) => {
    // Awaited first, then added: `stats.calls += await ...` reads the count before the await, so parallel workers
    // would each add to a stale value and lose one another's calls.
    const calls = await batchWrite(
      batch.map((r) =>
        isClear(r)
          ? { DeleteRequest: { Key: { PK: pk(scope, occasionId), SK: r.student } } }
          : {
              PutRequest: {
                Item: {
                  PK: pk(scope, occasionId),
                  SK: r.student,
                  entityType: 'marks',
                  marks: r.marks,
                  ...(r.absent ? { absent: true } : {}),
                },
              },
            },
      ),
    );
    stats.calls += calls;
    stats.items += batch.length;
  };
  let next = 0;
  let lastReported = 0;
  const worker = async () => {
    while (next < batches.length) {
      const b = batches[next++];
      await beforeBatch?.();
      await send(b);
      if (onProgress && stats.items - lastReported >= 1000) {
        lastReported = stats.items;
        await onProgress(stats.items);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, batches.length) }, worker));
  await onProgress?.(stats.items);
  return stats;
}

/**
 * The undo log of saves under way: `T#<tenant>#marks-undo#<occasion>`, one item per student a save is about to change
 * (`SK` = `<save id>#<student id>`), holding that student's row as it was (`had` false: the student had no row). A
 * save writes its log before any mark and deletes it when done, so a save that dies half-way is undone from it
 * (`undoSave`): a sheet is the old one or the new one, never a mix.
 */
const undoPk = (scope: CampusScope, occasionId: string) => recordPk(scope.campus, `marks-undo#${occasionId}`);

/**
 * Logs, before a save writes, the stored row of every student it will change (`students`; `stored`: the occasion's
 * rows as read). BatchWriteItem, 25 items per call.
 */
export async function writeUndo(
  scope: CampusScope,
  occasionId: string,
  saveId: string,
  students: readonly string[],
  stored: readonly MarksRow[],
): Promise<void> {
  const old = new Map(stored.map((r) => [r.student, r]));
  const items = students.map((s) => {
    const r = old.get(s);
    return {
      PutRequest: {
        Item: {
          PK: undoPk(scope, occasionId),
          SK: `${saveId}#${s}`,
          entityType: 'marks-undo',
          student: s,
          had: Boolean(r),
          ...(r ? { marks: r.marks, ...(r.absent ? { absent: true } : {}) } : {}),
        },
      },
    };
  });
  await inBatches(items);
}

/** Sends write requests 25 per BatchWriteItem, 8 calls at a time (as `writeMarks`). */
async function inBatches(requests: readonly Parameters<typeof batchWrite>[0][number][]): Promise<void> {
  const limit = pLimit(8);
  const calls: Promise<number>[] = [];
  for (let i = 0; i < requests.length; i += 25) calls.push(limit(() => batchWrite(requests.slice(i, i + 25))));
  await Promise.all(calls);
}

/** The undo items of one save. */
async function undoItems(scope: CampusScope, occasionId: string, saveId: string) {
  return (await readPartition(undoPk(scope, occasionId), undefined, { consistent: true })).filter((i) =>
    textOf(i.SK).startsWith(`${saveId}#`),
  );
}

/**
 * Deletes a save's undo items (it finished, or it was undone): by their keys when the save's `students` are known (no
 * read), else read from the log first.
 */
export async function dropUndo(scope: CampusScope, occasionId: string, saveId: string, students?: readonly string[]): Promise<void> {
  const keys = students
    ? students.map((s) => ({ PK: undoPk(scope, occasionId), SK: `${saveId}#${s}` }))
    : (await undoItems(scope, occasionId, saveId)).map((i) => ({ PK: i.PK, SK: i.SK }));
  await inBatches(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/**
 * Puts back every row a save that died changed, from its undo log: a student who had a row gets it back whole, one who
 * had none loses the row the save wrote. Idempotent (a second run writes the same rows). The log is then deleted.
 * @returns how many students were put back
 */
export async function undoSave(scope: CampusScope, occasionId: string, saveId: string): Promise<number> {
  const items = await undoItems(scope, occasionId, saveId);
  const rows: MarksWrite[] = items.map((i) =>
    i.had
      ? { student: textOf(i.student), marks: (i.marks ?? {}) as MarksRow['marks'], ...(i.absent ? { absent: true } : {}) }
      : { student: textOf(i.student), clear: true as const },
  );
  await writeMarks(scope, occasionId, rows);
  await dropUndo(scope, occasionId, saveId);
  return rows.length;
}
