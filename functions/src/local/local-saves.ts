import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@attain/shared-types';
import { abandonSave } from '../features/marks/sheet-claim-store.js';
import { documentClient } from '../platform/lib/aws.js';
import { config } from '../platform/lib/config.js';

/**
 * Undoes, at the local stack's start, every marks save the last stop cut short (docs/crash-safety.md). On one machine
 * no save outlives the process, so a sheet still claimed with an undo log at start belongs to a dead save: it is put
 * back at once from its log (`abandonSave`), instead of after its 60 s lease at the next read, so no half-written
 * sheet is ever served after a restart. One Scan of the table (local data only), then the undo of each sheet found.
 * @returns how many saves it undid
 */
export async function undoCutShortSaves(): Promise<number> {
  let undone = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: config().tableName,
        FilterExpression: 'attribute_exists(undo_log) AND attribute_exists(writing_by)',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const pk = String(item[TABLE.partitionKey]);
      const campus = /^T#(.+)#marks-sheet$/.exec(pk)?.[1];
      const by = String(item.writing_by);
      if (!campus) continue;
      const saveId = by.startsWith('undo#') ? by.slice('undo#'.length) : by;
      await abandonSave({ campus, actor: 'local-start', access: 'read-write' }, String(item[TABLE.sortKey]), saveId);
      undone++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return undone;
}
