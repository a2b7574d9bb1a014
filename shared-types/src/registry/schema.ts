import * as z from 'zod/mini';
import type { EntityDef } from './entity.js';
import { SYSTEM_FIELDS } from './entity.js';
import { DEFAULT_MAX, type FieldDef } from './field.js';
import { MESSAGES } from './messages.js';
import { isAcademicYear } from '../format/academic-year.js';
import { MAX_ATTACHMENTS, UPLOAD_KEY, UPLOAD_RULES } from '../files/stored-file.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `Required` when the value is missing, otherwise `other`. */
const missingOr = (other: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === '' ? MESSAGES.required : other;

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A zod/mini schema for one field's value, required or not (`null`, `''` and absent mean "no value"). */
function valueSchema(fd: FieldDef): z.ZodMiniType {
  const max = fd.max ?? DEFAULT_MAX[fd.kind];
  switch (fd.kind) {
    case 'string':
    case 'text':
    case 'html':
    case 'email':
    case 'ref':
    case 'date': {
      const checks: z.core.$ZodCheck<string>[] = [z.trim()];
      if (fd.required) checks.push(z.minLength(1, MESSAGES.required));
      if (fd.min) checks.push(z.refine((v: string) => v === '' || v.length >= (fd.min as number), MESSAGES.tooShort));
      if (max) checks.push(z.maxLength(max, MESSAGES.tooLong));
      if (fd.kind === 'email') checks.push(z.refine((v: string) => v === '' || EMAIL.test(v), MESSAGES.email));
      if (fd.academicYear) checks.push(z.refine((v: string) => v === '' || isAcademicYear(v), 'Write it as 2025-26'));
      if (fd.kind === 'date') checks.push(z.refine((v: string) => v === '' || (ISO_DATE.test(v) && isRealDate(v)), MESSAGES.date));
      return z.string({ error: missingOr('Must be text') }).check(...checks);
    }
    case 'int':
    case 'number': {
      const base = fd.kind === 'int' ? z.int({ error: missingOr(MESSAGES.digits) }) : z.number({ error: missingOr(MESSAGES.digits) });
      // Numbers stay within the safe-integer range even without declared bounds (DynamoDB refuses larger ones).
      const checks: z.core.$ZodCheck<number>[] = [
        z.gte(fd.min ?? -Number.MAX_SAFE_INTEGER, MESSAGES.tooShort),
        z.lte(fd.max ?? Number.MAX_SAFE_INTEGER, MESSAGES.tooLong),
      ];
      return base.check(...checks);
    }
    case 'boolean':
      return z.boolean({ error: missingOr(MESSAGES.boolean) });
    case 'enum': {
      const choices = (fd.choices ?? []) as (string | number)[];
      return z.literal(choices as [string | number, ...(string | number)[]], { error: missingOr(MESSAGES.choice) });
    }
    case 'multi': {
      const choices = (fd.choices ?? []) as (string | number)[];
      const one = z.literal(choices as [string | number, ...(string | number)[]], { error: MESSAGES.choice });
      const checks: z.core.$ZodCheck<unknown[]>[] = [z.maxLength(fd.maxItems ?? choices.length, MESSAGES.tooLong)];
      if (fd.required) checks.push(z.minLength(1, MESSAGES.required));
      checks.push(z.refine((v: unknown[]) => new Set(v).size === v.length, 'Chosen twice'));
      return z.array(one, { error: missingOr('Must be a list') }).check(...checks);
    }
    case 'list': {
      const shape: Record<string, z.ZodMiniType> = {};
      for (const item of fd.items ?? []) shape[item.name] = fieldSchema(item);
      const checks: z.core.$ZodCheck<unknown[]>[] = [z.maxLength(fd.maxItems ?? 20, MESSAGES.tooLong)];
      if (fd.required) checks.push(z.minLength(1, MESSAGES.required));
      return z.array(z.strictObject(shape, { error: 'Must be a row of values' }), { error: missingOr('Must be a list') }).check(...checks);
    }
    case 'emails': {
      const one = z.string({ error: MESSAGES.email }).check(
        z.trim(),
        z.maxLength(DEFAULT_MAX.email ?? 254, MESSAGES.email),
        z.refine((v: string) => EMAIL.test(v), MESSAGES.email),
      );
      const most = fd.maxItems ?? 100;
      const checks: z.core.$ZodCheck<unknown[]>[] = [z.maxLength(most, `At most ${most} addresses`)];
      if (fd.required) checks.push(z.minLength(1, MESSAGES.required));
      return z.array(one, { error: missingOr('Must be a list of e-mail addresses') }).check(...checks);
    }
    case 'grids': {
      // The shape only ("Table 1, rows: Too Long!"); which titles, columns and how many rows a record may hold are the
      // entity's own checks.
      const text = (n: number) => z.string().check(z.maxLength(n, MESSAGES.tooLong));
      const table = z.strictObject({ title: text(200), columns: z.array(text(200)), rows: z.array(z.array(text(max ?? 0))) });
      return z.array(table, { error: missingOr('Must be a list') }).check(z.maxLength(fd.maxItems ?? 20, MESSAGES.tooLong));
    }
    case 'file':
      return z
        .string({ error: missingOr('Must be an uploaded file') })
        .check(z.refine((v: string) => v === '' || UPLOAD_KEY.test(v), 'Not an uploaded file'));
    case 'files': {
      const rule = UPLOAD_RULES[fd.upload ?? 'attachment'];
      const one = z.strictObject({
        key: z.string().check(z.regex(UPLOAD_KEY, 'Not an uploaded file')),
        name: z.string().check(z.minLength(1, MESSAGES.required), z.maxLength(200, MESSAGES.tooLong)),
        size: z.int().check(z.gte(1), z.lte(rule.maxBytes, `Must be ${rule.says}`)),
        content_type: z.literal(rule.types as unknown as [string, ...string[]], { error: `Must be ${rule.says}` }),
      });
      const checks: z.core.$ZodCheck<unknown[]>[] = [
        z.maxLength(fd.maxItems ?? MAX_ATTACHMENTS, `At most ${fd.maxItems ?? MAX_ATTACHMENTS} files`),
      ];
      if (fd.required) checks.push(z.minLength(1, MESSAGES.required));
      return z.array(one, { error: missingOr('Must be a list of uploaded files') }).check(...checks);
    }
  }
}

/** Whether a field with `askedWhen` is asked for, given the record's other values (always, without `askedWhen`). */
export const isAsked = (fd: FieldDef, values: Readonly<Record<string, unknown>>): boolean =>
  !fd.askedWhen || values[fd.askedWhen.field] === fd.askedWhen.equals;

/** Whether clients write the field: read-only and server-derived fields are set by the server only. */
export const isWritable = (fd: FieldDef): boolean => !fd.readOnly && !fd.derivedFrom && !fd.sumOf;

/**
 * Fills the fields the server derives as sums (`sumOf`) from `values` (the record as it will be stored): the sum of
 * the named numbers present, rounded to 2 decimals; absent when none is. Returns the derived values only.
 */
export function derivedSums(def: EntityDef, values: Readonly<Record<string, unknown>>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const fd of def.fields) {
    if (!fd.sumOf) continue;
    const parts = fd.sumOf.map((n) => values[n]).filter((v): v is number => typeof v === 'number');
    out[fd.name] = parts.length ? Math.round(parts.reduce((a, b) => a + b, 0) * 100) / 100 : null;
  }
  return out;
}

/** Schema of one field as it appears in a body: optional fields accept absent and `null` (and `''` for text). */
export function fieldSchema(fd: FieldDef): z.ZodMiniType {
  let s = valueSchema(fd);
  if (!fd.required) s = z.optional(z.nullable(s));
  if (fd.default !== undefined) s = z._default(s as z.ZodMiniType<unknown>, fd.default);
  return s;
}

/**
 * The zod/mini schema of an entity's writable fields (no system fields), strict: unknown keys are refused.
 * Used by the server for POST/PUT bodies and by the frontend's react-hook-form resolver.
 */
export function entitySchema(def: EntityDef, opts: { partial?: boolean } = {}) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const fd of def.fields) {
    if (!isWritable(fd)) continue;
    shape[fd.name] = opts.partial ? z.optional(fieldSchema({ ...fd, default: undefined })) : fieldSchema(fd);
  }
  return z.strictObject(shape);
}

/**
 * Turns zod issues into per-field messages (first message per field wins); unknown keys become
 * `{ key: 'Unknown field' }` each. Shared by every body the API validates.
 */
export function issueFields(
  issues: readonly z.core.$ZodIssue[],
  into: Record<string, string> = {},
  fields: readonly FieldDef[] = [],
): Record<string, string> {
  for (const iss of issues) {
    const [top, row, sub] = iss.path;
    if (iss.code === 'unrecognized_keys' && iss.path.length === 0) for (const k of iss.keys) into[k] ??= MESSAGES.unknown;
    else if (typeof row === 'number' && fields.find((x) => x.name === top)?.kind === 'emails')
      // One address of a list: "Not valid email (address 4)", so it can be found among many.
      into[String(top)] ??= `${iss.message} (address ${row + 1})`;
    else if (typeof row === 'number') {
      // A row of a list (or one file of a list): "Row 2, Degree: Required", on the list's field (a table of a `grids` field: "Table 1, rows: ...").
      const fd = fields.find((x) => x.name === top);
      const item = fd?.items?.find((x) => x.name === sub)?.label ?? (sub === undefined ? undefined : String(sub));
      const what = iss.code === 'unrecognized_keys' ? `${MESSAGES.unknown} ${iss.keys.join(', ')}` : iss.message;
      into[String(top)] ??= `${fd?.kind === 'grids' ? 'Table' : 'Row'} ${row + 1}${item ? `, ${item}` : ''}: ${what}`;
    } else into[String(top ?? '_')] ??= iss.message;
  }
  return into;
}

/** Whether a value can be a record version: a whole number in the safe-integer range (0 = never saved). */
export const isVersion = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Result of validating a body: the clean values, or per-field messages. */
export type Validation =
  { ok: true; data: Record<string, unknown>; version?: number } | { ok: false; detail: string; fields: Record<string, string> };

/**
 * A value as the spec's clients send it, in the stored form, before validation (be liberal in what is accepted,
 * strict in what is stored): a choice in any letter case becomes its canonical spelling (`Core` for `core`); the
 * spec's one e-mail address, or a comma- or semicolon-separated string of them, becomes a list of addresses.
 * Anything else is returned as it is, for the schema to judge.
 */
export function asSpecSends(fd: FieldDef, v: unknown): unknown {
  const canonical = (x: unknown) => {
    if (typeof x !== 'string') return x;
    const want = x.trim().toLowerCase();
    return (fd.choices ?? []).find((c) => typeof c === 'string' && c.toLowerCase() === want) ?? x;
  };
  if (fd.kind === 'enum') return canonical(v);
  if (fd.kind === 'multi' && Array.isArray(v)) return v.map(canonical);
  if (fd.kind === 'emails' && typeof v === 'string')
    return v
      .split(/[,;]/)
      .map((a) => a.trim())
      .filter(Boolean);
  return v;
}

/**
 * Validates a request body for `create` (POST), `replace` (PUT: system fields ignored, `version` required,
 * an integer >= 1) or `patch` (PATCH: every field optional; given the `stored` record, the rules across fields
 * (`checks`) see it with the sent values over it, and derived sums are recomputed from it).
 * Never throws: non-object bodies, wrong types, unknown or over-long fields come back as `{ ok: false }`.
 */
export function validateBody(
  def: EntityDef,
  body: unknown,
  mode: 'create' | 'replace' | 'patch',
  stored?: Readonly<Record<string, unknown>>,
): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, detail: 'The request body must be a JSON object', fields: {} };
  }
  const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  let version: number | undefined;
  const fields: Record<string, string> = {};
  if (mode === 'replace') {
    const v = input.version;
    if (!isVersion(v) || v < 1) fields.version = v === undefined ? MESSAGES.required : MESSAGES.digits;
    else version = v;
  }
  // The spec's forms send the system fields (`id`, `created_by`, `created_at`, `updated_by`, `updated_at`) on create
  // and replace: accepted and ignored, since the server sets them from the token and the clock.
  for (const k of SYSTEM_FIELDS) delete input[k];
  // A PUT sends back the full row it read: fields the server sets are ignored, not refused.
  for (const fd of def.fields) if (!isWritable(fd)) delete input[fd.name];
  // An empty input box sends '': for an optional field that means "no value" (null: cleared in a PATCH).
  for (const fd of def.fields) if (!fd.required && input[fd.name] === '') input[fd.name] = null;
  for (const fd of def.fields)
    if (input[fd.name] !== undefined && input[fd.name] !== null) input[fd.name] = asSpecSends(fd, input[fd.name]);
  // A field asked only when another has a given value: dropped otherwise, required then.
  for (const fd of def.fields) if (fd.askedWhen && mode !== 'patch' && !isAsked(fd, input)) delete input[fd.name];
  const res = entitySchema(def, { partial: mode === 'patch' }).safeParse(input);
  if (!res.success) issueFields(res.error.issues, fields, def.fields);
  else if (mode !== 'patch' || stored) {
    const data = res.data as Record<string, unknown>;
    // A PATCH is checked as the record will be: the stored values under the sent ones.
    const whole = mode === 'patch' ? { ...stored, ...data } : data;
    if (mode !== 'patch')
      for (const fd of def.fields)
        if (fd.askedWhen && isAsked(fd, data) && (data[fd.name] ?? '') === '') fields[fd.name] ??= MESSAGES.required;
    if (def.checks) for (const [k, m] of Object.entries(def.checks(whole))) fields[k] ??= m;
    Object.assign(data, derivedSums(def, whole));
  }
  if (Object.keys(fields).length) {
    const names = Object.keys(fields);
    return { ok: false, detail: `Please correct ${names.length === 1 ? 'this field' : 'these fields'}: ${names.join(', ')}`, fields };
  }
  const data = res.success ? (res.data as Record<string, unknown>) : {};
  // Blank optional values (and empty lists) are stored as absent, so a list never shows '' and null side by side.
  // In a PATCH, a blank value means "clear this field" and is kept as null.
  // Rows of a list keep only their filled values.
  for (const fd of def.fields)
    if (fd.kind === 'list' && Array.isArray(data[fd.name]))
      data[fd.name] = (data[fd.name] as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([, x]) => x !== '' && x !== null && x !== undefined)),
      );
  for (const [k, v] of Object.entries(data)) {
    if (v !== '' && v !== null && !(Array.isArray(v) && v.length === 0)) continue;
    if (mode === 'patch') data[k] = null;
    else delete data[k];
  }
  return { ok: true, data, version };
}
