import type { StoredFile, UploadPurpose } from '../files/stored-file.js';

/**
 * Field definitions: the explicit, typed description of one attribute of a registry entity.
 * The same definition drives server validation (see `schema.ts`), the DynamoDB item, the generic
 * table's columns and the generic form's input (string -> InputText, text -> InputTextarea, html -> Editor,
 * int/number -> InputNumber, boolean -> select, enum -> Dropdown, date -> Calendar, ref -> picker, multi -> MultiSelect,
 * list -> rows edited in place, file -> a photo, files -> attachments, emails -> a list of addresses typed as chips).
 */
export type FieldKind =
  | 'string'
  | 'text'
  | 'html'
  | 'email'
  | 'int'
  | 'number'
  | 'boolean'
  | 'enum'
  | 'date'
  | 'ref'
  /** Several of `choices` (a list of them, in the order of `choices`). */
  | 'multi'
  /** A list of small records whose fields are `items` (a profile's qualification details). */
  | 'list'
  /** One checked upload: its S3 key (`uploadKey`), checked by the server before it is stored. */
  | 'file'
  /** Checked uploads: a list of `StoredFile`, at most `MAX_ATTACHMENTS`. */
  | 'files'
  /** E-mail addresses (a mail's `to` and `cc`): a list of them, each checked (`Not valid email`), at most `maxItems`. */
  | 'emails'
  /**
   * Tables a person types (a SAR item's NBA tables): a list of `GridTable`, each with its title, column headings and
   * rows of text cells, at most `maxItems` tables; which tables a record may hold is the entity's own check.
   */
  | 'grids';

/** One table of a `grids` field: its title, its column headings and its rows (one text cell per column, at most `max` characters each). */
export interface GridTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/**
 * A table's rows in `columns` (a table's columns as defined now), each cell found by its column's heading in the
 * table as stored ('' for a column it did not have).
 */
export const gridRows = (t: Pick<GridTable, 'columns' | 'rows'>, columns: readonly string[]): string[][] =>
  t.rows.map((r) => columns.map((c) => (t.columns.indexOf(c) < 0 ? '' : (r[t.columns.indexOf(c)] ?? ''))));

/** The rows with a cell typed (a row of blanks is left out of what is counted and printed). */
export const typedRows = (rows: readonly string[][]): string[][] => rows.filter((r) => r.some((c) => c.trim()));

/**
 * A value a form works out from other fields (`FieldDef.workedOut`): `compute` gives it from the form's values (null
 * when it cannot: a part missing, or a result the field cannot hold); `rule` says how, in words shown under the field.
 */
export interface WorkedOut {
  readonly from: readonly string[];
  readonly rule: string;
  readonly compute: (values: Readonly<Record<string, unknown>>) => number | null;
}

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
  /**
   * What people see for a choice, when `choiceLabel`'s spacing of the wire value is not enough (a misspelt spec value,
   * a code). The wire keeps the spec's value.
   */
  choiceLabels?: Readonly<Record<string, string>>;
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
  /**
   * For `ref`: the spec's clients give the referenced record by its name (its display field, or `short_name`) rather
   * than its id (a workload's department, program type and program): the server takes an id or a unique name of a
   * record of the campus, case-insensitively, and stores the id.
   */
  byName?: boolean;
  /** For `ref`: records of this entity are deleted together with the referenced record (a curriculum's terms). */
  cascade?: boolean;
  /**
   * Asked only when another field has a given value (spec part 2: `work_field` only for "Others (specify)",
   * `book_type` only for "Other"): the form shows it then; the server requires it then (`Required`) and drops it
   * otherwise. Such a field is declared without `required`.
   */
  askedWhen?: { field: string; equals: string };
  /** For `list`: the fields of one row (scalar kinds only). */
  items?: readonly FieldDef[];
  /** For `list`: what one row is called ("Qualification": "Qualification 2", "Add qualification"); default the label. */
  itemLabel?: string;
  /** For `list`, `multi` and `files`: the most entries (default 20 rows / every choice / `MAX_ATTACHMENTS`). */
  maxItems?: number;
  /** For `file` and `files`: what the upload is for, which sets its allowed types and size (`UPLOAD_RULES`). */
  upload?: UploadPurpose;
  /**
   * Derived by the server as the sum of these number fields (a profile's total experience = teaching + industrial);
   * shown read-only, updating as the others are typed. Never sent by clients.
   */
  sumOf?: readonly string[];
  /** For `string`: an academic year (`2025-26`), which forms and filters offer as a list, never typed. */
  academicYear?: boolean;
  /**
   * Worked out by the form from other fields as they are typed (a course's total credits from its L-T-P), while the
   * person has not typed another value; still theirs to change, and stored as sent.
   */
  workedOut?: WorkedOut;
  /** The heading the form groups this field under ("Personal details"); fields keep their order. */
  section?: string;
  /**
   * Who may read this field of a record that describes a person (an entity with `personData`; see
   * `identity/personal-data.ts`): `directory` every signed-in user of the campus; `private` (the default there) only
   * the person and the campus's admins.
   */
  visibility?: FieldVisibility;
  /** Shown masked to everyone but the person the record describes: `aadhaar` as UIDAI masks it (`XXXX XXXX 1234`). */
  mask?: 'aadhaar';
}

/** Who may read a field of a record describing a person: every campus user (`directory`) or the person and the campus admins (`private`). */
export type FieldVisibility = 'directory' | 'private';

/** Default maximum lengths per kind, in characters. */
export const DEFAULT_MAX: Partial<Record<FieldKind, number>> = {
  string: 200,
  email: 254,
  text: 5000,
  html: 100_000,
  ref: 64,
  date: 10,
  grids: 1000,
};

/** Options of a field builder (everything but name, label and kind). */
export type FieldOptions = Omit<FieldDef, 'name' | 'label' | 'kind'>;

/**
 * A field definition that remembers, at the type level, its wire name, its kind, whether it is required and the
 * type of its stored value, so `RecordOf<typeof entity>` types a stored record end to end.
 * `__value` is never set at run time; it only carries the value type.
 */
export interface TypedField<N extends string, K extends FieldKind, R extends boolean, V> extends FieldDef {
  name: N;
  kind: K;
  required?: R;
  readonly __value?: V;
}

/** Whether options declare the field required (`{ required: true }`). */
type IsRequired<O> = O extends { required: true } ? true : false;

const build =
  <K extends FieldKind, V>(kind: K) =>
  <N extends string, const O extends FieldOptions = FieldOptions>(name: N, label: string, o?: O): TypedField<N, K, IsRequired<O>, V> =>
    ({ name, label, kind, ...(o ?? {}) }) as TypedField<N, K, IsRequired<O>, V>;

/**
 * Builders that keep entity files short and typed: `f.string('name', 'Name', { required: true })`.
 * Stored value types: text kinds, dates (ISO `YYYY-MM-DD`) and refs (the referenced record's id) are strings;
 * `int`/`number` numbers; `boolean` booleans; `enum` the union of its choices; `multi` a list of them; `list` a list of
 * small records; `file` an upload key; `files` a list of `StoredFile`; `emails` a list of addresses; `grids` a list of
 * `GridTable`.
 */
export const f = {
  string: build<'string', string>('string'),
  text: build<'text', string>('text'),
  html: build<'html', string>('html'),
  email: build<'email', string>('email'),
  emails: build<'emails', string[]>('emails'),
  grids: build<'grids', GridTable[]>('grids'),
  int: build<'int', number>('int'),
  number: build<'number', number>('number'),
  boolean: build<'boolean', boolean>('boolean'),
  date: build<'date', string>('date'),
  enum: <N extends string, const C extends readonly (string | number)[], const O extends FieldOptions = FieldOptions>(
    name: N,
    label: string,
    choices: C,
    o?: O,
  ): TypedField<N, 'enum', IsRequired<O>, C[number]> =>
    ({ name, label, kind: 'enum', choices, ...(o ?? {}) }) as TypedField<N, 'enum', IsRequired<O>, C[number]>,
  multi: <N extends string, const C extends readonly string[], const O extends FieldOptions = FieldOptions>(
    name: N,
    label: string,
    choices: C,
    o?: O,
  ): TypedField<N, 'multi', IsRequired<O>, C[number][]> =>
    ({ name, label, kind: 'multi', choices, ...(o ?? {}) }) as TypedField<N, 'multi', IsRequired<O>, C[number][]>,
  list: <N extends string, const O extends FieldOptions = FieldOptions>(
    name: N,
    label: string,
    items: readonly FieldDef[],
    o?: O,
  ): TypedField<N, 'list', IsRequired<O>, Record<string, unknown>[]> =>
    ({ name, label, kind: 'list', items, ...(o ?? {}) }) as TypedField<N, 'list', IsRequired<O>, Record<string, unknown>[]>,
  file: <N extends string, const O extends FieldOptions = FieldOptions>(
    name: N,
    label: string,
    upload: UploadPurpose,
    o?: O,
  ): TypedField<N, 'file', IsRequired<O>, string> =>
    ({ name, label, kind: 'file', upload, ...(o ?? {}) }) as TypedField<N, 'file', IsRequired<O>, string>,
  files: <N extends string, const O extends FieldOptions = FieldOptions>(
    name: N,
    label: string,
    upload: UploadPurpose,
    o?: O,
  ): TypedField<N, 'files', IsRequired<O>, StoredFile[]> =>
    ({ name, label, kind: 'files', upload, ...(o ?? {}) }) as TypedField<N, 'files', IsRequired<O>, StoredFile[]>,
  ref: <N extends string, const O extends FieldOptions = FieldOptions>(
    name: N,
    label: string,
    ref: string,
    o?: O,
  ): TypedField<N, 'ref', IsRequired<O>, string> =>
    ({ name, label, kind: 'ref', ref, ...(o ?? {}) }) as TypedField<N, 'ref', IsRequired<O>, string>,
};

/**
 * What people see for a choice of an `enum` field: its `choiceLabels` entry, else the wire value spaced into words
 * (`UndergraduateEngineering` -> `Undergraduate Engineering`, `UnitIII` -> `Unit III`, `core` -> `Core`).
 * Values that are not text (numbers) are shown as they are.
 */
export function choiceLabel(fd: Pick<FieldDef, 'choiceLabels'>, value: unknown): string {
  if (value === null || value === undefined) return '';
  const given = fd.choiceLabels?.[String(value)];
  if (given !== undefined) return given;
  if (typeof value !== 'string') return String(value);
  const spaced = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\s*&\s*/g, ' & ')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
