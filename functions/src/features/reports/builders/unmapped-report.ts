import { type CampusScope, type ReportView } from '@attain/shared-types';
import { loadArticulation } from '../articulation.js';
import { courseName } from '../report-curriculum.js';
import { countFigure, input } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `unmapped-report`: three tables over the whole curriculum: the COs of courses with a matrix whose row maps no PO or
 * PSO (course, CO code, statement); the POs and PSOs of the program that no course's matrix maps; the courses
 * without a CO-PO matrix (with how many COs they have). 404 for a curriculum not of the campus.
 */
export async function unmappedReport(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const { cr, outcomes, all: matrices, matrices: withMatrix } = await loadArticulation(scope, query, true);
  if (!cr.courses.length)
    return reportView('unmapped-report', cr.context, [], 'This curriculum has no courses yet: add them under Curriculum > Courses');
  const cos = reportTable(
    'unmapped-cos',
    'Course outcomes mapped to no PO or PSO',
    [column('course', 'Course'), column('co', 'Course outcome'), column('statement', 'Statement')],
    withMatrix.flatMap((m) =>
      m.cos
        .filter((co) => !Object.keys(m.cells[co.id] ?? {}).length)
        .map((co) => ({ course: courseName(m.course), co: co.code, statement: co.statement })),
    ),
    { notes: ['Only courses with a CO-PO matrix are checked here; the others are listed below.'] },
  );
  const mapped = new Set(withMatrix.flatMap((m) => Object.values(m.cells).flatMap((row) => Object.keys(row))));
  const pos = reportTable(
    'unaddressed-outcomes',
    'POs and PSOs no course addresses',
    [column('reference', 'Reference'), column('kind', 'Kind'), column('statement', 'Statement')],
    outcomes.columns
      .filter((o) => !mapped.has(o.id))
      .map((o) => ({ reference: o.po_reference, kind: o.outcome_type, statement: o.statement })),
    { notes: outcomes.columns.length ? [] : ['The program has no POs or PSOs yet: Configuration > Generic Program Outcomes'] },
  );
  const courses = reportTable(
    'courses-without-matrix',
    'Courses without a CO-PO matrix',
    [column('code', 'Code'), column('title', 'Title'), column('term', 'Term'), column('cos', 'Course outcomes', 'COs')],
    matrices
      .filter((m) => !m.saved)
      .map((m) => ({
        code: m.course.code ?? '',
        title: m.course.title,
        term: cr.termOf(m.course)?.name ?? '',
        cos: countFigure(
          `COs of ${courseName(m.course)}`,
          'its course outcomes',
          m.cos.map((co) => input(co.code, co.statement)),
        ),
      })),
    { notes: ['Add a matrix under Curriculum > CO-PO Mapping.'] },
  );
  return reportView('unmapped-report', cr.context, [{ id: 'unmapped', title: 'Unmapped outcomes', tables: [cos, pos, courses] }], '');
}
