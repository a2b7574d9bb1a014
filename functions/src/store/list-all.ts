import type { Caller, EntityDef, EntityRecord } from '@attain/shared-types';
import { MAX_PAGE_SIZE } from '@attain/shared-types';
import { listRecords } from './records.js';

/** Every record of an entity in the caller's campus, optionally filtered (all pages, `MAX_PAGE_SIZE` each). */
export async function listAll(caller: Caller, def: EntityDef, filters: Record<string, string> = {}): Promise<EntityRecord[]> {
  const out: EntityRecord[] = [];
  let next: string | undefined;
  do {
    const page = await listRecords(caller, def, filters, next, MAX_PAGE_SIZE);
    out.push(...page.data);
    next = page.next ?? undefined;
  } while (next);
  return out;
}
