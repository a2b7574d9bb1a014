import { type CampusScope, type ReportView, courseType } from '@attain/shared-types';
import { recordsByIds } from '../../../platform/store/records.js';
import { CREDIT_COLUMNS, type Course, courseName, creditCells, creditTotal, loadCurriculum } from '../report-curriculum.js';
import { countFigure, input } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/**
 * `course-domain-report`: the curriculum's courses grouped by domain (the course's `domain`, e.g. `PMC`) and course
 * type, each group a table of code, title, term, L, T, P and credits with its credit subtotal; then a summary of the
 * groups with the grand total (traced sums). 404 for a curriculum not of the campus.
 */
export async function courseDomainReport(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, { ...query, term: undefined, course: undefined });
  const typeIds = [...new Set(cr.courses.flatMap((c) => (c.type_of_course ? [c.type_of_course] : [])))];
  const types = new Map((await recordsByIds(scope, courseType, typeIds.slice(0, 100))).map((t) => [t.id, t.type]));
  const groups = new Map<string, Course[]>();
  for (const c of cr.courses) {
    const name = [c.domain || 'No domain', c.type_of_course ? types.get(c.type_of_course) : undefined].filter(Boolean).join(' - ');
    groups.set(name, [...(groups.get(name) ?? []), c]);
  }
  const names = [...groups.keys()].sort(
    (a, b) => (a.startsWith('No domain') ? 1 : 0) - (b.startsWith('No domain') ? 1 : 0) || a.localeCompare(b),
  );
  const count = (cs: readonly Course[], name: string) =>
    countFigure(
      name,
      'its courses',
      cs.map((c) => input(courseName(c), cr.termOf(c)?.name ?? '')),
    );
  const tables = names.map((name, i) => {
    const cs = groups.get(name) ?? [];
    return reportTable(
      `domain-${i + 1}`,
      name,
      [column('code', 'Code'), column('title', 'Title'), column('term', 'Term'), ...CREDIT_COLUMNS],
      cs.map((c) => ({
        code: c.code ?? '',
        title: c.title,
        term: cr.termOf(c)?.name ?? '',
        ...creditCells(c),
      })),
      { footer: [{ title: `Credits of ${name}`, credits: creditTotal(`Credits of ${name}`, cs) }] },
    );
  });
  const summary = reportTable(
    'domains',
    'Credits by domain',
    [column('domain', 'Domain and course type'), column('courses', 'Courses', 'courses'), column('credits', 'Credits', 'credits')],
    names.map((name) => {
      const cs = groups.get(name) ?? [];
      return { domain: name, courses: count(cs, `Courses of ${name}`), credits: creditTotal(`Credits of ${name}`, cs) };
    }),
    {
      footer: [
        {
          domain: 'All courses',
          courses: count(cr.courses, 'Courses of the curriculum'),
          credits: creditTotal('Credits of the curriculum', cr.courses),
        },
      ],
    },
  );
  return reportView(
    'course-domain-report',
    cr.context,
    cr.courses.length ? [{ id: 'domains', title: 'Courses by domain', tables: [...tables, summary] }] : [],
    'This curriculum has no courses yet: add them under Curriculum > Courses',
  );
}
