import type { EntityDef } from '../registry/entity.js';
import type { FieldDef } from '../registry/field.js';
import { ENTITIES } from '../entities/index.js';

/**
 * What people see for a referenced record: its display field, prefixed by its code (`target.codeField`, default
 * `code`) when it has one: `BCS401 Operating System`, `K2 Understand`. The record's id when the field is empty.
 */
export function refLabel(target: EntityDef, r: Readonly<Record<string, unknown>>, shown = target.display ?? 'name'): string {
  const main = String(r[shown] ?? r.id);
  const codeField = target.codeField ?? 'code';
  const code = r[codeField];
  return shown !== codeField && code ? `${String(code)} ${main}` : main;
}

/**
 * The label of `fd`'s referenced record `r` (the field's `refLabel`, else the target's display field).
 * @throws TypeError when `fd.ref` names no registry entity (a programming error)
 */
export const fieldRefLabel = (fd: FieldDef, r: Readonly<Record<string, unknown>>): string => {
  const target = ENTITIES[fd.ref as string];
  return refLabel(target, r, fd.refLabel ?? target.display ?? 'name');
};
