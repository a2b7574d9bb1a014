import { type CourseAttainment, type ProgramOutcomeResult, nbaYearLabel, surveyEvidenceText, textOf } from '@attain/shared-types';
import { coursesWithResults, fmt, levelClass, Pick, updatingText, useParam, useProgramAttainment } from './attainment-data';
import { BarChart } from '../../components/chart/bar-chart';
import { ResultTable } from '../../components/table/result-table';
import { Link } from 'react-router-dom';
import { hrefWith } from '../../app/navigation';
import { FreezePanel } from './freeze-panel';

/**
 * The program-wide attainment pages, all read from one `GET /api/attainment/program/{program}` (every course of every
 * academic year, computed in one pass). Each page picks what it shows. Below the pickers, the picked year's approval
 * (frozen results): its banner, and Approve or Unfreeze for admins.
 */
function Frame({
  title,
  children,
  hint,
}: {
  title: string;
  children: (
    d: NonNullable<ReturnType<typeof useProgramAttainment>['data']>,
    year: NonNullable<ReturnType<typeof useProgramAttainment>['current']>,
    programId: string,
  ) => React.ReactNode;
  hint?: string;
}) {
  const { data, current, choice, pickers, programId } = useProgramAttainment();
  return (
    <section>
      <div className="page-head">
        <h2>{title}</h2>
      </div>
      <div className="filter-bar">{pickers}</div>
      {choice ? <p className="hint year-choice">{choice.text}</p> : null}
      {hint ? <p className="hint">{hint}</p> : null}
      {updatingText(data?.updating) ? (
        <p className="hint updating" role="status">
          {updatingText(data?.updating, coursesWithResults(data?.years))}
        </p>
      ) : null}
      {data && !current ? (
        <p className="hint">
          No marks entered for this program's courses yet:{' '}
          <Link to={hrefWith('/attainment', { program: programId })}>enter them under CIA Data Entry</Link>.
        </p>
      ) : null}
      {data && current && programId ? (
        <FreezePanel programId={programId} year={textOf(current.academic_year)} updating={data.updating?.length} />
      ) : null}
      {data && current && programId ? children(data, current, programId) : null}
    </section>
  );
}

/** A PO's direct level: the view's `direct`, or (results stored before surveys counted) its attainment, which was direct. */
const directOf = (o: ProgramOutcomeResult | undefined) => (o ? (o.direct === undefined ? o.attainment : o.direct) : null);

/** A PO's survey evidence in words (`surveyEvidenceText`), '' without a survey. */
const surveyText = (o: ProgramOutcomeResult | undefined): string => (o?.survey ? surveyEvidenceText(o.survey) : '');

const courseName = (c: CourseAttainment) => (c.title && c.title !== c.code ? `${c.code} ${c.title}` : c.code || c.title).trim();

/** `/attainment/course-co-attainment`: every course's CO attainment levels side by side (CO1..COn by position). */
export function CourseCoAttainmentPage() {
  return (
    <Frame title="Course CO Attainment">
      {(d, y) => {
        const width = Math.max(0, ...y.courses.map((c) => c.cos.length));
        return (
          <ResultTable<CourseAttainment>
            label="CO attainment of every course"
            fileName={`course-co-attainment-${y.academic_year}`}
            rows={y.courses}
            columns={[
              { header: 'Course', value: courseName },
              ...Array.from({ length: width }, (_, i) => ({
                header: `CO${i + 1}`,
                // The header names the position (CO1...); the cell's tooltip names the course's own code (4CS4-05.1).
                value: (c: CourseAttainment) => (c.cos[i] ? fmt(c.cos[i].attainment) : ''),
                render: (c: CourseAttainment) => (c.cos[i] ? <span title={c.cos[i].code}>{fmt(c.cos[i].attainment)}</span> : '-'),
                className: (c: CourseAttainment) => levelClass(c.cos[i]?.attainment, d.method.co_target),
              })),
              {
                header: 'Course attainment',
                value: (c) => fmt(c.course_attainment),
                className: (c) => levelClass(c.course_attainment, d.method.co_target),
              },
            ]}
          />
        );
      }}
    </Frame>
  );
}

/** `/attainment/course-attainment-comparision`: courses side by side against the CO target (chart and table). */
export function CourseComparisonPage() {
  return (
    <Frame title="Course Attainment Comparison">
      {(d, y) => (
        <>
          <BarChart
            label="Course attainment against the target"
            labels={y.courses.map((c) => c.code || c.title)}
            max={3}
            series={[
              { label: 'Course attainment', values: y.courses.map((c) => c.course_attainment) },
              { label: `Target (${d.method.co_target})`, values: y.courses.map(() => d.method.co_target), line: true },
            ]}
          />
          <ResultTable<CourseAttainment>
            label="Course attainment comparison"
            fileName={`course-attainment-comparison-${y.academic_year}`}
            rows={[...y.courses].sort((a, b) => (b.course_attainment ?? -1) - (a.course_attainment ?? -1))}
            columns={[
              { header: 'Course', value: courseName },
              { header: 'Students', value: (c) => c.students },
              { header: 'COs assessed', value: (c) => c.cos.filter((x) => x.attainment !== null).length },
              { header: 'COs meeting target', value: (c) => c.cos.filter((x) => x.met).length },
              {
                header: 'Course attainment',
                value: (c) => fmt(c.course_attainment),
                className: (c) => levelClass(c.course_attainment, d.method.co_target),
              },
              { header: 'Target', value: () => d.method.co_target },
              { header: 'Gap', value: (c) => (c.course_attainment === null ? '-' : fmt(c.course_attainment - d.method.co_target)) },
            ]}
          />
        </>
      )}
    </Frame>
  );
}

/** `/attainment/po-attainment`: one course's PO/PSO attainment through its CO-PO matrix. */
export function PoAttainmentPage() {
  const [courseId, setCourse] = useParam('course');
  return (
    <Frame title="PO Attainment">
      {(d, y) => {
        const course = y.courses.find((c) => c.course === courseId) ?? y.courses[0];
        const mapped = d.outcomes.filter((o) => course.po[o.id] !== undefined);
        return (
          <>
            <div className="filter-bar">
              <Pick
                id="pick-po-course"
                label="Course"
                value={course.course}
                options={y.courses.map((c) => ({ value: c.course, label: courseName(c) }))}
                onChange={setCourse}
              />
            </div>
            <BarChart
              label={`PO and PSO attainment of ${course.code}`}
              labels={mapped.map((o) => o.reference)}
              max={3}
              series={[
                { label: 'Attainment', values: mapped.map((o) => course.po[o.id]) },
                { label: `Target (${d.method.po_target})`, values: mapped.map(() => d.method.po_target), line: true },
              ]}
            />
            <ResultTable
              label={`PO attainment of ${course.code}`}
              fileName={`${course.code}-po-attainment-${y.academic_year}`}
              rows={mapped}
              empty="This course's CO-PO matrix maps no outcome yet."
              columns={[
                { header: 'Outcome', value: (o) => o.reference },
                { header: 'Statement', value: (o) => o.title || o.statement || '' },
                {
                  header: 'Attainment',
                  value: (o) => fmt(course.po[o.id]),
                  className: (o) => levelClass(course.po[o.id], d.method.po_target),
                },
                { header: 'Target', value: () => d.method.po_target },
              ]}
            />
            <p className="hint">
              Rule: {d.method.po_rule}. Course attainment {fmt(course.course_attainment)}.
            </p>
          </>
        );
      }}
    </Frame>
  );
}

/** `/attainment/program-level-course`: courses x POs/PSOs with the program-level row and the target. */
export function ProgramLevelPage() {
  return (
    <Frame title="Program Level PO Attainment">
      {(d, y) => {
        const by = new Map(y.outcomes.map((o) => [o.outcome, o]));
        type Row = { name: string; values: Record<string, number | null | undefined> };
        const rows: Row[] = y.courses.map((c) => ({ name: courseName(c), values: c.po }));
        const per = (level: (o: ProgramOutcomeResult) => number | null | undefined) =>
          Object.fromEntries(y.outcomes.map((o) => [o.outcome, level(o)]));
        // Direct, indirect (when a PO/PSO survey gives a level) and final, as the view has them.
        const surveyed = y.outcomes.some((o) => o.indirect !== null && o.indirect !== undefined);
        const footer: Row[] = [
          { name: 'Direct (mean of courses)', values: per(directOf) },
          ...(surveyed ? [{ name: 'Indirect (PO/PSO surveys)', values: per((o) => o.indirect) }] : []),
          {
            name: surveyed
              ? `Program level (direct ${d.method.direct_weight} % + indirect ${d.method.indirect_weight} %)`
              : 'Program level',
            values: per((o) => o.attainment),
          },
          { name: 'Target', values: Object.fromEntries(y.outcomes.map((o) => [o.outcome, d.method.po_target])) },
        ];
        return (
          <>
            <BarChart
              label="Program-level PO and PSO attainment"
              labels={d.outcomes.map((o) => o.reference)}
              max={3}
              series={[
                { label: 'Direct', values: d.outcomes.map((o) => directOf(by.get(o.id))) },
                ...(surveyed ? [{ label: 'Indirect (survey)', values: d.outcomes.map((o) => by.get(o.id)?.indirect ?? null) }] : []),
                { label: `Program level ${y.academic_year}`, values: d.outcomes.map((o) => by.get(o.id)?.attainment ?? null) },
                { label: `Target (${d.method.po_target})`, values: d.outcomes.map(() => d.method.po_target), line: true },
              ]}
            />
            <ResultTable<Row>
              label="Program level PO attainment"
              fileName={`program-level-po-attainment-${y.academic_year}`}
              rows={rows}
              footer={footer}
              columns={[
                { header: 'Course', value: (r) => r.name },
                ...d.outcomes.map((o) => ({
                  header: o.reference,
                  value: (r: Row) => (r.values[o.id] === undefined ? '-' : fmt(r.values[o.id])),
                  className: (r: Row) => levelClass(r.values[o.id], d.method.po_target),
                })),
              ]}
            />
            {y.outcomes.some((o) => o.survey) ? (
              <ul className="notes" aria-label="Survey evidence">
                {y.outcomes
                  .filter((o) => o.survey)
                  .map((o) => (
                    <li key={o.outcome}>{`${d.outcomes.find((x) => x.id === o.outcome)?.reference ?? o.reference}: ${surveyText(o)}`}</li>
                  ))}
              </ul>
            ) : null}
          </>
        );
      }}
    </Frame>
  );
}

/** `/attainment/cay-po-attainment`: program-level PO/PSO attainment of the current academic year against the previous ones. */
export function CayPoAttainmentPage() {
  return (
    <Frame
      title="CAY PO Attainment"
      hint="CAY is the campus's current academic year; CAYm1 (the current assessment year) and CAYm2 are the two before it."
    >
      {(d) => {
        const label = (i: number) => nbaYearLabel(textOf(d.years[i].academic_year), d.year_choice.current);
        const cell = (y: (typeof d.years)[number], id: string) => y.outcomes.find((o) => o.outcome === id)?.attainment ?? null;
        return (
          <>
            <BarChart
              label="PO attainment by academic year"
              labels={d.outcomes.map((o) => o.reference)}
              max={3}
              series={[
                ...d.years.map((y, i) => ({
                  label: `${label(i)} ${y.academic_year}`.trim(),
                  values: d.outcomes.map((o) => cell(y, o.id)),
                })),
                { label: 'Target', values: d.outcomes.map(() => d.method.po_target), line: true },
              ]}
            />
            <ResultTable
              label="PO attainment by academic year"
              fileName="cay-po-attainment"
              rows={d.years.map((y, i) => ({ y, i }))}
              columns={[
                { header: 'Academic year', value: ({ y, i }) => `${label(i)} ${y.academic_year}`.trim() },
                { header: 'Courses', value: ({ y }) => y.courses.length },
                ...d.outcomes.map((o) => ({
                  header: o.reference,
                  value: ({ y }: { y: (typeof d.years)[number] }) => fmt(cell(y, o.id)),
                  className: ({ y }: { y: (typeof d.years)[number] }) => levelClass(cell(y, o.id), d.method.po_target),
                })),
              ]}
            />
          </>
        );
      }}
    </Frame>
  );
}

/** `/attainment/individual-po-attainment`: one PO/PSO: every course that maps it, its value and the program level. */
export function IndividualPoPage() {
  const [outcomeId, setOutcome] = useParam('outcome');
  return (
    <Frame title="Individual PO Attainment">
      {(d, y, programId) => {
        const o = d.outcomes.find((x) => x.id === outcomeId) ?? d.outcomes[0];
        if (!o)
          return (
            <p className="hint">
              This program has no POs yet:{' '}
              <Link to={hrefWith('/configuration/generic-program-outcomes', { program: programId })}>
                set them up under Configuration &gt; Generic Program Outcomes
              </Link>
              .
            </p>
          );
        const courses = y.courses.filter((c) => c.po[o.id] !== undefined);
        const overall = y.outcomes.find((x) => x.outcome === o.id);
        return (
          <>
            <div className="filter-bar">
              <Pick
                id="pick-outcome"
                label="PO / PSO"
                value={o.id}
                options={d.outcomes.map((x) => ({ value: x.id, label: x.reference }))}
                onChange={setOutcome}
              />
            </div>
            <p className="hint">
              <strong>{o.reference}</strong> {o.title ? `${o.title}: ` : ''}
              {o.statement}
            </p>
            <p data-testid="individual-po-level">
              Program level {fmt(overall?.attainment)} from {courses.length} course{courses.length === 1 ? '' : 's'} (target{' '}
              {d.method.po_target}).
              {overall?.survey
                ? ` Direct ${fmt(directOf(overall))}, indirect ${fmt(overall.indirect)} (${surveyText(overall)}); ` +
                  `combined direct ${d.method.direct_weight} % + indirect ${d.method.indirect_weight} %.`
                : ''}
            </p>
            <BarChart
              label={`${o.reference} by course`}
              labels={courses.map((c) => c.code || c.title)}
              max={3}
              series={[
                { label: o.reference, values: courses.map((c) => c.po[o.id]) },
                { label: 'Target', values: courses.map(() => d.method.po_target), line: true },
              ]}
            />
            <ResultTable<CourseAttainment>
              label={`${o.reference} attainment by course`}
              fileName={`${o.reference}-by-course-${y.academic_year}`}
              rows={courses}
              empty="No course maps this outcome yet."
              columns={[
                { header: 'Course', value: courseName },
                { header: 'Course attainment', value: (c) => fmt(c.course_attainment) },
                { header: o.reference, value: (c) => fmt(c.po[o.id]), className: (c) => levelClass(c.po[o.id], d.method.po_target) },
              ]}
            />
          </>
        );
      }}
    </Frame>
  );
}
