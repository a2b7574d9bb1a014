import {
  type CampusScope,
  type Caller,
  type CoPoMatrix,
  type CorrelationLevel,
  type ImportResult,
  type RecordOf,
  courseOutcome,
  genericProgramOutcome,
} from '@attain/shared-types';
import { saveMatrix } from '../co-po-matrix.js';
import { getDocument } from '../../../platform/store/documents.js';
import { queryByField } from '../../../platform/store/records.js';
import { courseByCode, curriculumContext } from './curriculum-context.js';
import { parseCsv, refuseIfAny } from '../../../platform/lib/csv-table.js';

/**
 * Loads a CO-PO matrix CSV (format in `docs/nba-sources.md` "CO-PO matrix CSV": course_code, co_code, then one column per
 * PO/PSO reference such as PO1 .. PO12, PSO1 ..; cells 1, 2, 3, or `-`/blank/0 for no correlation) into the
 * matrices of a curriculum's courses. A row's CO is found by `co_code`, else by `row_label_in_source` (sources
 * label rows CO1.. while naming the COs 4CS4-05.1 ..). Every column must be a PO or PSO of the program. Rows in the
 * file replace those COs' rows; other rows of a matrix are kept. Each course's matrix is one atomic write.
 * @throws HttpError 400 with row-level errors (nothing written)
 */
export async function importCoPoMatrix(
  scope: CampusScope,
  caller: Caller,
  curriculumId: string | undefined,
  text: string,
): Promise<ImportResult> {
  const ctx = await curriculumContext(scope, curriculumId);
  const { rows, headers, errors } = parseCsv(text, ['course_code', 'co_code']);
  const outcomes = (await queryByField(scope, genericProgramOutcome, 'program', ctx.program.id)).filter(
    (o) => o.outcome_type === 'PO' || o.outcome_type === 'PSO',
  );
  const byRef = new Map(outcomes.map((o) => [o.po_reference.toUpperCase(), o.id] as const));
  const outcomeColumns = headers.filter((h) => /^P(S)?O\d+$/i.test(h));
  for (const h of outcomeColumns) {
    if (!byRef.has(h.toUpperCase()))
      errors.push({ row: 1, field: h, message: `The program has no ${h}; add it under Generic Program Outcomes first` });
  }
  if (!outcomeColumns.length) errors.push({ row: 1, field: '', message: 'No PO or PSO columns (PO1, PO2, ..., PSO1, ...)' });
  const cos = new Map<string, RecordOf<typeof courseOutcome>[]>();
  const rowsByCourse = new Map<string, CoPoMatrix['cells']>();
  for (const r of rows) {
    const course = courseByCode(ctx, r.cells.course_code ?? '');
    if (!course) {
      errors.push({ row: r.row, field: 'course_code', message: `No course ${r.cells.course_code || '(blank)'} in this curriculum` });
      continue;
    }
    if (!cos.has(course.id)) cos.set(course.id, await queryByField(scope, courseOutcome, 'course', course.id));
    const list = cos.get(course.id) ?? [];
    const co =
      list.find((c) => c.code === r.cells.co_code) ??
      list.find((c) => r.cells.row_label_in_source && c.code === r.cells.row_label_in_source);
    if (!co) {
      errors.push({
        row: r.row,
        field: 'co_code',
        message: `Course ${course.code} has no course outcome ${r.cells.co_code}; load its course outcomes first`,
      });
      continue;
    }
    const row: Record<string, CorrelationLevel> = {};
    for (const h of outcomeColumns) {
      const v = r.cells[h] ?? '';
      if (v === '' || v === '-' || v === '0') continue;
      if (v !== '1' && v !== '2' && v !== '3') {
        errors.push({ row: r.row, field: h, message: `${v} is not 1, 2, 3 or -` });
        continue;
      }
      const id = byRef.get(h.toUpperCase());
      if (id) row[id] = Number(v) as CorrelationLevel;
    }
    const cells = rowsByCourse.get(course.id) ?? {};
    cells[co.id] = row;
    rowsByCourse.set(course.id, cells);
  }
  if (!rows.length) errors.push({ row: 2, field: '', message: 'The file has no matrix rows' });
  refuseIfAny(errors);
  let created = 0;
  let updated = 0;
  for (const [courseId, fileRows] of rowsByCourse) {
    const doc = await getDocument(scope, 'co-po-matrix', courseId);
    const merged = { ...doc?.cells, ...fileRows };
    await saveMatrix(scope, caller, courseId, doc?.version ?? 0, merged);
    if (doc) updated++;
    else created++;
  }
  return {
    kind: 'co-po-matrix',
    rows: rows.length,
    created,
    updated,
    notes: [`Saved the CO-PO matrices of ${rowsByCourse.size} course${rowsByCourse.size === 1 ? '' : 's'}`],
  };
}
