import { type CampusScope, type ReportCell, type ReportView } from '@attain/shared-types';
import { NO_MATRIX, courseLevel, loadArticulation } from '../articulation.js';
import { courseSections } from '../report-curriculum.js';
import { outcomeTable } from '../report-outcomes.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `mapping-report`: per course with a saved matrix, its course articulation matrix (a row per CO, a column per PO
 * and/or PSO as `option` says; cells 3/2/1 or `-`) with the course's level per column under the articulation rule
 * (`courseLevel`, traced); then the program's PEOs and POs. 404 for a picked id not of the campus.
 */
export async function mappingReport(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const { cr, outcomes, matrices, rule, caption } = await loadArticulation(scope, query);
  const shown = query.option === 'POs' ? outcomes.pos : query.option === 'PSOs' ? outcomes.psos : outcomes.columns;
  const byCourse = new Map(matrices.map((m) => [m.course.id, m]));
  const sections = courseSections(cr, (course) => {
    const m = byCourse.get(course.id);
    if (!m) return [];
    const courseRow: Record<string, ReportCell> = { co: `Course (${rule})` };
    for (const o of shown) courseRow[o.id] = courseLevel(m, o, rule) ?? '-';
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
        { footer: [courseRow], notes: ['3 high, 2 medium, 1 low correlation; - not mapped', caption] },
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
