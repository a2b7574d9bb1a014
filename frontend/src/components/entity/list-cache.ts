import {
  CRUD_ENTITIES,
  type EntityDef,
  type EntityRecord,
  type ListResponse,
  OCCASION_KINDS,
  PAGE_SIZE,
  occasion,
  type RecordOf,
  type CampusUser,
  profile,
} from '@attain/shared-types';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../app/api';
import { crud } from '../../app/crud-client';
import { DOCUMENT_PATHS, type Filters, qk } from '../../app/query-keys';

/** One page of a list as the server sends it: records of `R` (any entity's by default) and the next page's cursor. */
export type ListPage<R extends ListRow = EntityRecord> = ListResponse<R>;
/** A cached list: the pages read so far and the cursor each was read with. */
export type ListData<R extends ListRow = EntityRecord> = InfiniteData<ListPage<R>, string | null>;
/** What every listed row has: its record id. */
export type ListRow = { id: string };
/**
 * A record of `D` as lists and by-id reads give it: `RecordOf<D>`, except the profile, whose list (the campus's user
 * list, `/api/auth/user-list`) answers `CampusUser` (the profile plus `name`).
 */
export type ListedRecord<D extends EntityDef> = D extends typeof profile ? CampusUser : RecordOf<D>;

/** Where an entity's records are listed (the profile's list is `/api/auth/user-list`). */
export const listPathOf = (def: EntityDef): string => def.listPath ?? def.path;

/** A list's query parameters: values as text, empty ones left out (an empty filter means "all"). */
export function cleanFilters(values: Readonly<Record<string, unknown>>): Filters {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

/** Server pages read at most to fill one page of a list whose filter leaves pages sparse (a FilterExpression). */
const MAX_HOPS = 5;

/**
 * One page of `path` from `cursor` (null = the first): `GET path?<filters>&limit=PAGE_SIZE[&next=cursor]`. A filter the
 * server applies inside its Query can leave a page short (even empty) with more to come; such pages are topped up
 * from the following ones, up to `MAX_HOPS` requests, so "Load more" always brings rows when there are any.
 */
export async function fetchListPage<R extends ListRow = EntityRecord>(
  path: string,
  filters: Filters,
  cursor: string | null,
  /** A poll refreshing rows on screen: no loading overlay, no popup when it fails (the next poll tries again). */
  background = false,
): Promise<ListPage<R>> {
  const data: R[] = [];
  let next = cursor;
  let hops = 0;
  do {
    const q = new URLSearchParams({ ...filters, limit: String(PAGE_SIZE) });
    if (next) q.set('next', next);
    const res = await api<ListPage<R>>('GET', `${path}?${q}`, undefined, { background, quiet: background });
    data.push(...res.data);
    next = res.next;
    hops++;
  } while (next && data.length < PAGE_SIZE && hops < MAX_HOPS);
  return { data, next };
}

/**
 * Every row of `path` under `filters`, reading `limit` rows a request and following `next` to the end (a course's
 * students, to mail them all).
 */
export async function fetchEveryPage<D extends EntityDef>(def: D, filters: Filters, limit: number): Promise<RecordOf<D>[]> {
  const rows: RecordOf<D>[] = [];
  let next: string | null = null;
  do {
    const res: ListResponse<RecordOf<D>> = await crud.list(def, { ...filters, limit: String(limit), ...(next ? { next } : {}) });
    rows.push(...res.data);
    next = res.next;
  } while (next);
  return rows;
}

/** The rows of a cached list, pages in order; a record met twice (a saved record placed first) shows once. */
export function rowsOf<R extends ListRow>(data: { pages: readonly ListPage<R>[] } | undefined): R[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: R[] = [];
  for (const p of data.pages) {
    for (const r of p.data) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(r);
    }
  }
  return out;
}

/**
 * The list of `def` under `filters` (null: not wanted, nothing fetched), one server page at a time: `rows` are the
 * pages read so far, `fetchNextPage()` reads the next. Cached by `qk.list(path, filters)`, so a table and every
 * picker of the same entity and filters share one read. With `poll`, the pages read are read again every `poll(rows)`
 * ms while it gives a number (sent mail while it is being sent); once the list is on screen those reads (and "Load
 * more") go without the loading overlay or popups, and `isError` tells that the last one failed.
 * Rows are typed from the entity's definition (`ListedRecord<D>`: `useListQuery(course, ...)` gives courses, the
 * profile's list `CampusUser`s); `R` names another row type where a list answers one (`SentMail`).
 */
export function useListQuery<D extends EntityDef, R extends ListRow = ListedRecord<D>>(
  def: D,
  filters: Readonly<Record<string, unknown>> | null,
  poll?: (rows: R[]) => number | false,
) {
  const path = listPathOf(def);
  const key = filters ? JSON.stringify(cleanFilters(filters)) : null;
  const f = useMemo<Filters>(() => (key ? JSON.parse(key) : {}), [key]);
  const qc = useQueryClient();
  const q = useInfiniteQuery({
    queryKey: qk.list(path, f),
    queryFn: ({ pageParam }) => fetchListPage<R>(path, f, pageParam, Boolean(poll && qc.getQueryData(qk.list(path, f)))),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: key !== null,
    refetchInterval: poll ? (query) => poll(rowsOf(query.state.data)) : undefined,
  });
  const rows = useMemo(() => rowsOf(q.data), [q.data]);
  return { ...q, rows };
}

/**
 * The occasions of the given kinds (ISE, MSE, ESE) under `filters` (null: none wanted), one list per kind (the server
 * filters by one kind at a time). One hook per possible kind, so the number of hooks never changes.
 */
export function useOccasionLists(kinds: readonly string[], filters: Readonly<Record<string, unknown>> | null) {
  const of = (k: (typeof OCCASION_KINDS)[number]) => (filters && kinds.includes(k) ? { ...filters, kind: k } : null);
  // Hooks are called a fixed number of times (one per kind), never in a loop.
  const lists = [useListQuery(occasion, of('ISE')), useListQuery(occasion, of('MSE')), useListQuery(occasion, of('ESE'))];
  if (lists.length !== OCCASION_KINDS.length) throw new Error('useOccasionLists needs one list per occasion kind');
  const wanted = lists.filter((_, i) => kinds.includes(OCCASION_KINDS[i]));
  return {
    rows: wanted.flatMap((l) => l.rows),
    /** The server pages read, every kind's. */
    pages: wanted.flatMap((l) => l.data?.pages ?? []),
    isPending: wanted.some((l) => l.isPending),
    hasNextPage: wanted.some((l) => l.hasNextPage),
    isFetchingNextPage: wanted.some((l) => l.isFetchingNextPage),
    fetchNextPage: () => Promise.all(wanted.filter((l) => l.hasNextPage).map((l) => l.fetchNextPage())),
  };
}

/** Whether a record belongs in a list with these filters (each filter is an exact match on the field). */
export function matchesFilters(rec: Readonly<Record<string, unknown>>, filters: Filters): boolean {
  return Object.entries(filters).every(([k, v]) => rec[k] !== undefined && rec[k] !== null && String(rec[k]) === v);
}

/**
 * Puts a saved record (the `data` of a create or replace) into every cached list of its entity instead of reading
 * them again: replaced in place where the list holds it, placed first in lists whose filters it matches and that do
 * not hold it yet (a new record, or one moved into that filter), removed from lists whose filters it no longer
 * matches. The record's own cache entry and any by-id read holding it (reference labels) take the saved version.
 */
export function putSaved(qc: QueryClient, def: EntityDef, rec: EntityRecord): void {
  for (const [key, data] of qc.getQueriesData<ListData>({ queryKey: qk.lists(listPathOf(def)) })) {
    if (!data?.pages.length) continue;
    const fits = matchesFilters(rec, (key[2] ?? {}) as Filters);
    const has = data.pages.some((p) => p.data.some((r) => r.id === rec.id));
    if (!has && !fits) continue;
    const pages = data.pages.map((p, i) => {
      const kept = has ? p.data.flatMap((r) => (r.id !== rec.id ? [r] : fits ? [rec] : [])) : p.data;
      return { ...p, data: !has && i === 0 ? [rec, ...kept] : kept };
    });
    qc.setQueryData<ListData>(key, { ...data, pages });
  }
  qc.setQueryData(qk.record(def.path, rec.id), rec);
  qc.setQueriesData<EntityRecord[]>({ queryKey: qk.allRefs(def.name) }, (old) => old?.map((r) => (r.id === rec.id ? rec : r)));
}

/** Takes a deleted record out of every cached list of its entity (and forgets its own cache entry). */
export function dropDeleted(qc: QueryClient, def: EntityDef, id: string): void {
  for (const [key, data] of qc.getQueriesData<ListData>({ queryKey: qk.lists(listPathOf(def)) })) {
    if (!data?.pages.some((p) => p.data.some((r) => r.id === id))) continue;
    qc.setQueryData<ListData>(key, { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((r) => r.id !== id) })) });
  }
  qc.removeQueries({ queryKey: qk.record(def.path, id) });
}

/**
 * Marks stale what a write to `def` changes besides its own lists (which `putSaved`/`dropDeleted` already updated):
 * lists of records created or deleted with it (a curriculum's terms), the documents that show its records (CO-PO
 * matrices, question papers, marks sheets), every attainment view (a method, an outcome or a course changes them) and
 * every Survey view (a survey's dates, a stakeholder) and every report (they read across the campus's records, e.g. a
 * SAR section's claim moves the readiness page). Only queries on screen are read again; the others when next shown.
 */
export function invalidateAfterWrite(qc: QueryClient, def: EntityDef): void {
  for (const child of CRUD_ENTITIES) {
    if (child.fields.some((fd) => fd.kind === 'ref' && fd.ref === def.name && fd.cascade)) {
      void qc.invalidateQueries({ queryKey: qk.lists(listPathOf(child)) });
      void qc.invalidateQueries({ queryKey: qk.allRefs(child.name) });
    }
  }
  for (const path of Object.values(DOCUMENT_PATHS)) void qc.invalidateQueries({ queryKey: qk.records(path) });
  void qc.invalidateQueries({ queryKey: qk.attainment() });
  void qc.invalidateQueries({ queryKey: qk.surveyViews() });
  void qc.invalidateQueries({ queryKey: qk.reports() });
}
