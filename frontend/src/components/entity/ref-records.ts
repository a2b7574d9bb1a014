import { ENTITIES, type EntityDef, type EntityRecord, type FieldDef, profile } from '@attain/shared-types';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { crud } from '../../app/crud-client';
import { qk } from '../../app/query-keys';
import { type ListedRecord, useListQuery } from './list-cache';

/** Ids one `?ids=` request may carry (the server answers up to 100 of the caller's campus). */
export const IDS_PER_REQUEST = 100;

// The labels are pure and shared with the server's documents (the faculty CV).
export { fieldRefLabel, refLabel } from '@attain/shared-types';

/**
 * The records of `target` with these ids: `GET <path>?ids=<id1>,<id2>,...` (at most `IDS_PER_REQUEST`; unknown ids
 * are simply absent). Quiet: a reference label that cannot be read shows empty rather than interrupting the page.
 */
export async function fetchByIds(target: EntityDef, ids: readonly string[]): Promise<EntityRecord[]> {
  return (await crud.list(target, { ids: ids.join(',') }, { quiet: true })).data;
}

/** Entities listed whole at their own path rather than read by id (the users: `/api/auth/user-list`). */
/**
 * The one entity read whole instead of by id: the campus's users (`/api/auth/user-list` answers every user and has
 * no `?ids=`). Any other entity with its own list path would need the same treatment, so it is refused here.
 */
const LISTED_WHOLE = profile;
const unsupported = Object.values(ENTITIES).filter((e) => e.listPath && e !== LISTED_WHOLE);
if (unsupported.length) throw new Error(`Reference lookups do not support list paths of ${unsupported.map((e) => e.name).join(', ')}`);

/** Records wanted by id: `ids` of `target` (one group = what one page shows; empty and repeated ids are ignored). */
export interface RefWant {
  target: EntityDef;
  ids: readonly unknown[];
}

/**
 * A lookup of records read by id: `(target, id)` gives the record of `target` with that id, typed from the entity's
 * definition (`ListedRecord<typeof course>` for `course`, a `CampusUser` for the profile), or undefined while loading or when the id is unknown.
 */
export type RefLookup = <D extends EntityDef>(target: D, id: unknown) => ListedRecord<D> | undefined;

/**
 * Reads referenced records by id, only those wanted: each group's distinct ids (sorted, in batches of
 * `IDS_PER_REQUEST`) are one query `qk.refs(entity, ids)`, so a table asks for the ids its page shows and a page read
 * before is not asked again. Users come from the campus's user list (one cached query; that route lists them all).
 * @returns a lookup `(target, id) -> record` (undefined while loading or when the id is unknown)
 */
export function useRefRecords(wants: readonly RefWant[]): RefLookup {
  const signature = JSON.stringify(
    wants
      .map((w) => [w.target.name, [...new Set(w.ids.filter((v) => typeof v === 'string' && v !== ''))].sort()])
      .filter(([, ids]) => ids.length),
  );
  const { batches, whole } = useMemo(() => {
    const groups = JSON.parse(signature) as [string, string[]][];
    const out: { target: EntityDef; ids: string[] }[] = [];
    const seen = new Set<string>();
    const wholeNames = new Set<string>();
    for (const [name, ids] of groups) {
      const target = ENTITIES[name];
      if (target.listPath) {
        wholeNames.add(name);
        continue;
      }
      for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
        const chunk = ids.slice(i, i + IDS_PER_REQUEST);
        const key = `${name}:${chunk.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ target, ids: chunk });
      }
    }
    return { batches: out, whole: wholeNames };
  }, [signature]);
  const results = useQueries({
    queries: batches.map((b) => ({
      queryKey: qk.refs(b.target.name, b.ids),
      queryFn: () => fetchByIds(b.target, b.ids),
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    })),
  });
  // The users are read whole, only when a column wants them.
  const users = useListQuery(LISTED_WHOLE, whole.has(LISTED_WHOLE.name) ? {} : null);
  // The lookup changes identity only when what was read changes (memoised tables re-render their cells then).
  const stamp = [...results.map((r) => r.dataUpdatedAt), users.dataUpdatedAt].join(',');
  return useMemo(() => {
    const found = new Map<string, Map<string, EntityRecord>>();
    const add = (name: string, rows: readonly EntityRecord[] | undefined) => {
      const m = found.get(name) ?? new Map<string, EntityRecord>();
      for (const r of rows ?? []) m.set(r.id, r);
      found.set(name, m);
    };
    results.forEach((r, i) => add(batches[i].target.name, r.data));
    add(LISTED_WHOLE.name, users.rows);
    // Each map holds the records the server listed for that entity (`fetchByIds`, the user list), so a record found
    // under `target`'s name is a record of `target`.
    const lookup: RefLookup = <D extends EntityDef>(target: D, id: unknown) =>
      found.get(target.name)?.get(String(id)) as ListedRecord<D> | undefined;
    return lookup;
    // `stamp` stands for `results` and `users`, whose identities change on every render: the lookup (and the
    // memoised table cells that use it) changes only when what was read changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp, batches]);
}

/**
 * The server filters that scope a reference picker of `fd` (a field of `def`) given the values chosen so far (the
 * form's, and the list filters it was opened under): the referenced entity's declared `filters` that name a chosen
 * reference to the same entity (a course's terms by `?curriculum=`, a curriculum's courses by `?curriculum=&term=`).
 * A field declaring `within` is scoped by that field only (a lab experiment's CO by its course). A reference to the
 * entity's own kind is not scoped by a field that is itself `within` another (a prerequisite course may be of another
 * term of the same curriculum).
 */
export function pickerScope(def: EntityDef, fd: FieldDef, chosen: Readonly<Record<string, unknown>>): Record<string, string> {
  const target = fd.ref ? ENTITIES[fd.ref] : undefined;
  const out: Record<string, string> = {};
  if (!target) return out;
  const candidates = fd.within ? [fd.within] : (target.filters ?? []);
  for (const k of candidates) {
    const v = chosen[k];
    if (k === fd.name || !target.filters?.includes(k) || v === undefined || v === null || v === '') continue;
    const mine = def.fields.find((x) => x.name === k);
    const theirs = target.fields.find((x) => x.name === k);
    if (mine?.kind !== 'ref' || theirs?.kind !== 'ref' || mine.ref !== theirs.ref) continue;
    if (target.name === def.name && mine.within) continue;
    out[k] = String(v);
  }
  return out;
}
