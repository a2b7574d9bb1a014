import { type EntityDef, type EntityRecord, FACULTY_RECORDS, FACULTY_RECORD_TITLES, textOf } from '@attain/shared-types';

/** The records of one Faculty Contribution type, newest first, under the title the side menu gives the type. */
export interface RecordGroup {
  def: EntityDef;
  /** The side menu's title of the type (`FACULTY_RECORD_TITLES`), e.g. `Awards and honours`. */
  title: string;
  records: EntityRecord[];
}

/**
 * The field that dates a record of `def`: its first `date` field, else its first whole-number field whose name
 * mentions a year (`publication_year`, `commencement_year`, `year`), else an `academic_year` (`2025-26`); undefined
 * when the type has none (a book chapter), whose records are then dated by when they were entered (`created_at`).
 */
export function dateFieldOf(def: EntityDef): string | undefined {
  return (
    def.fields.find((fd) => fd.kind === 'date')?.name ??
    def.fields.find((fd) => fd.kind === 'int' && /year/.test(fd.name))?.name ??
    def.fields.find((fd) => fd.name === 'academic_year')?.name
  );
}

/**
 * When a record dates from, as text that sorts in time order: its date field's value (`2024-06-01`, `2024`,
 * `2025-26`), else when it was entered (`created_at`, ISO-8601). A year sorts before every day of a later year and
 * after those of earlier years, so dated and undated records of one type interleave sensibly.
 */
export function recordWhen(def: EntityDef, rec: Readonly<Record<string, unknown>>): string {
  const field = dateFieldOf(def);
  const v = field ? rec[field] : undefined;
  return textOf(v) || textOf(rec.created_at);
}

/** Orders two sortable times newest first (code-unit order: ISO dates and years, no locale rules). */
const later = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/**
 * A member's records grouped by type for the CV: one group per Faculty Contribution type that has records, in the
 * side menu's order (`FACULTY_RECORDS`), each newest first by `recordWhen` (ties: the later entered first).
 * `byType` maps registry names to records; names that are not Faculty Contribution types are ignored. Pure.
 */
export function groupNewestFirst(byType: Readonly<Record<string, readonly EntityRecord[]>>): RecordGroup[] {
  return FACULTY_RECORDS.flatMap((def) => {
    const records = [...(byType[def.name] ?? [])];
    if (!records.length) return [];
    records.sort((a, b) => later(recordWhen(def, a), recordWhen(def, b)) || later(a.created_at ?? '', b.created_at ?? ''));
    return [{ def, title: FACULTY_RECORD_TITLES[def.name], records }];
  });
}
