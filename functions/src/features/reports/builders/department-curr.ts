import { type CampusScope, type ReportText, type ReportView, bloomLevel, department, organization } from '@attain/shared-types';
import { listAll } from '../../../platform/store/list-all.js';
import { findRecord } from '../../../platform/store/records.js';
import { loadCurriculum } from '../report-curriculum.js';
import { loadProgramOutcomes, outcomeTable } from '../report-outcomes.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * `department-curr`: the vision and mission of the campus (its organization record) and of the curriculum's
 * department when it has its own, the PEOs, POs and PSOs of the curriculum's program, and the campus's Bloom's
 * taxonomy (code, level, characteristics, action verbs). 404 for a curriculum not of the campus.
 */
export async function departmentCurr(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, query);
  const [org, dept, outcomes, levels] = await Promise.all([
    findRecord(scope, organization, scope.campus),
    cr.curriculum.department ? findRecord(scope, department, cr.curriculum.department) : undefined,
    loadProgramOutcomes(scope, cr.program?.id),
    listAll(scope, bloomLevel),
  ]);
  const texts: ReportText[] = [
    { title: 'Vision', paragraphs: paragraphs(org?.vision) },
    { title: 'Mission', paragraphs: paragraphs(org?.mission) },
    ...(dept
      ? [
          { title: `Vision of ${dept.name}`, paragraphs: paragraphs(dept.vision) },
          { title: `Mission of ${dept.name}`, paragraphs: paragraphs(dept.mission) },
        ]
      : []),
  ].filter((t) => t.paragraphs.length);
  const where = 'Configuration > Generic Program Outcomes';
  const listed = [
    { id: 'peos', title: 'Program educational objectives (PEOs)', rows: outcomes.peos },
    { id: 'pos', title: 'Program outcomes (POs)', rows: outcomes.pos },
    { id: 'psos', title: 'Program-specific outcomes (PSOs)', rows: outcomes.psos },
  ].map((t) => ({ ...outcomeTable(t.id, t.title, t.rows), ...(t.rows.length ? {} : { notes: [`None yet: add them under ${where}`] }) }));
  const bloom = reportTable(
    'blooms-taxonomy',
    "Bloom's taxonomy",
    [
      column('code', 'Code'),
      column('level', 'Level'),
      column('characteristics', 'Characteristics of learning'),
      column('verbs', 'Action verbs'),
    ],
    [...levels]
      .sort((a, b) => (a.level_of_learning ?? '').localeCompare(b.level_of_learning ?? '', undefined, { numeric: true }))
      .map((l) => ({
        code: l.level_of_learning ?? '',
        level: l.name,
        characteristics: l.characteristics_of_learning ?? '',
        verbs: l.action_verb ?? '',
      })),
  );
  const hasAny = texts.length || outcomes.columns.length || outcomes.peos.length || levels.length;
  return reportView(
    'department-curr',
    cr.context,
    hasAny ? [{ id: 'curriculum', title: cr.curriculum.name, texts, tables: [...listed, bloom] }] : [],
    'Nothing to show yet: add the vision and mission under Configuration > Organization, ' +
      "the program's outcomes under Configuration > Generic Program Outcomes and Bloom's levels under Configuration > Bloom's levels",
  );
}
