import { COURSE_KINDS, type CampusScope, type ImportResult, type RowError, courseCurriculum, isOneOf } from '@attain/shared-types';
import { createRecord, replaceRecord } from '../../../platform/store/records.js';
import { curriculumContext } from './curriculum-context.js';
import { intCell, parseCsv, refuseIfAny } from '../../../platform/lib/csv-table.js';

/**
 * Loads a curriculum CSV (format in `docs/nba-sources.md` "Curriculum CSV": term, code, title, type,
 * lecture, tutorial, practical, credits, category_published) into a curriculum's terms as courses.
 * A row matches an existing course of the same term by code (or by title when it has no code) and updates it;
 * otherwise it creates one. `reviewer_department` is the program's department.
 * Every row is checked before anything is written: any problem refuses the whole file.
 * @throws HttpError 400 with row-level errors
 */
export async function importCurriculum(scope: CampusScope, curriculumId: string | undefined, text: string): Promise<ImportResult> {
  const ctx = await curriculumContext(scope, curriculumId);
  const { rows, errors } = parseCsv(text, ['term', 'title']);
  const reviewer = ctx.program.department;
  if (!reviewer)
    errors.push({ row: 1, field: 'department', message: "The curriculum's program has no department (the courses' reviewer department)" });
  const planned: { row: number; data: Record<string, unknown> }[] = [];
  for (const r of rows) {
    const rowErrors: RowError[] = [];
    const termNo = intCell(r, 'term', rowErrors, 1, 20);
    const t = termNo !== undefined ? ctx.terms.get(termNo) : undefined;
    if (termNo === undefined && !rowErrors.length) rowErrors.push({ row: r.row, field: 'term', message: 'Required' });
    else if (termNo !== undefined && !t)
      rowErrors.push({ row: r.row, field: 'term', message: `The curriculum has no term ${termNo} (it has ${ctx.terms.size})` });
    const title = r.cells.title ?? '';
    if (!title) rowErrors.push({ row: r.row, field: 'title', message: 'Required' });
    if (title.length > 200) rowErrors.push({ row: r.row, field: 'title', message: 'Too Long!' });
    const code = r.cells.code ?? '';
    if (code.length > 30) rowErrors.push({ row: r.row, field: 'code', message: 'Too Long!' });
    const type = (r.cells.type ?? '').toLowerCase();
    if (type && !isOneOf(COURSE_KINDS, type))
      rowErrors.push({ row: r.row, field: 'type', message: `Not one of ${COURSE_KINDS.join(', ')}` });
    const data: Record<string, unknown> = {
      curriculum: ctx.curriculum.id,
      term: t?.id,
      code: code || undefined,
      title,
      type: type || undefined,
      domain: r.cells.category_published || undefined,
      lecture_credits: intCell(r, 'lecture', rowErrors, 0, 40),
      tutor_credits: intCell(r, 'tutorial', rowErrors, 0, 40),
      practical_credits: intCell(r, 'practical', rowErrors, 0, 40),
      total_credits: intCell(r, 'credits', rowErrors, 0, 40),
      reviewer_department: reviewer,
      program: ctx.program.id,
      department: ctx.program.department,
    };
    for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
    errors.push(...rowErrors);
    planned.push({ row: r.row, data });
  }
  if (!rows.length) errors.push({ row: 2, field: '', message: 'The file has no course rows' });
  refuseIfAny(errors);
  let created = 0;
  let updated = 0;
  const taken = new Set<string>();
  for (const p of planned) {
    const match = ctx.courses.find(
      (c) => !taken.has(c.id) && c.term === p.data.term && (p.data.code ? c.code === p.data.code : !c.code && c.title === p.data.title),
    );
    if (match) {
      taken.add(match.id);
      const keep = Object.fromEntries(courseCurriculum.fields.map((f) => [f.name, match[f.name]]).filter(([, v]) => v !== undefined));
      await replaceRecord(scope, courseCurriculum, match.id, match.version, { ...keep, ...p.data });
      updated++;
    } else {
      await createRecord(scope, courseCurriculum, p.data);
      created++;
    }
  }
  return { kind: 'curriculum', rows: rows.length, created, updated, notes: [] };
}
