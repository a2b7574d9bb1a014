import type { AuditChange } from '../audit/audit-entry.js';
import type { EntityDef } from '../registry/entity.js';
import type { FieldDef } from '../registry/field.js';
import { may } from './powers.js';
import type { Caller } from './roles.js';
import type { CampusScope } from './scope.js';
import { textOf } from '../guards.js';

/**
 * Personal data by purpose: the one place that decides which fields of a record describing a person (an entity with
 * `personData`, the profile) another user may read. Rule (India's Digital Personal Data Protection Act 2023, §4-§8:
 * personal data only for the purpose it was given for; UIDAI's masked Aadhaar wherever the full number is not
 * needed; see docs/decisions/0004-personal-data-by-purpose.md):
 * - the person reads their whole record, Aadhaar included;
 * - the campus's admins read every field, with Aadhaar masked;
 * - everyone else (colleagues, a group administrator reading a campus) reads the `directory` fields only.
 * Every route, export, report, CV, audit entry and SAR table that shows a person's record passes it through
 * `personalView` (or `personalChanges` for audit entries); nothing else decides.
 */

/** Who is reading: the signed-in user and whether they administer the campus whose records these are. */
export interface DataViewer {
  /** The reader's user id (Cognito `sub`, the id of their profile). */
  sub: string;
  /** A campus admin reading their own campus (a group administrator reading a campus is not). */
  campusAdmin: boolean;
}

/** The reader of a request: the caller, in the campus the request reads (`scope`). */
export function dataViewer(caller: Pick<Caller, 'sub' | 'role' | 'tenant'>, scope: Pick<CampusScope, 'campus'>): DataViewer {
  return { sub: caller.sub, campusAdmin: may(caller, 'administer-campus') && caller.tenant === scope.campus };
}

/** What a reader may see of one field: all of it, its masked form, or nothing. */
export type FieldAccess = 'full' | 'masked' | 'none';

/** Fields every record carries that are never personal (id, version, who and when). */
const SYSTEM = new Set(['id', 'version', 'created_by', 'created_at', 'updated_by', 'updated_at', 'name']);

/**
 * What `viewer` may see of field `fd` of a record that describes the person `subject` (their user id), in entity
 * `def`. Entities without `personData` are shown whole (their own rules, e.g. `personal`, decide who reads a record).
 */
export function fieldAccess(
  def: Pick<EntityDef, 'personData'>,
  fd: FieldDef | undefined,
  subject: string | undefined,
  viewer: DataViewer,
): FieldAccess {
  if (!def.personData) return 'full';
  const own = subject !== undefined && subject === viewer.sub;
  const visible = own || viewer.campusAdmin || fd?.visibility === 'directory';
  if (!visible) return 'none';
  return fd?.mask && !own ? 'masked' : 'full';
}

/**
 * UIDAI's masked Aadhaar: only the last 4 digits shown, `XXXX XXXX 1234` (a value with fewer than 4 digits is all
 * masked, `XXXX XXXX XXXX`). The stored value is kept as entered; this is for display only.
 */
export function maskAadhaar(value: unknown): string {
  const digits = textOf(value).replace(/\D/g, '');
  return `XXXX XXXX ${digits.length >= 4 ? digits.slice(-4) : 'XXXX'}`;
}

/** The masked form of a value of `fd` (only `mask: 'aadhaar'` exists); empty values stay empty. */
function masked(fd: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  return fd.mask === 'aadhaar' ? maskAadhaar(value) : value;
}

/**
 * `record` as `viewer` may read it: private fields of another person dropped (unless the reader is a campus admin),
 * masked fields masked (unless it is the reader's own record). The record's `id` is the person it describes.
 * Keys that are not fields (`name`, system fields) are kept; unknown keys of a `personData` record are dropped.
 * Returns a new object; `record` is not changed.
 */
export function personalView<R extends Record<string, unknown>>(def: EntityDef, record: R, viewer: DataViewer): R {
  if (!def.personData) return record;
  const subject = typeof record.id === 'string' ? record.id : undefined;
  const fields = new Map(def.fields.map((fd) => [fd.name, fd]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const fd = fields.get(key);
    if (!fd) {
      if (SYSTEM.has(key)) out[key] = value;
      continue;
    }
    const access = fieldAccess(def, fd, subject, viewer);
    if (access === 'full') out[key] = value;
    else if (access === 'masked') out[key] = masked(fd, value);
  }
  return out as R;
}

/**
 * An audit entry's changes to a record of `def` describing the person `subject`, as `viewer` may read them: changes
 * to fields the reader may not see are left out, masked fields show masked old and new values.
 */
export function personalChanges(def: EntityDef, changes: readonly AuditChange[], subject: string, viewer: DataViewer): AuditChange[] {
  if (!def.personData) return [...changes];
  const fields = new Map(def.fields.map((fd) => [fd.name, fd]));
  return changes.flatMap((ch) => {
    const fd = fields.get(ch.field);
    const access = fieldAccess(def, fd, subject, viewer);
    if (access === 'none') return [];
    if (access === 'full' || !fd) return [ch];
    return [{ ...ch, ...('old' in ch ? { old: masked(fd, ch.old) } : {}), ...('new' in ch ? { new: masked(fd, ch.new) } : {}) }];
  });
}
