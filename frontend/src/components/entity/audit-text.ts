import { AUDIT_OTHER_KINDS, type AuditAction, type AuditChange, ENTITIES } from '@attain/shared-types';

/** What each audit action is called on screen. */
export const ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  create: 'Created',
  replace: 'Changed',
  delete: 'Deleted',
  freeze: 'Frozen',
  unfreeze: 'Unfrozen',
  invite: 'Invited',
  'set-password': 'Password set',
};

/** The label of an audited record type: a registry entity's label, or one of `AUDIT_OTHER_KINDS` (Marks, ...). */
export function auditEntityLabel(entity: string): string {
  return ENTITIES[entity]?.label ?? AUDIT_OTHER_KINDS.find((k) => k.name === entity)?.label ?? entity;
}

/** Every record type the audit list can filter by, by label: the registry's entities and the other audited kinds. */
export function auditEntityOptions(): { label: string; value: string }[] {
  const records = Object.values(ENTITIES).map((e) => ({ label: e.label, value: e.name }));
  const others = AUDIT_OTHER_KINDS.map((k) => ({ label: k.label, value: k.name }));
  return [...records, ...others].sort((a, b) => a.label.localeCompare(b.label));
}

/** An old or new value as text: none as a dash, yes/no for booleans, lists and objects as their JSON. */
export function auditValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One change in a line: `Name: Civil → Civil Engineering`. */
export const changeLine = (c: AuditChange): string => `${c.label ?? c.field}: ${auditValue(c.old)} → ${auditValue(c.new)}`;
