import { type CampusScope, type ReportView } from '@attain/shared-types';
import { courseSections, loadCurriculum } from '../report-curriculum.js';
import { input, sumFigure } from '../report-figures.js';
import { loadPapers, occasionTitle } from '../report-papers.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `ao-mapping`: per course, a table per assessment occasion listing its question paper question by question
 * (number, maximum marks, CO code, Bloom's level) with the paper's total marks (a traced sum) in the footer; an
 * occasion without a paper says so. 404 for a picked id not of the campus.
 */
export async function aoMapping(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, query);
  const papers = await loadPapers(scope, cr);
  const sections = courseSections(cr, (course) =>
    (papers.byCourse.get(course.id) ?? []).map(({ occasion, questions }) =>
      reportTable(
        `occasion-${occasion.id}`,
        occasionTitle(occasion),
        [column('number', 'Question'), column('marks', 'Marks', 'marks'), column('co', 'Course outcome'), column('bloom', "Bloom's level")],
        questions.map((q) => ({ number: q.number, marks: q.max_marks, co: papers.coCode(q.co), bloom: papers.bloomName(q.bloom_level) })),
        {
          footer: questions.length
            ? [
                {
                  number: 'Total',
                  marks: sumFigure(
                    `Total marks of ${occasion.name}`,
                    questions.map((q) => input(`Q${q.number}`, q.max_marks)),
                  ),
                },
              ]
            : [],
          notes: questions.length ? [] : ['No question paper yet: Assessments > Question paper'],
        },
      ),
    ),
  );
  return reportView(
    'ao-mapping',
    cr.context,
    sections,
    'No assessment occasion for these courses yet: add one under Assessments > Occasions',
  );
}
