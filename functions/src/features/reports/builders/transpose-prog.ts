import { type CampusScope, type ReportCell, type ReportView } from '@attain/shared-types';
import { MAP_STATE_SOURCE, NO_MATRIX, courseLevel, loadArticulation } from '../articulation.js';
import { courseName } from '../report-curriculum.js';
import { input, meanFigure } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/** Semesters the transposed matrix always shows (spec part 2 §2: "a table of PO by semester 1 to 8"). */
const MIN_SEMESTERS = 8;

/**
 * `transpose-prog`: a row per PO then PSO, a column per semester (the term's number; 1 to 8 at least, more when the
 * program has more terms). A cell is the mean (two decimals) of the course-level values (the articulation rule,
 * `courseLevel`) of that semester's courses that map the outcome; the trace lists those courses, so their
 * number is the divisor. `-` where no course of the semester maps it. 404 for a curriculum not of the campus.
 */
export async function transposeProg(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const { cr, outcomes, matrices, rule, caption } = await loadArticulation(scope, query, true);
  if (!matrices.length) return reportView('transpose-prog', cr.context, [], NO_MATRIX);
  const count = Math.max(MIN_SEMESTERS, ...cr.terms.map((t) => t.number));
  const semesters = Array.from({ length: count }, (_, i) => i + 1);
  const semesterOf = (id: string) => cr.terms.find((t) => t.id === id)?.number;
  const rows = outcomes.columns.map((o) => {
    const row: Record<string, ReportCell> = { outcome: o.po_reference };
    for (const n of semesters) {
      const inputs = matrices
        .filter((m) => semesterOf(m.course.term) === n)
        .flatMap((m) => {
          const level = courseLevel(m, o, rule);
          return level?.value == null ? [] : [input(courseName(m.course), level.value)];
        });
      row[`s${n}`] = inputs.length ? meanFigure(`${o.po_reference} in semester ${n}`, inputs, MAP_STATE_SOURCE) : '-';
    }
    return row;
  });
  const table = reportTable(
    'transpose',
    `Program outcomes by semester (average of course levels, each ${rule === 'Highest' ? 'the highest' : 'the average'} of its COs)`,
    [column('outcome', 'Outcome'), ...semesters.map((n) => column(`s${n}`, `Semester ${n}`, 'level 1-3'))],
    rows,
    {
      notes: [caption, "A semester's cell averages the levels of its courses that map the outcome."],
    },
  );
  return reportView(
    'transpose-prog',
    cr.context,
    [{ id: 'transpose', title: 'Transpose program articulation matrix', tables: [table] }],
    NO_MATRIX,
  );
}
