import { type CampusScope, type ReportCell, type ReportView, courseOutcome, formatDate, labExperiment } from '@attain/shared-types';
import { queryByField } from '../../../platform/store/records.js';
import { courseSections, loadCurriculum, recordsPerCourse } from '../report-curriculum.js';
import { EXACT, figure, input } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { campusLocale, column, reportTable, reportView } from '../report-shape.js';

const DAY_MS = 86_400_000;
/** Whole days from one calendar day (`YYYY-MM-DD`) to another; negative when `to` is earlier. Pure. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Whether an experiment was delivered as planned: `Not delivered yet` without an actual date, `Delivered` without a
 * planned one, else a figure of the days from the planned to the actual date (`On time`, `Late by 3 days`,
 * `Early by 1 day`) whose value is the signed number of days (late positive).
 */
export function deliveryStatus(planned: string | undefined, actual: string | undefined): ReportCell {
  if (!actual) return 'Not delivered yet';
  if (!planned) return 'Delivered (no planned date)';
  const days = daysBetween(planned, actual);
  const n = Math.abs(days);
  const f = figure(
    days,
    {
      formula: 'Days late = actual date - planned date (calendar days)',
      inputs: [input('Planned date', planned), input('Actual date', actual)],
      rounding: EXACT,
    },
    { digits: 0 },
  );
  return { ...f, text: days === 0 ? 'On time' : `${days > 0 ? 'Late' : 'Early'} by ${n} day${n === 1 ? '' : 's'}` };
}

/**
 * `lab-lesson`: per course with lab experiments, each experiment by number: experiment, CO code, planned and actual
 * dates (as the campus writes them, DD/MM/YYYY in India) and its delivery status (`deliveryStatus`). 404 for a picked
 * id not of the campus.
 */
export async function labLesson(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, query);
  const [experiments, cos, locale] = await Promise.all([
    recordsPerCourse(scope, labExperiment, cr.courses),
    queryByField(scope, courseOutcome, 'curriculum', cr.curriculum.id),
    campusLocale(scope),
  ]);
  const code = new Map(cos.map((c) => [c.id, c.code]));
  const date = (d: string | undefined) => (d ? formatDate(d, locale) : '');
  const sections = courseSections(cr, (course) => {
    const list = [...(experiments.get(course.id) ?? [])].sort((a, b) => a.exp_no - b.exp_no);
    if (!list.length) return [];
    return [
      reportTable(
        `lab-${course.id}`,
        'Lab lesson plan',
        [
          column('no', 'Experiment no.'),
          column('experiment', 'Experiment'),
          column('co', 'Course outcome'),
          column('planned', 'Planned date'),
          column('actual', 'Actual date'),
          column('status', 'Status', 'days'),
        ],
        list.map((e) => ({
          no: e.exp_no,
          experiment: e.experiment_detail,
          co: e.correlation ? (code.get(e.correlation) ?? '') : '',
          planned: date(e.planned_date_delivary),
          actual: date(e.actual_date_delivary),
          status: deliveryStatus(e.planned_date_delivary, e.actual_date_delivary),
        })),
      ),
    ];
  });
  return reportView(
    'lab-lesson',
    cr.context,
    sections,
    'No course here has lab experiments yet: add them under Curriculum > Lab experiments',
  );
}
