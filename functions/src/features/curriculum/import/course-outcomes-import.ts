import {
  type CampusScope,
  type ImportResult,
  type RecordOf,
  type RowError,
  bloomLevel,
  courseCurriculum,
  courseOutcome,
  deliveryMethod,
  pickBloomLevel,
} from '@attain/shared-types';
import { HttpError } from '../../../platform/lib/errors.js';
import { listAll } from '../../../platform/store/list-all.js';
import { createRecord, getRecord, queryByField, replaceRecord } from '../../../platform/store/records.js';
import { writeCourseInput } from '../../course-inputs/index.js';
import { courseByCode, curriculumContext } from './curriculum-context.js';
import { parseCsv, refuseIfAny } from '../../../platform/lib/csv-table.js';

/** Choices made in the import dialog for what the file does not say. */
export interface CourseOutcomeImportOptions {
  /** Delivery method given to every imported CO (the reference files carry none; the spec requires one). */
  delivery_method?: string;
  /** Bloom's level for rows whose cell is blank and whose first verb is not in the campus's verb lists. */
  fallback_bloom_level?: string;
  /** Term number in which to create courses the curriculum lacks (title from `course_title`); without it such rows are errors. */
  create_courses_in_term?: number;
}

/**
 * Loads a course-outcomes CSV (format in `docs/nba-sources.md` "Course outcomes CSV": course_code, co_code, statement,
 * bloom_level, course_title) into a curriculum. A row updates the CO of the same code in its course, or creates
 * it. Bloom's levels come from the K-codes, else the statement's verb (see `pickBloomLevel`), else the fallback.
 * Every row is checked before anything is written.
 * @throws HttpError 400 with row-level errors
 */
export async function importCourseOutcomes(
  scope: CampusScope,
  curriculumId: string | undefined,
  text: string,
  opts: CourseOutcomeImportOptions,
): Promise<ImportResult> {
  const ctx = await curriculumContext(scope, curriculumId);
  const { rows, errors } = parseCsv(text, ['course_code', 'co_code', 'statement']);
  const fields: Record<string, string> = {};
  if (!opts.delivery_method) fields.delivery_method = 'Required';
  else await getRecord(scope, deliveryMethod, opts.delivery_method).catch(() => (fields.delivery_method = 'Not found'));
  const levels = await listAll(scope, bloomLevel);
  const fallback = opts.fallback_bloom_level ? levels.find((l) => l.id === opts.fallback_bloom_level) : undefined;
  if (opts.fallback_bloom_level && !fallback) fields.fallback_bloom_level = 'Not found';
  const newTerm = opts.create_courses_in_term !== undefined ? ctx.terms.get(opts.create_courses_in_term) : undefined;
  if (opts.create_courses_in_term !== undefined && !newTerm)
    fields.create_courses_in_term = `The curriculum has no term ${opts.create_courses_in_term}`;
  if (Object.keys(fields).length) throw new HttpError(400, 'Please correct the import options', fields);

  const notes: string[] = [];
  const newCourses = new Map<string, string>();
  const planned: { row: number; courseCode: string; data: Record<string, unknown> }[] = [];
  for (const r of rows) {
    const rowErrors: RowError[] = [];
    const code = r.cells.co_code ?? '';
    const statement = r.cells.statement ?? '';
    const courseCode = r.cells.course_code ?? '';
    if (!courseCode) rowErrors.push({ row: r.row, field: 'course_code', message: 'Required' });
    if (!code) rowErrors.push({ row: r.row, field: 'co_code', message: 'Required' });
    if (code.length > 30) rowErrors.push({ row: r.row, field: 'co_code', message: 'Too Long!' });
    if (!statement) rowErrors.push({ row: r.row, field: 'statement', message: 'Required' });
    if (statement.length > 2000) rowErrors.push({ row: r.row, field: 'statement', message: 'Too Long!' });
    const course = courseCode ? courseByCode(ctx, courseCode) : undefined;
    if (courseCode && !course) {
      if (!newTerm) rowErrors.push({ row: r.row, field: 'course_code', message: `No course ${courseCode} in this curriculum` });
      else if (!newCourses.has(courseCode)) newCourses.set(courseCode, r.cells.course_title || courseCode);
    }
    const picked = statement ? pickBloomLevel(r.cells.bloom_level ?? '', statement, levels) : undefined;
    let level = picked?.level;
    if (picked?.how === 'inferred')
      notes.push(`Row ${r.row} (${code}): Bloom's level ${picked.level.level_of_learning} inferred from "${statement.split(/\s+/)[0]}"`);
    if (!level && statement) {
      if (fallback) {
        level = fallback;
        notes.push(`Row ${r.row} (${code}): no Bloom's level given or inferable; set to ${fallback.level_of_learning ?? fallback.name}`);
      } else
        rowErrors.push({
          row: r.row,
          field: 'bloom_level',
          message: "No Bloom's level given and none can be inferred from the statement's first word; choose a fallback level",
        });
    }
    errors.push(...rowErrors);
    planned.push({ row: r.row, courseCode, data: { code, statement, cognitive_domain: level?.id, delivery_method: opts.delivery_method } });
  }
  if (!rows.length) errors.push({ row: 2, field: '', message: 'The file has no course outcome rows' });
  refuseIfAny(errors);

  let created = 0;
  let updated = 0;
  for (const [code, title] of newCourses) {
    ctx.courses.push(
      await createRecord(scope, courseCurriculum, {
        curriculum: ctx.curriculum.id,
        term: newTerm?.id,
        code,
        title,
        reviewer_department: ctx.program.department ?? ctx.curriculum.department,
        program: ctx.program.id,
        department: ctx.program.department,
      }),
    );
    created++;
  }
  const existing = new Map<string, RecordOf<typeof courseOutcome>[]>();
  // Every row was checked above: its course is one of the curriculum's or was just created.
  const courses = new Map(planned.map((p) => [p.courseCode, courseByCode(ctx, p.courseCode)!]));
  // COs are inputs of every year of their course: refused while a frozen year holds one, and results computed again.
  await writeCourseInput(
    scope,
    [...courses.values()].map((course) => ({ course })),
    async () => {
      for (const p of planned) {
        const course = courses.get(p.courseCode)!;
        if (!existing.has(course.id)) existing.set(course.id, await queryByField(scope, courseOutcome, 'course', course.id));
        const data = { ...p.data, course: course.id, curriculum: ctx.curriculum.id, term: course.term };
        const match = existing.get(course.id)?.find((c) => c.code === p.data.code);
        if (match) {
          await replaceRecord(scope, courseOutcome, match.id, match.version, data);
          updated++;
        } else {
          existing.get(course.id)?.push(await createRecord(scope, courseOutcome, data));
          created++;
        }
      }
    },
  );
  if (newCourses.size)
    notes.unshift(
      `Created ${newCourses.size} course${newCourses.size > 1 ? 's' : ''} in term ${opts.create_courses_in_term}: ${[...newCourses.keys()].join(', ')}`,
    );
  return { kind: 'course-outcomes', rows: rows.length, created, updated, notes };
}
