/**
 * Field definitions: the explicit, typed description of one attribute of a registry entity.
 * The same definition drives server validation (see `schema.ts`), the DynamoDB item, the generic
 * table's columns and the generic form's input (string -> InputText, text -> InputTextarea, html -> Editor,
 * int/number -> InputNumber, boolean -> select, enum -> Dropdown, date -> Calendar, ref -> picker).
 */
export type FieldKind = 'string' | 'text' | 'html' | 'email' | 'int' | 'number' | 'boolean' | 'enum' | 'date' | 'ref';

/** One field of an entity. Lengths are in characters; numbers are plain numbers (marks, years, counts). */
export interface FieldDef {
  /** Wire name, kept exactly as the spec spells it (e.g. `spomsoring_organization`). */
  name: string;
  /** Label shown in forms and table headers. */
  label: string;
  kind: FieldKind;
  /** A missing, null or blank value is refused with `Required`. */
  required?: boolean;
  /** Minimum length (strings) or value (numbers). Strings shorter get `Too Short!`. */
  min?: number;
  /** Maximum length (strings, default 200 / 5,000 text / 100,000 html) or value (numbers). Longer gets `Too Long!`. */
  max?: number;
  /** Allowed values for `enum` fields (spec part 1 §5 and part 2 §3). */
  choices?: readonly (string | number)[];
  /** For `ref`: the registry name of the referenced entity; the stored value is that record's id. */
  ref?: string;
  /** For `ref`: the field of the referenced entity shown to people (default `name`). */
  refLabel?: string;
  /** Value used when the field is absent on create (e.g. Department `status` = true). */
  default?: unknown;
  /** Shown but never written by the form (read-only on screen). */
  readOnly?: boolean;
  /**
   * For `ref`: the server copies this field's value from the record that the named ref field points at
   * (e.g. a course outcome's `curriculum` comes from its `course`). Never sent by clients; used for filters.
   */
  derivedFrom?: string;
  /**
   * For `ref`: the referenced record's field of this name must equal this record's (a course's `term` must be
   * a term of the course's `curriculum`).
   */
  within?: string;
  /** For `ref`: records of this entity are deleted together with the referenced record (a curriculum's terms). */
  cascade?: boolean;
}

/** Default maximum lengths per kind, in characters. */
export const DEFAULT_MAX: Partial<Record<FieldKind, number>> = {
  string: 200,
  email: 254,
  text: 5000,
  html: 100_000,
  ref: 64,
  date: 10,
};

type Opts = Omit<FieldDef, 'name' | 'label' | 'kind'>;

/** Builders that keep entity files short: `f.string('name', 'Name', { required: true })`. */
export const f = {
  string: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'string', ...o }),
  text: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'text', ...o }),
  html: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'html', ...o }),
  email: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'email', ...o }),
  int: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'int', ...o }),
  number: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'number', ...o }),
  boolean: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'boolean', ...o }),
  enum: (name: string, label: string, choices: readonly (string | number)[], o: Opts = {}): FieldDef => ({
    name,
    label,
    kind: 'enum',
    choices,
    ...o,
  }),
  date: (name: string, label: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'date', ...o }),
  ref: (name: string, label: string, ref: string, o: Opts = {}): FieldDef => ({ name, label, kind: 'ref', ref, ...o }),
};
