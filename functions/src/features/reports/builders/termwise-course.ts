import { type CampusScope, type ReportView, choiceLabel, courseCurriculum } from '@attain/shared-types';
import { CREDIT_COLUMNS, creditCells, creditTotal, loadCurriculum } from '../report-curriculum.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

const kindField = courseCurriculum.fields.find((f) => f.name === 'type');

/**
 * `termwise-course`: a section per term of the curriculum that has courses: code, title, core/elective, L, T, P,
 * credits and total marks of each course, and the term's credit total (a traced sum of the courses' credits;
 * a course without credits counts 0 and is named so in the trace). 404 for a curriculum not of the campus.
 */
export async function termwiseCourse(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, { ...query, term: undefined, course: undefined });
  const sections = cr.terms.flatMap((t) => {
    const courses = cr.courses.filter((c) => c.term === t.id);
    if (!courses.length) return [];
    const table = reportTable(
      `term-${t.number}`,
      `${t.name}: courses`,
      [
        column('code', 'Code'),
        column('title', 'Title'),
        column('type', 'Core / elective'),
        ...CREDIT_COLUMNS,
        column('marks', 'Total marks', 'marks'),
      ],
      courses.map((c) => ({
        code: c.code ?? '',
        title: c.title,
        type: c.type && kindField ? choiceLabel(kindField, c.type) : '',
        ...creditCells(c),
        marks: c.total_marks ?? null,
      })),
      {
        footer: [
          {
            code: '',
            title: `Total credits of ${t.name}`,
            credits: creditTotal(`Credits of ${t.name}`, courses),
          },
        ],
      },
    );
    return [{ id: `term-${t.number}`, title: t.name, tables: [table] }];
  });
  return reportView('termwise-course', cr.context, sections, 'This curriculum has no courses yet: add them under Curriculum > Courses');
}
