import {
  type CampusScope,
  DEFAULT_LOCALE,
  ENTITIES,
  type EntityRecord,
  FACULTY_RECORDS,
  type FieldDef,
  OWNER_FIELD,
  fieldRefLabel,
  organization,
  profile,
} from '@attain/shared-types';
import { listAll } from '../../../platform/store/list-all.js';
import { MAX_IDS, findRecord, recordsByIds } from '../../../platform/store/records.js';
import type { CvInput } from './cv-model.js';
import { groupNewestFirst } from './record-order.js';

/**
 * Reads what a member's CV is made of, in the scope's campus: the organization (name, locale), the 13 record types
 * of the member (one GSI1 Query each, in parallel) and every record their reference fields and the profile's name
 * (one BatchGetItem per referenced type and 100 ids). `member` is the member's stored profile. The caller has
 * already decided that the reader may see this member. `now` dates the footer.
 */
export async function cvInput(scope: CampusScope, member: EntityRecord, email: string, now: Date): Promise<CvInput> {
  const [org, ...lists] = await Promise.all([
    findRecord(scope, organization, scope.campus),
    ...FACULTY_RECORDS.map((def) => listAll(scope, def, { [OWNER_FIELD]: member.id })),
  ]);
  const groups = groupNewestFirst(Object.fromEntries(FACULTY_RECORDS.map((def, i) => [def.name, lists[i] as EntityRecord[]])));

  // Every referenced id, by referenced type (the owner field is the member themselves and is not shown).
  const wanted = new Map<string, Set<string>>();
  const want = (fields: readonly FieldDef[], rec: Readonly<Record<string, unknown>>) => {
    for (const fd of fields) {
      const id = rec[fd.name];
      if (fd.kind !== 'ref' || fd.name === OWNER_FIELD || typeof id !== 'string' || !fd.ref || !ENTITIES[fd.ref]) continue;
      wanted.set(fd.ref, (wanted.get(fd.ref) ?? new Set()).add(id));
    }
  };
  want(profile.fields, member);
  for (const g of groups) for (const r of g.records) want(g.def.fields, r);
  const found = new Map<string, EntityRecord>();
  await Promise.all(
    [...wanted].flatMap(([name, ids]) => {
      const all = [...ids];
      return Array.from({ length: Math.ceil(all.length / MAX_IDS) }, async (_, i) => {
        for (const r of await recordsByIds(scope, ENTITIES[name], all.slice(i * MAX_IDS, (i + 1) * MAX_IDS)))
          found.set(`${name}|${r.id}`, r);
      });
    }),
  );

  return {
    member,
    email,
    organizationName: org?.name ?? '',
    locale: org?.locale ?? DEFAULT_LOCALE,
    groups,
    refText: (fd, id) => {
      const r = found.get(`${fd.ref}|${id}`);
      return r ? fieldRefLabel(fd, r) : undefined;
    },
    now,
  };
}
