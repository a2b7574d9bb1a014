import type { CampusScope, EntityDef, RecordOf } from '@attain/shared-types';
import { MAX_PAGE_SIZE } from '@attain/shared-types';
import { listRecords } from './records.js';

/** Every record of an entity in the scope's campus, optionally filtered (all pages, `MAX_PAGE_SIZE` each). */
export async function listAll<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  filters: Record<string, string> = {},
): Promise<RecordOf<D>[]> {
  const out: RecordOf<D>[] = [];
  let next: string | undefined;
  do {
    const page = await listRecords(scope, def, filters, next, MAX_PAGE_SIZE);
    out.push(...page.data);
    next = page.next ?? undefined;
  } while (next);
  return out;
}
