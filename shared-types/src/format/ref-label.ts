import type { EntityDef } from '../registry/entity.js';
import type { FieldDef } from '../registry/field.js';
import { ENTITIES } from '../entities/index.js';
import { textOf } from '../guards.js';

/**
 * What people see for a referenced record: its display field, prefixed by its code (`target.codeField`, default
 * `code`) when it has one: `BCS401 Operating System`, `K2 Understand`. The record's id when the field is empty.
 */
export function refLabel(target: EntityDef, r: Readonly<Record<string, unknown>>, shown = target.display ?? 'name'): string {
  const main = textOf(r[shown]) || textOf(r.id);
  const codeField = target.codeField ?? 'code';
  const code = textOf(r[codeField]);
  return shown !== codeField && code ? `${code} ${main}` : main;
}

/**
 * The registry entity a reference field points to (`fd.ref`). A field that is not a reference (or names no registry
 * entity) gives undefined at run time, which only a programming error causes.
 */
export const refTarget = (fd: Pick<FieldDef, 'ref'>): EntityDef => ENTITIES[fd.ref ?? ''];

/**
 * A field of `def` by name. @throws Error when `def` has no such field (a programming error: names are constants).
 */
export function fieldOf(def: Pick<EntityDef, 'name' | 'fields'>, name: string): FieldDef {
  const fd = def.fields.find((f) => f.name === name);
  if (!fd) throw new Error(`${def.name} has no field ${name}`);
  return fd;
}

/**
 * The label of `fd`'s referenced record `r` (the field's `refLabel`, else the target's display field).
 * @throws TypeError when `fd.ref` names no registry entity (a programming error)
 */
export const fieldRefLabel = (fd: FieldDef, r: Readonly<Record<string, unknown>>): string => {
  const target = refTarget(fd);
  return refLabel(target, r, fd.refLabel ?? target.display ?? 'name');
};
