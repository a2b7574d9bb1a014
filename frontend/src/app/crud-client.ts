import type { EntityDef, ListResponse, RecordOf } from '@attain/shared-types';
import { type ApiOptions, api } from './api';

/** Query values of a list: filters (field -> value), `limit`, `next`, `ids`. */
export type ListQuery = Readonly<Record<string, string>>;

/** A query string; commas stay commas (`?ids=a,b`: the list's separator, as the server reads it). */
const queryText = (query: ListQuery) => new URLSearchParams(query).toString().replaceAll('%2C', ',');

/** The path of one record of `def`. */
const recordPath = (def: EntityDef, id: string) => `${def.path}/${encodeURIComponent(id)}`;

/**
 * The generic CRUD routes of a registry entity (decision 0038: they are described in the API document from the same
 * definition), typed by the entity: a record of `def` is `RecordOf<D>`, so no call site names a response type. Loading
 * overlay, popups and errors as `api` (throws `ApiError`).
 */
export const crud = {
  /** `GET <path>/{id}`: one record. */
  get: async <D extends EntityDef>(def: D, id: string, opts?: ApiOptions): Promise<RecordOf<D>> =>
    (await api<{ data: RecordOf<D> }>('GET', recordPath(def, id), undefined, opts)).data,
  /** `GET <path>?<query>`: one page of records and the cursor of the next (`next`, null on the last page). */
  list: <D extends EntityDef>(def: D, query: ListQuery, opts?: ApiOptions): Promise<ListResponse<RecordOf<D>>> =>
    api<ListResponse<RecordOf<D>>>('GET', `${def.listPath ?? def.path}?${queryText(query)}`, undefined, opts),
  /** `POST <path>`: creates a record (201), `{ message, data }`. */
  create: <D extends EntityDef>(def: D, values: Readonly<Record<string, unknown>>, opts?: ApiOptions) =>
    api<{ message?: string; data: RecordOf<D> }>('POST', def.path, values, opts),
  /** `PUT <path>/{id}`: replaces a record at the version read (stale: 409), `{ message, data }`. */
  replace: <D extends EntityDef>(def: D, id: string, values: Readonly<Record<string, unknown>>, version: number, opts?: ApiOptions) =>
    api<{ message?: string; data: RecordOf<D> }>('PUT', recordPath(def, id), { ...values, version }, opts),
  /** `DELETE <path>/{id}`. */
  remove: (def: EntityDef, id: string, opts?: ApiOptions) => api<unknown>('DELETE', recordPath(def, id), undefined, opts),
};
