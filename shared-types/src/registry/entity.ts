import type { FieldDef } from './field.js';
import type { Caller, Role } from '../identity/roles.js';
import type { ApiKeyScope } from '../identity/api-keys.js';
import { holdersOf, holdsScope, may } from '../identity/powers.js';

/**
 * Lambda grouping of API paths: each domain is one Lambda function in the cloud and one Hono sub-app locally.
 * `survey` defines surveys and takes answers, `survey-hosting` invites and counts paper answers (it alone carries the
 * HTML sanitizer and the mail queue), `survey-results` reports them (it alone carries the attainment service).
 * `sar-figures` keeps a program's SAR figures (its batches, with their CSV import, and the first year's figures); `sar`
 * the sections the program team writes (it alone carries the SAR formats and the HTML sanitizer); `reports` computes
 * and writes the SAR from them.
 * `student` serves a signed-in student's own pages (their results), so no staff Lambda's code reaches a student.
 * `exports` serves file downloads written with large libraries (the faculty CV as DOCX and PDF), so no other
 * Lambda carries them.
 */
export type Domain =
  | 'auth'
  | 'configuration'
  | 'curriculum'
  | 'assessments'
  | 'attainment'
  | 'marks'
  | 'faculty'
  | 'documents'
  | 'survey'
  | 'survey-hosting'
  | 'survey-results'
  | 'utilities'
  | 'reports'
  | 'sar'
  | 'sar-figures'
  | 'group'
  | 'student';

/**
 * One registry entity: everything the API, storage, infrastructure and UI need to know about a record type.
 * Defined once in `shared-types/src/entities/*`; nothing else re-declares its fields.
 */
export interface EntityDef {
  /** Registry name, kebab-case, also the storage entityType (e.g. `department`). */
  name: string;
  /** Human label, singular (e.g. `Department`). */
  label: string;
  /** The spec's API base path, kept as written (e.g. `/api/department`, `/api/Course-Outcome`). */
  path: string;
  /** Which Lambda serves it. */
  domain: Domain;
  fields: readonly FieldDef[];
  /** Fields shown as table columns, in order. */
  columns: readonly string[];
  /** Fields the list endpoint filters on (query parameters of the same name). */
  filters?: readonly string[];
  /**
   * Values that must be unique within a campus, enforced with a guard item written in the same transaction as the
   * record (create, replace and import alike). Each entry is one field (`'short_name'`) or a compound key
   * (`['curriculum', 'roll_no']`: a roll number is unique within its curriculum). Text compares case-insensitively.
   */
  unique?: readonly (string | readonly string[])[];
  /** Roles allowed to create, replace and delete (besides ownership: `ownedVia`, `ownerField`, `personal`). */
  writeRoles: readonly Role[];
  /**
   * Roles allowed to list and read its records through the generic routes (`GET path`, `GET path/{id}`); any other
   * gets 403. Absent: the campus's staff (`read-campus`), so a student reads no record type until one names them
   * (`readersOf`). `personal` records narrow what faculty read to their own.
   */
  readRoles?: readonly Role[];
  /**
   * The API key scope that opens listing and reading its records to a machine client (decision 0062); absent, no key
   * reads them. Keys never write through the generic routes.
   */
  keyScope?: ApiKeyScope;
  /** One record per campus whose id is the campus id (the Organization). */
  singleton?: boolean;
  /** The field shown when another entity refers to this one (default `name`). */
  display?: string;
  /**
   * The field whose value goes before the display field when another entity refers to this one (default `code`):
   * `BCS401 Operating System`, `K2 Understand`.
   */
  codeField?: string;
  /**
   * Secondary-index access patterns, at most two (GSI1, GSI2): lists filtered by `field` (and, when also given,
   * `sortBy`) are one Query on that index instead of a filtered read of the whole campus partition.
   */
  indexes?: readonly EntityIndex[];
  /**
   * The ref field naming the course a record belongs to. Faculty who own that course (its `owner`) may write
   * the record, besides `writeRoles` (docs/design.md "The entity registry": faculty write the outcomes, mapping and papers of own courses).
   */
  ownedVia?: string;
  /**
   * The ref field (to `profile`) naming who owns a record: faculty may also create and write a record they own, and
   * keep it theirs (a SAR section its owner writes); only `writeRoles` hand it to another.
   */
  ownerField?: string;
  /**
   * Choices only `writeRoles` may give a field, by field (`{ status: ['Approved'] }`: only an administrator approves a
   * SAR section); a record holding one is then written by `writeRoles` only.
   */
  reservedChoices?: Readonly<Record<string, readonly string[]>>;
  /** Further API paths serving the same records (the spec's `/api/course` for the course type, `/api/course-type`). */
  aliases?: readonly string[];
  /**
   * A faculty member's own record (Faculty Contribution): the server sets its `faculty` field to the creator's user
   * id and keeps it; faculty list, read and change only their own (another member's is "not found"); campus admins
   * read everyone's (`?faculty=` narrows to one member) and may correct them.
   */
  personal?: boolean;
  /**
   * The record describes a person, the user whose id is the record's id (the profile): each field is read by purpose,
   * as its `visibility` says (directory for every campus user, private for the person and the campus admins), through
   * `personalView` only.
   */
  personData?: boolean;
  /** Path that lists the records when `path` does not (the profile's list is `/api/auth/user-list`). */
  listPath?: string;
  /**
   * Rules across fields of a whole record (create and replace), e.g. "CIE and SEE weights add up to 100".
   * Returns field -> message for each broken rule (empty when the record is fine). Pure.
   */
  checks?: (data: Record<string, unknown>) => Record<string, string>;
}

/** The roles that may list and read records of `def` (its `readRoles`, else the holders of `read-campus`). */
export const readersOf = (def: EntityDef): readonly Role[] => def.readRoles ?? holdersOf('read-campus');

/**
 * How far a role reaches into a record type through its generic routes: `all` the campus's records, `own` only some
 * (its own personal records, records it owns through `ownerField`, records of courses it owns through `ownedVia`),
 * `none` (403).
 */
export type Reach = 'all' | 'own' | 'none';

/**
 * What `role` may read of `def` through `GET path` and `GET path/{id}` (`readersOf`; a `personal` record type gives
 * those without `read-every-member` their own records only). The generic router and docs/powers.md both ask this.
 */
export function readReach(def: EntityDef, role: Role): Reach {
  if (!readersOf(def).includes(role)) return 'none';
  return def.personal && !may({ role }, 'read-every-member') ? 'own' : 'all';
}

/** Whether `caller` may list and read records of `def`: its role reaches them, or its API key holds `def.keyScope`. */
export const mayReadRecords = (caller: Pick<Caller, 'role' | 'scopes'>, def: EntityDef): boolean =>
  readReach(def, caller.role) !== 'none' || holdsScope(caller, def.keyScope);

/**
 * What `role` may create, replace and delete of `def`: `all` for its `writeRoles` (their own only for a `personal`
 * record type without `read-every-member`), `own` with `keep-own` where the record type has an owner (`ownedVia`,
 * `ownerField`), else `none` (403 before the body is read). Which records are own is checked per record
 * (references.ts `assertCanWrite`); `reservedChoices` further keep some values to `writeRoles`.
 */
export function writeReach(def: EntityDef, role: Role): Reach {
  if (def.writeRoles.includes(role)) return def.personal && !may({ role }, 'read-every-member') ? 'own' : 'all';
  return may({ role }, 'keep-own') && (def.ownedVia || def.ownerField) ? 'own' : 'none';
}

/** One secondary-index access pattern of an entity (see `EntityDef.indexes`). */
export interface EntityIndex {
  /** Field whose value partitions the index (e.g. `curriculum`). */
  field: string;
  /** Field whose value orders, and can narrow, rows within the partition (e.g. `term`). */
  sortBy?: string;
}

/** Fields every stored record carries, set by the server from the token and the clock. */
export const SYSTEM_FIELDS = ['id', 'version', 'created_by', 'created_at', 'updated_by', 'updated_at'] as const;

/** The audit and concurrency fields of a stored record. Times are ISO-8601 UTC strings; `version` starts at 1. */
export type SystemFields = {
  id: string;
  version: number;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
};

/** A stored record of any entity: its own fields plus the system fields (generic code that serves every entity). */
export type EntityRecord = SystemFields & Record<string, unknown>;

/** The union of an entity's field definitions. */
type FieldsOf<D extends EntityDef> = D['fields'][number];
/** The stored value type a typed field carries (`unknown` for an untyped `FieldDef`). */
type ValueOf<F> = F extends { readonly __value?: infer V } ? (unknown extends V ? unknown : V) : unknown;

/**
 * A stored record of entity `D`, typed from its field builders: required fields are present, the others optional,
 * plus the system fields. For the untyped `EntityDef` it is the same as `EntityRecord`.
 * Example: `RecordOf<typeof student>` is `{ curriculum: string; section: string; roll_no: string; name: string;
 * email?: string } & SystemFields`.
 */
export type RecordOf<D extends EntityDef> = string extends FieldsOf<D>['name']
  ? EntityRecord
  : SystemFields & { [F in FieldsOf<D> as F extends { required?: true } ? F['name'] : never]: ValueOf<F> } & {
      [F in FieldsOf<D> as F extends { required?: true } ? never : F['name']]?: ValueOf<F>;
    };

/** The body fields of entity `D` (its record without the system fields), as create and replace accept them. */
export type DataOf<D extends EntityDef> = Omit<RecordOf<D>, keyof SystemFields>;

/**
 * Declares an entity. Keeps the exact field types (`const`), so `RecordOf<typeof x>` is precise.
 * `unique` entries are single fields or compound keys (`[['curriculum', 'roll_no']]`) checked on create, replace
 * and import alike.
 */
export function defineEntity<const D extends EntityDef>(def: D): D {
  return def;
}
