import { type CampusScope, type ReportView } from '@attain/shared-types';
import { NO_MATRIX, courseLevel, levelCells, levelOverCourses, loadArticulation } from '../articulation.js';
import { courseName } from '../report-curriculum.js';
import { countFigure, input } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `program-level`: a section per term with the term's courses (those with a saved matrix) against the POs and PSOs,
 * each cell by the articulation rule (the program's, or the `map_state` picked) (`courseLevel`); then a `Program level` section
 * with a row per outcome: its level over all those courses (Highest: the largest course level; Average: the mean of
 * the course levels of the courses that map it, two decimals) and how many courses map it. 404 for a picked id not
 * of the campus.
 */
export async function programLevel(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const { cr, outcomes, matrices, rule, caption } = await loadArticulation(scope, query);
  const context = [...cr.context, `Map state: ${rule}`];
  if (!matrices.length) return reportView('program-level', context, [], NO_MATRIX);
  const cols = outcomes.columns;
  const terms = cr.terms.flatMap((t) => {
    const ms = matrices.filter((m) => m.course.term === t.id);
    if (!ms.length) return [];
    const table = reportTable(
      `term-${t.number}`,
      `${t.name}: courses against POs and PSOs (${rule})`,
      [column('code', 'Code'), column('title', 'Title'), ...cols.map((o) => column(o.id, o.po_reference, 'level 1-3'))],
      ms.map((m) => ({ code: m.course.code ?? '', title: m.course.title, ...levelCells(m, cols, rule) })),
      { notes: [caption] },
    );
    return [{ id: `term-${t.number}`, title: t.name, tables: [table] }];
  });
  const how = rule === 'Highest' ? 'max' : 'mean';
  const program = reportTable(
    'program-level',
    `Program level (${rule})`,
    [
      column('outcome', 'Outcome'),
      column('statement', 'Statement'),
      column('level', 'Program level', 'level 1-3'),
      column('courses', 'Courses mapping it', 'courses'),
    ],
    cols.map((o) => {
      const levels = matrices.map((m) => ({ m, level: courseLevel(m, o, rule) }));
      const mapping = levels.filter((l) => l.level !== null).map((l) => input(courseName(l.m.course), l.level?.value ?? 0));
      return {
        outcome: o.po_reference,
        statement: o.statement,
        level: levelOverCourses(`${o.po_reference} program level`, levels, how),
        courses: countFigure(`Courses mapping ${o.po_reference}`, `courses with a CO mapped to ${o.po_reference}`, mapping),
      };
    }),
    { notes: [caption] },
  );
  return reportView('program-level', context, [...terms, { id: 'program-level', title: 'Program level', tables: [program] }], NO_MATRIX);
}
