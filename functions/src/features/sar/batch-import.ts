import {
  BATCH_COLUMNS,
  BATCH_COUNT_COLUMNS,
  BATCH_FILE_YEARS,
  BATCH_YEAR_FIGURES,
  type BatchImportResult,
  type CampusScope,
  type DataOf,
  type RecordOf,
  batchPerformance,
  program,
  validateBody,
} from '@attain/shared-types';
import { listAll } from '../../platform/store/list-all.js';
import { createRecords, getRecord, replaceRecord } from '../../platform/store/records.js';
import { type CsvRow, parseCsv, refuseIfAny, rowErrorsOf } from '../../platform/lib/csv-table.js';

type BatchData = DataOf<typeof batchPerformance>;
type Batch = RecordOf<typeof batchPerformance>;

/** A cell as the batch's schema judges it: a number when it reads as one, else the text (refused with its message). */
const cellValue = (v: string): number | string => (v !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/**
 * The body of a batch from one row of the file over the batch already entered (`old`): every figure the row fills
 * replaces the entered one, and what it leaves blank or does not carry stays (a year of study's figures merge by year;
 * a fifth year, the named lists and the note are kept).
 */
function rowBody(programId: string, r: CsvRow, old: Batch | undefined): Record<string, unknown> {
  // The stored batch as the start (`validateBody` drops its system fields, as it does a form's).
  const body: Record<string, unknown> = { ...old, program: programId, entry_year: r.cells.entry_year ?? '' };
  for (const c of BATCH_COUNT_COLUMNS) if (r.cells[c]) body[c] = cellValue(r.cells[c]);
  const years = new Map((old?.study_years ?? []).map((y) => [Number(y.year), { ...y }]));
  for (const year of BATCH_FILE_YEARS) {
    const figures = BATCH_YEAR_FIGURES.filter((f) => r.cells[`year${year}_${f}`]);
    if (figures.length)
      years.set(year, { ...years.get(year), year, ...Object.fromEntries(figures.map((f) => [f, cellValue(r.cells[`year${year}_${f}`])])) });
  }
  if (years.size) body.study_years = [...years.values()].sort((a, b) => Number(a.year) - Number(b.year));
  if (r.cells.note) body.note = r.cells.note;
  return body;
}

/**
 * Loads a program's batches (Criterion 4's students' performance) from CSV text with the columns `BATCH_COLUMNS`, one
 * row per entry year. Each row is checked as the batch form checks it (`batchPerformance`'s fields and rules: whole
 * counts, successful no more than appeared...), an entry year may appear once, and an unknown column is refused;
 * any problem refuses the whole file. A batch already entered for the entry year takes the figures the row fills and
 * keeps every other (blank cells, columns the file lacks, a fifth year of study, the named lists), checked together.
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
  const seen = new Map<string, number>();
  const planned: BatchData[] = [];
  for (const r of rows) {
    const v = validateBody(batchPerformance, rowBody(programId, r, existing.get(r.cells.entry_year ?? '')), 'create');
    if (!v.ok) {
      errors.push(...rowErrorsOf(r.row, v));
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
