import type { EntityDef } from '../../registry/entity.js';
import { type FieldDef, f } from '../../registry/field.js';

/** The field of a personal record that holds its owner: the faculty member's user id (Cognito `sub`, profile id). */
export const OWNER_FIELD = 'faculty';
const owner = f.ref(OWNER_FIELD, 'Faculty member', 'profile', { readOnly: true });

/**
 * The files that prove a record (a sanction letter, a certificate, a patent document): checked uploads, PDF/JPEG/PNG
 * of at most 10 MB each, listed and downloadable on the record. `label` says what is expected.
 */
export const evidence = (label: string) => f.files('attachments', label, 'attachment');

/** What a personal record's definition gives; the rest (`domain`, roles, owner field, index) is the same for all. */
type PersonalDef = Omit<EntityDef, 'domain' | 'writeRoles' | 'personal' | 'indexes'>;

/**
 * A faculty member's own record (spec part 2, Faculty Contribution): served by the `faculty` domain, written by
 * faculty and admins, `personal` (the server sets `faculty` to the creator and keeps it; faculty read and change only
 * their own; campus admins read everyone's and may correct them; another campus gets 404), listed by owner through
 * GSI1 (`?faculty=<user id>`). The field list keeps its types, so `RecordOf<typeof x>` types a stored record.
 */
export function personalRecord<const F extends readonly FieldDef[], const D extends Omit<PersonalDef, 'fields'>>(def: D & { fields: F }) {
  const fields: readonly [...F, typeof owner] = [...def.fields, owner];
  return {
    ...def,
    domain: 'faculty',
    writeRoles: ['admin', 'faculty'],
    personal: true,
    fields,
    indexes: [{ field: OWNER_FIELD }],
    filters: [OWNER_FIELD, ...(def.filters ?? [])],
  } as const satisfies EntityDef;
}
