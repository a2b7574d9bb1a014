import { type CampusScope, type ReportView } from '@attain/shared-types';
import { NO_MATRIX, courseLevel, levelCells, levelOverCourses, loadArticulation } from '../articulation.js';
import { courseName } from '../report-curriculum.js';
import { outcomeTable } from '../report-outcomes.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `program-art`: the program articulation matrix: a row per course with a saved matrix (code, title, term), a column
 * per PO and PSO; a cell is the course's level under the articulation rule (the program's, or the `map_state` picked:
 * Highest, or Average to two decimals) of its CO values for that outcome (`courseLevel`), `-` when none maps it. The footer averages each outcome over the
 * courses that map it. Then the POs and PSOs (reference and statement). 404 for a picked id not of the campus.
 */
export async function programArt(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const { cr, outcomes, all, matrices, rule, caption } = await loadArticulation(scope, query);
  const context = [...cr.context, `Map state: ${rule}`];
  if (!matrices.length) return reportView('program-art', context, [], NO_MATRIX);
  const cols = outcomes.columns;
  const unmapped = all.filter((m) => !m.saved).map((m) => courseName(m.course));
  const table = reportTable(
    'program-articulation',
    `Program articulation matrix (${rule})`,
    [
      column('code', 'Code'),
      column('title', 'Title'),
      column('term', 'Term'),
      ...cols.map((o) => column(o.id, o.po_reference, 'level 1-3')),
    ],
    matrices.map((m) => ({
      code: m.course.code ?? '',
      title: m.course.title,
      term: cr.termOf(m.course)?.name ?? '',
      ...levelCells(m, cols, rule),
    })),
    {
      footer: [
        {
          code: '',
          title: 'Average over the courses that map it',
          ...Object.fromEntries(
            cols.map((o) => [
              o.id,
              levelOverCourses(
                `${o.po_reference} average`,
                matrices.map((m) => ({ m, level: courseLevel(m, o, rule) })),
                'mean',
              ),
            ]),
          ),
        },
      ],
      notes: [caption, ...(unmapped.length ? [`Courses without a CO-PO matrix (not shown): ${unmapped.join(', ')}`] : [])],
    },
  );
  return reportView(
    'program-art',
    context,
    [
      { id: 'matrix', title: 'Program articulation matrix', tables: [table] },
      {
        id: 'outcomes',
        title: 'Program outcomes',
        tables: [
          outcomeTable('pos', 'Program outcomes (POs)', outcomes.pos),
          outcomeTable('psos', 'Program-specific outcomes (PSOs)', outcomes.psos),
        ],
      },
    ],
    NO_MATRIX,
  );
}
