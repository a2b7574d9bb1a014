import { CIE_KINDS, type CampusScope, type PaperQuestion, type ReportTable, type ReportView } from '@attain/shared-types';
import { courseSections, loadCurriculum } from '../report-curriculum.js';
import { input, percentFigure, sumFigure } from '../report-figures.js';
import { type OccasionPaper, loadPapers, occasionTitle } from '../report-papers.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * One paper's marks grouped by `keyOf` (a CO or a Bloom's level): per group, its marks (a traced sum of its
 * questions' marks) and their percent of the paper's total (two decimals); groups in order of first appearance.
 */
function marksBy(
  id: string,
  title: string,
  label: string,
  { occasion, questions }: OccasionPaper,
  keyOf: (q: PaperQuestion) => string,
): ReportTable {
  const groups = new Map<string, PaperQuestion[]>();
  for (const q of questions) groups.set(keyOf(q), [...(groups.get(keyOf(q)) ?? []), q]);
  const total = sumFigure(
    `Total marks of ${occasion.name}`,
    questions.map((q) => input(`Q${q.number}`, q.max_marks)),
  );
  const whole = input(`Total marks of ${occasion.name}`, total.value ?? 0);
  return reportTable(
    id,
    title,
    [
      column('group', label),
      column('questions', 'Questions'),
      column('marks', 'Marks', 'marks'),
      column('percent', 'Share of the paper', 'percent'),
    ],
    [...groups].map(([key, qs]) => {
      const marks = sumFigure(
        `Marks on ${key}`,
        qs.map((q) => input(`Q${q.number}`, q.max_marks)),
      );
      return {
        group: key,
        questions: qs.map((q) => q.number).join(', '),
        marks,
        percent: percentFigure(`Share of ${key}`, input(`Marks on ${key}`, marks.value ?? 0), whole),
      };
    }),
    { footer: [{ group: 'Total', marks: total }] },
  );
}

/**
 * `cia-question`: per course, each continuous internal assessment paper (the occasions of kinds `CIE_KINDS`, ISE and
 * MSE): its marks per CO and per Bloom's level, each with its percent of the paper's marks. Occasions without a paper
 * are left out. 404 for a picked id not of the campus.
 */
export async function ciaQuestion(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, query);
  const papers = await loadPapers(scope, cr, CIE_KINDS);
  const sections = courseSections(cr, (course) =>
    (papers.byCourse.get(course.id) ?? [])
      .filter((p) => p.questions.length)
      .flatMap((p) => [
        marksBy(`co-${p.occasion.id}`, `${occasionTitle(p.occasion)}: marks by course outcome`, 'Course outcome', p, (q) =>
          papers.coCode(q.co),
        ),
        marksBy(`bloom-${p.occasion.id}`, `${occasionTitle(p.occasion)}: marks by Bloom's level`, "Bloom's level", p, (q) =>
          papers.bloomName(q.bloom_level),
        ),
      ]),
  );
  return reportView(
    'cia-question',
    cr.context,
    sections,
    'No ISE or MSE of these courses has a question paper yet: Assessments > Occasions, then its Question paper',
  );
}
