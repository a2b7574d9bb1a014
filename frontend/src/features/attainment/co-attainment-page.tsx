import { type CoResult, curriculum, examWeightsText, groupCountText, surveyEvidenceText } from '@attain/shared-types';
import { useCoursePicker } from '../../components/entity/course-picker';
import { CourseHead, fmt, levelClass, useCourseAttainment, useParam } from './attainment-data';
import { BarChart } from '../../components/chart/bar-chart';
import { ResultTable } from '../../components/table/result-table';
import { Link, useSearchParams } from 'react-router-dom';
import { hrefWith } from '../../app/navigation';
import { useRefRecords } from '../../components/entity/ref-records';
import { StudentsSide } from './students-side';

/** A group's share: "21 of 30 students with marks reached 60 % (70 %)", or '-' when the group has no question of the CO. */
const group = (g: CoResult['cie'], threshold: number) => (g ? `${groupCountText(g, threshold)} (${fmt(g.percent)} %)` : '-');

/**
 * A CO's course-exit survey evidence in words (`surveyEvidenceText`: the survey, respondents of how many, the margin
 * of error, and why it is not used when it is not); '-' without a survey.
 */
const surveyEvidence = (c: Pick<CoResult, 'survey'>): string => (c.survey ? surveyEvidenceText(c.survey) : '-');

/**
 * `/attainment/co-attainment`: one course's CO attainment in an academic year: per CO the CIE and SEE share of
 * students at or above the threshold and the level it earns, the direct level, the indirect level from the
 * course-exit survey (its name and responses, or why it is not used), and the final level combining them by the
 * method's direct/indirect weights against the CO target; a chart of the levels, and the method (version) used; and
 * the students' side: how many have opened their results and answered its course-exit surveys (`StudentsSide`).
 */
export function CoAttainmentPage() {
  const { course, picker } = useCoursePicker();
  const [params] = useSearchParams();
  // The course's program (through its curriculum), for the link to its methodology.
  const programOf = useRefRecords([{ target: curriculum, ids: [params.get('curriculum')] }]);
  const [year, setYear] = useParam('year');
  const data = useCourseAttainment(course, year);
  const res = data?.result;
  const m = data?.method;
  return (
    <section>
      <CourseHead title="CO Attainment" picker={picker} course={course} years={data?.years} year={res?.academic_year} onYear={setYear} />
      {data && !res ? (
        <p className="hint">
          No marks entered for this course yet: enter them under{' '}
          <Link to={hrefWith('/attainment', { curriculum: params.get('curriculum'), term: params.get('term') })}>CIA Data Entry</Link> or{' '}
          <Link to={hrefWith('/attainment/ese-data-import', { curriculum: params.get('curriculum'), term: params.get('term') })}>
            ESE Data Import
          </Link>
          .
        </p>
      ) : null}
      {res && m ? (
        <>
          <p className="hint" data-testid="method-line">
            {res.code} {res.title}, {res.academic_year}: {res.students} students on the roll
            {res.students_with_marks === undefined ? '' : `, ${res.students_with_marks} with marks`}. Threshold {m.threshold_percent} % of a
            CO&apos;s marks; level 3/2/1 when {m.level3_percent}/{m.level2_percent}/{m.level1_percent} % of students with marks reach it;{' '}
            {examWeightsText(res.weights ?? { cie: m.cie_weight, see: m.see_weight, from: 'method' })}; final = direct {m.direct_weight} % +
            indirect (course-exit survey) {m.indirect_weight} %; CO target {m.co_target}.{' '}
            {res.method_version ? (
              `The program's saved methodology (version ${res.method_version}).`
            ) : (
              <>
                The default methodology:{' '}
                <Link to={hrefWith('/attainment/methodology', { program: programOf(curriculum, params.get('curriculum'))?.program })}>
                  none is saved for this program yet
                </Link>
                .
              </>
            )}
          </p>
          <StudentsSide course={course} year={res.academic_year ?? undefined} />
          {res.cos.some((c) => c.survey) ? null : (
            <p className="hint" data-testid="no-survey">
              No course-exit survey of this course and year gives an indirect level yet, so the final attainment is the direct level.
              Surveys are made and hosted under <Link to="/survey/create-survey">Survey</Link>.
            </p>
          )}
          <BarChart
            label={`CO attainment of ${res.code}`}
            labels={res.cos.map((c) => c.code)}
            max={3}
            series={[
              { label: 'CIE level', values: res.cos.map((c) => c.cie?.level ?? null) },
              { label: 'SEE level', values: res.cos.map((c) => c.see?.level ?? null) },
              { label: 'Direct', values: res.cos.map((c) => c.direct) },
              ...(res.cos.some((c) => c.indirect !== null) ? [{ label: 'Indirect (survey)', values: res.cos.map((c) => c.indirect) }] : []),
              { label: 'CO attainment', values: res.cos.map((c) => c.attainment) },
              { label: 'Target', values: res.cos.map(() => m.co_target), line: true },
            ]}
          />
          <ResultTable<CoResult>
            label="CO attainment"
            fileName={`${res.code}-co-attainment-${res.academic_year}`}
            rows={res.cos}
            columns={[
              { header: 'CO', value: (c) => c.code },
              { header: 'CIE students at threshold', value: (c) => group(c.cie, m.threshold_percent) },
              { header: 'CIE level', value: (c) => c.cie?.level },
              { header: 'SEE students at threshold', value: (c) => group(c.see, m.threshold_percent) },
              { header: 'SEE level', value: (c) => c.see?.level },
              { header: 'Direct', value: (c) => fmt(c.direct) },
              { header: 'Indirect (survey)', value: (c) => fmt(c.indirect) },
              { header: 'Course-exit survey', value: surveyEvidence, wide: true, minWidth: '24rem' },
              {
                header: `CO attainment (direct ${m.direct_weight} % + indirect ${m.indirect_weight} %)`,
                value: (c) => fmt(c.attainment),
                className: (c) => levelClass(c.attainment, m.co_target),
              },
              { header: 'Target met', value: (c) => (c.met === null ? '-' : c.met ? 'Yes' : 'No') },
            ]}
            footer={[
              {
                co: '',
                code: 'Course',
                cie: null,
                see: null,
                direct: null,
                indirect: null,
                survey: null,
                attainment: res.course_attainment,
                met: res.course_attainment === null ? null : res.course_attainment >= m.co_target,
              },
            ]}
          />
          {res.notes.length ? (
            <ul className="notes">
              {res.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
