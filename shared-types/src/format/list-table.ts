import type { CampusLocale } from '../entities/choices.js';
import type { FieldDef } from '../registry/field.js';
import { formatDate } from './locale-format.js';

/** A list value (an array of small records, e.g. a member's qualifications) as a table: column labels and text cells. */
export interface ListTable {
  /** Column labels, in the order of the item fields (or of first appearance when the items are not declared). */
  header: string[];
  /** One row per item, a text cell per column ('' when the item has no value there). */
  rows: string[][];
}

/** A field name spelled as words: `year_of_passing` -> `Year of passing`. */
export const wordsOf = (name: string): string => {
  const s = name.replace(/[_-]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** The item fields a list field declares (`FieldDef.items`); undefined when it declares none. */
export const itemFieldsOf = (fd: FieldDef | undefined): readonly FieldDef[] | undefined => (fd?.items?.length ? fd.items : undefined);

/** A plain value in words when there is no field definition for it: dates as the campus writes them, Yes/No. */
function plainText(v: unknown, locale: CampusLocale): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v, locale) : v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * The table of list value `v` of field `fd`: columns from the field's item definitions when it has them (labels,
 * values in words through `cellText`), else from the items' own keys spelled as words; columns that no item fills
 * are left out. Items that are not records become one-column rows. Undefined when `v` is not a non-empty array.
 */
export function listTable(
  fd: FieldDef | undefined,
  v: unknown,
  locale: CampusLocale,
  cellText: (fd: FieldDef | undefined, v: unknown, locale: CampusLocale) => string,
): ListTable | undefined {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const items: Record<string, unknown>[] = v.map((x) =>
    typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : { value: x },
  );
  const declared = itemFieldsOf(fd);
  const keys = declared ? declared.map((d) => d.name) : [...new Set(items.flatMap((x) => Object.keys(x)))].filter((k) => k !== 'id');
  const filled = keys.filter((k) => items.some((x) => x[k] !== undefined && x[k] !== null && x[k] !== ''));
  const defOf = (k: string) => declared?.find((d) => d.name === k);
  return {
    header: filled.map((k) => defOf(k)?.label ?? (k === 'value' && !declared ? (fd?.label ?? '') : wordsOf(k))),
    rows: items.map((x) => filled.map((k) => (defOf(k) ? cellText(defOf(k), x[k], locale) : plainText(x[k], locale)))),
  };
}
