import {
  AUDIT_OTHER_KINDS,
  type AuditAction,
  type AuditEntry,
  type AuditChange,
  type CampusLocale,
  ENTITIES,
  type EntityDef,
  type FieldDef,
  refTarget,
} from '@attain/shared-types';
import { useIsFetching } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from '../../lib/format/locale';
import { fieldText } from '../../lib/format/field-text';
import { refLabel, useRefRecords } from './ref-records';

/** What each audit action is called on screen. */
export const ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  create: 'Created',
  replace: 'Changed',
  delete: 'Deleted',
  freeze: 'Frozen',
  unfreeze: 'Unfrozen',
  invite: 'Invited',
  'set-password': 'Password set',
  'forgot-password': 'Reset link mailed',
  disable: 'Access disabled',
  enable: 'Access enabled',
  remove: 'Access removed',
  link: 'Linked to college sign-in',
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

/** The changed field of a registry record, when the entry is about one (a document's or marks' changes have none). */
const fieldOf = (entity: string, c: AuditChange): FieldDef | undefined => ENTITIES[entity]?.fields.find((fd) => fd.name === c.field);

/** The ids a reference value holds: one id, or several. */
const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');

/**
 * A value with no field definition (a document's or the marks' changes) as text: none as a dash, yes/no, lists joined
 * by commas, a small record as `key: value` pairs.
 */
function plainText(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.map(plainText).join(', ');
  if (typeof v === 'object')
    return Object.entries(v)
      .map(([k, x]) => `${k}: ${plainText(x)}`)
      .join(', ');
  return String(v);
}

/** Reads an audit value in people's words: `(entity, change, 'old' | 'new')` gives the text shown. */
export type AuditText = (entity: string, c: AuditChange, side: 'old' | 'new') => string;

/**
 * The audit trail in people's words, for the entries a page shows: a reference by the referenced record's name (read
 * by id, as tables do; "a record since deleted" when it is gone), dates in the campus's style, choices and roles as
 * words, lists as text, Yes/No; a change with no field definition (documents, marks) as plain text. `recordName`
 * names the entry's record: the name kept in the entry, else the record's own (read by id), else its id.
 */
export function useAuditText(entries: readonly AuditEntry[]): { text: AuditText; recordName: (e: AuditEntry) => string } {
  const locale: CampusLocale = useLocale();
  const wants = entries.flatMap((e) => [
    // The record itself, when it is a registry record with no name kept in the entry.
    ...(ENTITIES[e.entity] && !e.record_label ? [{ target: ENTITIES[e.entity], ids: [e.record_id] }] : []),
    ...e.changes.flatMap((c) => {
      const fd = fieldOf(e.entity, c);
      return fd?.kind === 'ref' ? [{ target: refTarget(fd), ids: [...idsOf(c.old), ...idsOf(c.new)] }] : [];
    }),
  ]);
  // One read per record type for the whole page: the ids of every want of that type together.
  const byTarget = new Map<string, { target: EntityDef; ids: string[] }>();
  for (const w of wants) {
    const group = byTarget.get(w.target.name) ?? { target: w.target, ids: [] };
    group.ids.push(...w.ids);
    byTarget.set(w.target.name, group);
  }
  const lookup = useRefRecords([...byTarget.values()]);
  const reading = useIsFetching({ queryKey: ['refs'] }) > 0;
  const recordName = useCallback(
    (e: AuditEntry) => {
      if (e.record_label) return e.record_label;
      const def = ENTITIES[e.entity];
      const r = def ? lookup(def, e.record_id) : undefined;
      if (def && r) return refLabel(def, r);
      return def && !reading ? `${def.label} (no longer there)` : e.record_id;
    },
    [lookup, reading],
  );
  const text = useCallback<AuditText>(
    (entity, c, side) => {
      const v = c[side];
      const fd = fieldOf(entity, c);
      if (!fd) return plainText(v);
      if (v === undefined || v === null || v === '') return '—';
      if (fd.kind === 'ref') {
        const target = refTarget(fd);
        return idsOf(v)
          .map((id) => {
            const r = lookup(target, id);
            return r ? refLabel(target, r) : reading ? '…' : `a ${target.label.toLowerCase()} since deleted`;
          })
          .join(', ');
      }
      return fieldText(fd, v, locale) || '—';
    },
    [lookup, reading, locale],
  );
  return { text, recordName };
}

/** One change in a line: `Department: Civil → Civil Engineering`, its values read by `text`. */
export const changeLine = (entity: string, c: AuditChange, text: AuditText): string =>
  `${c.label ?? c.field}: ${text(entity, c, 'old')} → ${text(entity, c, 'new')}`;
