import {
  AUDIT_OTHER_KINDS,
  type AuditEntry,
  type Caller,
  type DataViewer,
  type ListResponse,
  REFERENCE_INDEX,
  auditListRoute,
  dataViewer,
  personalChanges,
  profile,
  recordHistoryRoute,
  may,
} from '@attain/shared-types';
import { campusAudit, parseAuditQuery, recordHistory } from './audit-read-store.js';
import { notFound } from '../../platform/lib/errors.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/** Most entries read to decide whether a faculty member may see a record's history. */
const FACULTY_HISTORY_READ = 500;

/** Kinds whose history faculty may read when they wrote to the record: their own records and their courses' work. */
const FACULTY_KINDS = new Set(['marks', 'co-po-matrix', 'question-paper', 'improvement-plan']);

/** A registry entity by name, as the reference index has it (its stub: name, label and flags). */
const stubOf = (entity: string) => REFERENCE_INDEX.entities[entity] as (typeof REFERENCE_INDEX.entities)[string] | undefined;

/** Whether `entity` names something that is audited (a registry record type or one of `AUDIT_OTHER_KINDS`). */
const isAudited = (entity: string) => Boolean(stubOf(entity)) || AUDIT_OTHER_KINDS.some((k) => k.name === entity);

/** Whether faculty may ever read histories of `entity`: their own records, records of courses they own, their marks. */
function facultyMayRead(entity: string): boolean {
  const def = stubOf(entity);
  return FACULTY_KINDS.has(entity) || Boolean(def && (def.personal || def.ownedVia || def.name === 'profile'));
}

/**
 * A page of entries as `viewer` may read them: a change to a person's record (their profile) keeps only the fields the
 * reader may read of that person (`personalChanges`: a colleague's or group administrator's view has no private
 * field; Aadhaar is masked but for its owner).
 */
function readable(page: ListResponse<AuditEntry>, viewer: DataViewer): ListResponse<AuditEntry> {
  return {
    ...page,
    data: page.data.map((e) => {
      // The profile is the one entity describing a person (`personData`; the registry's tests keep it so): its whole
      // definition says who may read which field.
      return e.entity === profile.name ? { ...e, changes: personalChanges(profile, e.changes, e.record_id, viewer) } : e;
    }),
  };
}

/**
 * `/api/audit`, read only, as `auditListRoute` and `recordHistoryRoute` declare it: the campus's entries (campus admins
 * and group administrators; faculty 403), and one record's history (faculty only a history of their own records or
 * their courses' work that holds an entry of theirs; a history with no entry is 404, as for a missing record).
 */
export const AUDIT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(auditListRoute, async (c, { query }) => {
    const q = parseAuditQuery(query);
    return readable(await campusAudit(c.var.scope, q), dataViewer(c.var.caller, c.var.scope));
  }),
  endpoint(recordHistoryRoute, async (c, { params, query }) => {
    const { entity, id } = params;
    if (!isAudited(entity) || id.length > 200) throw notFound('Record');
    const caller: Caller = c.var.caller;
    if (may(caller, 'read-every-member')) {
      const cursor = query.cursor;
      const page = await recordHistory(c.var.scope, entity, id, cursor);
      // No entry at all: as for a record of another campus (or one older than the audit trail), 404.
      if (!cursor && !page.data.length) throw notFound('Record');
      return readable(page, dataViewer(caller, c.var.scope));
    }
    if (!facultyMayRead(entity)) throw notFound('Record');
    const all = await recordHistory(c.var.scope, entity, id, undefined, FACULTY_HISTORY_READ);
    if (!all.data.some((e) => e.user.toLowerCase() === caller.user.toLowerCase())) throw notFound('Record');
    return readable(all, dataViewer(caller, c.var.scope));
  }),
];
