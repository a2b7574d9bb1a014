import { type CampusScope, type ReportCell, type ReportView, TOPIC_UNITS, choiceLabel, topic, isOneOf } from '@attain/shared-types';
import { courseName, courseSections, loadCurriculum, recordsPerCourse } from '../report-curriculum.js';
import { countFigure, input, sumFigure } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

const unitField = topic.fields.find((f) => f.name === 'unit');
const unitName = (u: string) => (unitField ? choiceLabel(unitField, u) : u);

/**
 * `theory-lesson`: per course with topics, a row per unit from Unit I to the program's `topic_unit_upto` (when the
 * program does not say, to the highest unit a topic uses): its topics (a traced count) and contact hours (a traced sum
 * of the topics' hours), units without topics flagged `No topics yet`; topics without a unit get a row of their own.
 * The footer gives the total hours against the course's `total_course_contact_hours`. 404 for a picked id not of the
 * campus.
 */
export async function theoryLesson(scope: CampusScope, query: ReportQuery): Promise<ReportView> {
  const cr = await loadCurriculum(scope, query);
  const topics = await recordsPerCourse(scope, topic, cr.courses);
  // The program's fields include untyped duration pairs, so its enum reads as unknown text here.
  const unit = cr.program?.topic_unit_upto;
  const upto = isOneOf(TOPIC_UNITS, unit) ? TOPIC_UNITS.indexOf(unit) : -1;
  const sections = courseSections(cr, (course) => {
    const list = topics.get(course.id) ?? [];
    if (!list.length) return [];
    const highest = Math.max(0, ...list.map((t) => (t.unit ? TOPIC_UNITS.indexOf(t.unit) : -1)));
    const units: (string | undefined)[] = TOPIC_UNITS.slice(0, (upto >= 0 ? upto : highest) + 1);
    if (list.some((t) => !t.unit || !units.includes(t.unit))) units.push(undefined);
    const rows = units.map((u) => {
      const name = u ? unitName(u) : "No unit (or beyond the program's units)";
      const own = list.filter((t) => (u ? t.unit === u : !t.unit || !units.includes(t.unit)));
      const row: Record<string, ReportCell> = {
        unit: name,
        topics: countFigure(
          `Topics of ${name}`,
          'its topics',
          own.map((t) => input(t.title, t.hours ?? 0)),
        ),
        hours: sumFigure(
          `Hours of ${name}`,
          own.map((t) => input(t.title, t.hours ?? 0)),
        ),
        status: own.length ? own.map((t) => t.title).join('; ') : 'No topics yet',
      };
      return row;
    });
    const total = sumFigure(
      `Hours of ${courseName(course)}`,
      list.map((t) => input(t.title, t.hours ?? 0)),
    );
    return [
      reportTable(
        `units-${course.id}`,
        'Theory lesson plan by unit',
        [
          column('unit', 'Unit'),
          column('topics', 'Topics', 'topics'),
          column('hours', 'Contact hours', 'hours'),
          column('status', 'Topics covered'),
        ],
        rows,
        {
          footer: [
            {
              unit: 'Total',
              topics: countFigure(
                `Topics of ${courseName(course)}`,
                'its topics',
                list.map((t) => input(t.title, t.hours ?? 0)),
              ),
              hours: total,
            },
            {
              unit: "Course's contact hours",
              hours: course.total_course_contact_hours ?? null,
              status: course.total_course_contact_hours === undefined ? 'Not set on the course' : '',
            },
          ],
          notes:
            upto >= 0 ? [] : ['The program does not say how many units its courses have (Configuration > Programs, Topic units up to)'],
        },
      ),
    ];
  });
  return reportView('theory-lesson', cr.context, sections, 'No course here has topics yet: add them under Curriculum > Topics');
}
