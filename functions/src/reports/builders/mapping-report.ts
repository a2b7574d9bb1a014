import { type CampusScope, type ReportCell, type ReportView } from '@attain/shared-types';
import { MAP_STATE_SOURCE, NO_MATRIX, loadArticulation, outcomeValues } from '../articulation.js';
import { courseSections } from '../report-curriculum.js';
import { meanFigure } from '../report-figures.js';
import { outcomeTable } from '../report-outcomes.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `mapping-report`: per course with a saved matrix, its course articulation matrix (a row per CO, a column per PO
 * and/or PSO as `option` says; cells 3/2/1 or `-`) with the average of each column's mapped values (two decimals,
 * traced); then the program's PEOs and POs. 404 for a picked id not of the campus.
 */
export async function mappingReport(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const { cr, outcomes, matrices } = await loadArticulation(scope, query);
  const shown = query.option === 'POs' ? outcomes.pos : query.option === 'PSOs' ? outcomes.psos : outcomes.columns;
  const byCourse = new Map(matrices.map((m) => [m.course.id, m]));
  const sections = courseSections(cr, (course) => {
    const m = byCourse.get(course.id);
    if (!m) return [];
    const average: Record<string, ReportCell> = { co: 'Average' };
    for (const o of shown) {
      const values = outcomeValues(m, o);
      average[o.id] = values.length
        ? meanFigure(`${course.code ?? course.title} ${o.po_reference} average`, values, MAP_STATE_SOURCE)
        : '-';
    }
    return [
      reportTable(
        `matrix-${course.id}`,
        'Course articulation matrix',
        [column('co', 'Course outcome'), column('statement', 'Statement'), ...shown.map((o) => column(o.id, o.po_reference, 'level 1-3'))],
        m.cos.map((co) => ({
          co: co.code,
          statement: co.statement,
          ...Object.fromEntries(shown.map((o) => [o.id, m.cells[co.id]?.[o.id] ?? '-'])),
        })),
        { footer: [average], notes: ['3 high, 2 medium, 1 low correlation; - not mapped'] },
      ),
    ];
  });
  if (!sections.length) return reportView('mapping-report', [...cr.context, `Option: ${query.option}`], [], NO_MATRIX);
  sections.push({
    id: 'program-outcomes',
    title: 'Program educational objectives and program outcomes',
    tables: [
      outcomeTable('peos', 'Program educational objectives (PEOs)', outcomes.peos),
      outcomeTable('pos', 'Program outcomes (POs)', outcomes.pos),
    ],
  });
  return reportView('mapping-report', [...cr.context, `Option: ${query.option}`], sections, NO_MATRIX);
}
