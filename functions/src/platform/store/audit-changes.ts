import { type AuditChange, type EntityDef, type MarksRow, SYSTEM_FIELDS } from '@attain/shared-types';

/**
 * What changed between two versions of a record, document or marks sheet, as audit changes. Pure: no AWS
 * imports, so the unit tests check it on hand-written values.
 */

/** Fields that are bookkeeping, never listed as changes (the entry itself says who and when). */
const BOOKKEEPING = new Set<string>([...SYSTEM_FIELDS, 'entityType', 'PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK']);

/** Values compared as the JSON they are stored as (arrays and objects deeply; absent, null and '' alike). */
function same(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (blank(a) && blank(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A change with `old`/`new` only when they have a value (an absent key means "none"). */
function change(field: string, label: string | undefined, old: unknown, next: unknown): AuditChange {
  return {
    field,
    ...(label ? { label } : {}),
    ...(old !== undefined && old !== null ? { old } : {}),
    ...(next !== undefined && next !== null ? { new: next } : {}),
  };
}

/**
 * The fields of `def` whose value differs between `old` and `next` (either may be absent: a create or a delete), in
 * the entity's field order, each with its label; bookkeeping fields (id, version, created_*, updated_*) are skipped.
 */
export function recordChanges(
  def: EntityDef,
  old: Readonly<Record<string, unknown>> | undefined,
  next: Readonly<Record<string, unknown>> | undefined,
): AuditChange[] {
  const out: AuditChange[] = [];
  for (const fd of def.fields) {
    if (BOOKKEEPING.has(fd.name)) continue;
    const a = old?.[fd.name];
    const b = next?.[fd.name];
    if (!same(a, b)) out.push(change(fd.name, fd.label, a, b));
  }
  return out;
}

/** The fields tried, in order, for a record's readable name. */
const LABEL_FIELDS = ['title', 'name', 'code', 'short_name', 'roll_no', 'type', 'email'] as const;

/** A readable name of a record (its title, name, code, short name, or first and last name); `undefined` when none. */
export function recordLabel(rec: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (!rec) return undefined;
  const person = [rec.first_name, rec.last_name].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  if (person) return person.slice(0, 120);
  for (const f of LABEL_FIELDS) {
    const v = rec[f];
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v).slice(0, 120);
  }
  return undefined;
}

/** A plain object (not an array), as a matrix's `cells` and its rows are. */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What changed in a document: its top-level keys, old vs new; a CO-PO matrix's `cells` cell by cell (field
 * `cells.<co>.<po>`, e.g. old 2, new 3), so a one-cell edit lists one change. Bookkeeping keys are skipped.
 * @param cellLabel the words a person reads for a cell (e.g. `C321.1 → PO3`); without it, or when it answers
 *   `undefined`, the change carries no label and the field is shown
 */
export function documentChanges(
  old: Readonly<Record<string, unknown>> | undefined,
  next: Readonly<Record<string, unknown>> | undefined,
  cellLabel?: (row: string, column: string) => string | undefined,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})])].filter((k) => !BOOKKEEPING.has(k));
  const out: AuditChange[] = [];
  for (const k of keys) {
    const a = old?.[k];
    const b = next?.[k];
    if (k === 'cells' && (isObject(a) || a === undefined) && (isObject(b) || b === undefined)) {
      const rows = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
      for (const co of rows) {
        const ra = a?.[co];
        const rb = b?.[co];
        const ca = isObject(ra) ? ra : {};
        const cb = isObject(rb) ? rb : {};
        for (const po of [...new Set([...Object.keys(ca), ...Object.keys(cb)])])
          if (!same(ca[po], cb[po])) out.push(change(`cells.${co}.${po}`, cellLabel?.(co, po), ca[po], cb[po]));
      }
    } else if (!same(a, b)) out.push(change(k, undefined, a, b));
  }
  return out;
}

/**
 * The marks that changed in a save: one change per cell whose value differs (field `<roll no> <question>`, e.g.
 * `21CS001 Q2`, label `21CS001 question Q2`, old 7, new 8) and per student whose absence changed (`<roll no> absent`).
 * A cleared student (`{ student, clear: true }`, a row emptied in the grid) is one change, `<roll no> marks`, from
 * `entered` (or `absent`) to `none`. Students not in `next` are not compared (a save replaces only the rows it sends).
 * @param rollNo student id -> roll number (the field names fall back to the student id)
 */
export function marksChanges(
  old: readonly MarksRow[],
  next: readonly (MarksRow | { student: string; clear: true })[],
  rollNo: ReadonlyMap<string, string>,
): AuditChange[] {
  const before = new Map(old.map((r) => [r.student, r]));
  const out: AuditChange[] = [];
  for (const r of next) {
    const o = before.get(r.student);
    const who = rollNo.get(r.student) ?? r.student;
    // A row emptied in the grid: the student's marks (or absence) are removed, "no marks entered".
    if ('clear' in r) {
      out.push(change(`${who} marks`, `${who} marks entered`, o?.absent ? 'absent' : 'entered', 'none'));
      continue;
    }
    if (Boolean(o?.absent) !== Boolean(r.absent)) out.push(change(`${who} absent`, undefined, Boolean(o?.absent), Boolean(r.absent)));
    const questions = [...new Set([...Object.keys(o?.marks ?? {}), ...Object.keys(r.marks)])];
    for (const q of questions) {
      const a = o?.marks[q];
      const b = r.marks[q];
      if (!same(a, b)) out.push(change(`${who} ${q}`, `${who} question ${q}`, a, b));
    }
  }
  return out;
}
