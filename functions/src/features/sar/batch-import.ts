import {
  BATCH_COLUMNS,
  BATCH_COUNT_COLUMNS,
  BATCH_FILE_YEARS,
  BATCH_YEAR_FIGURES,
  type BatchImportResult,
  type CampusScope,
  type DataOf,
  type RowError,
  batchPerformance,
  program,
  validateBody,
} from '@attain/shared-types';
import { listAll } from '../../platform/store/list-all.js';
import { createRecords, getRecord, replaceRecord } from '../../platform/store/records.js';
import { type CsvRow, parseCsv, refuseIfAny } from '../../platform/lib/csv-table.js';

type BatchData = DataOf<typeof batchPerformance>;

/** A cell as the batch's schema judges it: a number when it reads as one, else the text (refused with its message). */
const cellValue = (v: string): number | string => (v !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/** The body of a batch from one row of the file: the columns it fills (blank cells left out), years of study in order. */
function rowBody(programId: string, r: CsvRow): Record<string, unknown> {
  const body: Record<string, unknown> = { program: programId, entry_year: r.cells.entry_year ?? '' };
  for (const c of BATCH_COUNT_COLUMNS) if (r.cells[c]) body[c] = cellValue(r.cells[c]);
  const years = BATCH_FILE_YEARS.flatMap((year) => {
    const figures = BATCH_YEAR_FIGURES.filter((f) => r.cells[`year${year}_${f}`]);
    return figures.length ? [{ year, ...Object.fromEntries(figures.map((f) => [f, cellValue(r.cells[`year${year}_${f}`])])) }] : [];
  });
  if (years.length) body.study_years = years;
  if (r.cells.note) body.note = r.cells.note;
  return body;
}

/**
 * Loads a program's batches (Criterion 4's students' performance) from CSV text with the columns `BATCH_COLUMNS`, one
 * row per entry year. Each row is checked as the batch form checks it (`batchPerformance`'s fields and rules: whole
 * counts, successful no more than appeared...), an entry year may appear once, and an unknown column is refused;
 * any problem refuses the whole file. A batch already entered for the entry year is replaced by the file's figures,
 * keeping what the file cannot carry (the named lists; the note when the file has no `note` column).
 * @returns rows read, batches created and updated
 * @throws HttpError 404 for an unknown program; 400 with `errors.rows` (row, column, message) and nothing written
 */
export async function importBatches(scope: CampusScope, programId: string, text: string): Promise<BatchImportResult> {
  await getRecord(scope, program, programId);
  const { rows, headers, errors } = parseCsv(text, ['entry_year']);
  for (const h of headers)
    if (h && !BATCH_COLUMNS.includes(h))
      errors.push({ row: 1, field: h, message: `Column ${h} is not a batch figure; the columns are ${BATCH_COLUMNS.join(', ')}` });
  const existing = new Map((await listAll(scope, batchPerformance, { program: programId })).map((b) => [b.entry_year, b]));
  const keepNote = !headers.includes('note');
  const seen = new Map<string, number>();
  const planned: BatchData[] = [];
  for (const r of rows) {
    const old = existing.get(r.cells.entry_year ?? '');
    // What the file cannot carry is kept from the batch already entered, and checked with the file's figures.
    const kept: Record<string, unknown> = old
      ? {
          placed_students: old.placed_students,
          higher_studies_students: old.higher_studies_students,
          entrepreneur_students: old.entrepreneur_students,
          ...(keepNote ? { note: old.note } : {}),
        }
      : {};
    const v = validateBody(batchPerformance, { ...kept, ...rowBody(programId, r) }, 'create');
    if (!v.ok) {
      const fields = Object.entries(v.fields);
      for (const [field, message] of fields) errors.push({ row: r.row, field, message } satisfies RowError);
      if (!fields.length) errors.push({ row: r.row, field: '', message: v.detail });
      continue;
    }
    const year = r.cells.entry_year ?? '';
    const earlier = seen.get(year);
    if (earlier) errors.push({ row: r.row, field: 'entry_year', message: `${year} is already on row ${earlier}` });
    else seen.set(year, r.row);
    // `validateBody` checked every field against the batch's definition.
    planned.push(v.data as BatchData);
  }
  if (!rows.length) errors.push({ row: 2, field: '', message: 'The file has no batch rows' });
  refuseIfAny(errors);
  const fresh = planned.filter((p) => !existing.has(p.entry_year));
  await createRecords(scope, batchPerformance, fresh);
  for (const p of planned) {
    const old = existing.get(p.entry_year);
    if (old) await replaceRecord(scope, batchPerformance, old.id, old.version, p);
  }
  return { rows: rows.length, created: fresh.length, updated: planned.length - fresh.length };
}
