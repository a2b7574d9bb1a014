import { type CampusScope, type DataOf, type ImportResult, type RowError, student } from '@attain/shared-types';
import pLimit from 'p-limit';
import { listAll } from '../../../platform/store/list-all.js';
import { createRecords, replaceRecord } from '../../../platform/store/records.js';
import { curriculumContext } from './curriculum-context.js';
import { assertCourseYearOpen, assertRostersOpen } from '../../course-inputs/index.js';
import { parseCsv, refuseIfAny } from '../../../platform/lib/csv-table.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Loads a roster CSV (roll_no, name, optional section (default A) and email) into a curriculum. A roll number
 * already on the curriculum updates that student; otherwise a student is created. Every row is checked first
 * (missing or over-long values, a repeated roll number, a bad e-mail): any problem refuses the whole file.
 * @throws HttpError 400 with row-level errors, 404 for an unknown curriculum
 */
export async function importStudents(scope: CampusScope, curriculumId: string | undefined, text: string): Promise<ImportResult> {
  const ctx = await curriculumContext(scope, curriculumId);
  const { rows, errors } = parseCsv(text, ['roll_no', 'name']);
  const seen = new Map<string, number>();
  const planned: DataOf<typeof student>[] = [];
  for (const r of rows) {
    const e: RowError[] = [];
    const roll = r.cells.roll_no ?? '';
    const name = r.cells.name ?? '';
    const section = r.cells.section || 'A';
    const email = r.cells.email ?? '';
    if (!roll) e.push({ row: r.row, field: 'roll_no', message: 'Required' });
    else if (roll.length > 30) e.push({ row: r.row, field: 'roll_no', message: 'Too Long!' });
    else if (seen.has(roll.toLowerCase()))
      e.push({ row: r.row, field: 'roll_no', message: `${roll} is already on row ${seen.get(roll.toLowerCase())}` });
    else seen.set(roll.toLowerCase(), r.row);
    if (!name) e.push({ row: r.row, field: 'name', message: 'Required' });
    else if (name.length > 150) e.push({ row: r.row, field: 'name', message: 'Too Long!' });
    if (section.length > 10) e.push({ row: r.row, field: 'section', message: 'Too Long!' });
    if (email && !EMAIL.test(email)) e.push({ row: r.row, field: 'email', message: 'Not valid email' });
    errors.push(...e);
    planned.push({ curriculum: ctx.curriculum.id, roll_no: roll, name, section, ...(email ? { email } : {}) });
  }
  if (!rows.length) errors.push({ row: 2, field: '', message: 'The file has no student rows' });
  refuseIfAny(errors);
  const existing = new Map((await listAll(scope, student, { curriculum: ctx.curriculum.id })).map((s) => [s.roll_no.toLowerCase(), s]));
  // New students go in batches (each with its roll-number guard, see createRecords); known ones are replaced.
  const fresh = planned.filter((p) => !existing.has(p.roll_no.toLowerCase()));
  const known = planned.filter((p) => existing.has(p.roll_no.toLowerCase()));
  // A new student, or one whose section changes, changes a roster: refused whole while a frozen year counts it.
  const moved = known.filter((p) => (existing.get(p.roll_no.toLowerCase())?.section ?? 'A') !== p.section);
  await assertRostersOpen(scope, assertCourseYearOpen, [
    ...fresh,
    ...moved,
    ...moved.map((p) => ({ curriculum: p.curriculum, section: existing.get(p.roll_no.toLowerCase())?.section })),
  ]);
  await createRecords(scope, student, fresh);
  const limit = pLimit(16);
  await Promise.all(
    known.map((p) =>
      limit(async () => {
        const old = existing.get(p.roll_no.toLowerCase())!;
        await replaceRecord(scope, student, old.id, old.version, p);
      }),
    ),
  );
  const created = fresh.length;
  const updated = known.length;
  return { kind: 'students', rows: rows.length, created, updated, notes: [] };
}
