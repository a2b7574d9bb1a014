import { type SurveySummary, f, survey, fieldOf, refTarget } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useParam } from '../../components/areas/use-param';
import { BarChart } from '../../components/chart/bar-chart';
import { RefPicker } from '../../components/entity/ref-picker';
import { fieldRefLabel, useRefRecords } from '../../components/entity/ref-records';
import { formatNumber, useLocale } from '../../lib/format/locale';
import { ResultTable } from '../../components/table/result-table';
import { surveyForText } from './choice-text';
import { OutcomeResultsTable } from './outcome-results-table';
import { SurveyStatusTag } from './survey-status-tag';
import { useSurveyDashboard } from './api';
import { percentText } from './survey-numbers';

/** The department picker's field (a department, by its short name). */
const DEPARTMENT = f.ref('department', 'Department', 'department', { refLabel: 'short_name' });
/** The survey's own reference fields, which name its course and program. */
const COURSE = fieldOf(survey, 'course');
const PROGRAM = fieldOf(survey, 'program');

/**
 * `/survey` (spec part 2 §2: "dashboard with a Year picker and a Department picker"): the surveys of an academic year
 * (`?year=`, default the results pages' year over the years with surveys, with its caption) and department (`?department=`, default all) from
 * `GET /api/survey-results/dashboard`: each with what it is for, its course or program, status, invited, responded
 * and response rate, and links to host it and to its report; a chart of the response rates; and the survey level of
 * every outcome they assess.
 */
export function SurveyDashboardPage() {
  const locale = useLocale();
  const [year, setYear] = useParam('year');
  const [department, setDepartment] = useParam('department');
  const read = useSurveyDashboard(year, department);
  const view = read.data;
  const surveys = useMemo(() => view?.surveys ?? [], [view]);
  const refs = useRefRecords([
    { target: refTarget(COURSE), ids: surveys.map((s) => s.course) },
    { target: refTarget(PROGRAM), ids: surveys.map((s) => s.program) },
  ]);
  /** The survey's course (for a course-exit survey), else its program; the id itself until its record is read. */
  const subject = (s: SurveySummary) => {
    const [fd, id] = s.course ? [COURSE, s.course] : [PROGRAM, s.program];
    const r = refs(refTarget(fd), id);
    return r ? fieldRefLabel(fd, r) : id;
  };
  const links = (s: SurveySummary) => (
    <>
      <Link className="p-button p-button-text p-button-sm" to={`/survey/host-survey?survey=${encodeURIComponent(s.id)}`}>
        Host
      </Link>
      <Link className="p-button p-button-text p-button-sm" to={`/survey/survey-report?survey=${encodeURIComponent(s.id)}`}>
        Report
      </Link>
    </>
  );
  const shownYear = view?.year ?? year;
  return (
    <section>
      <div className="page-head">
        <h2>Survey Dashboard</h2>
      </div>
      <div className="filter-bar" role="search" aria-label="Choose the year and department">
        <span className="filter">
          <label htmlFor="survey-year">Year</label>
          <Dropdown
            inputId="survey-year"
            value={shownYear ?? null}
            options={(view?.years ?? (year ? [year] : [])).map((y) => ({ value: y, label: y }))}
            placeholder="Choose"
            onChange={(e) => setYear(e.value as string | null)}
          />
        </span>
        <span className="filter">
          <label htmlFor="survey-department">Department</label>
          <RefPicker
            def={survey}
            field={DEPARTMENT}
            value={department}
            chosen={{}}
            inputId="survey-department"
            placeholder="All departments"
            showClear
            onChange={setDepartment}
          />
        </span>
      </div>
      {view ? (
        <>
          <h3>{`Surveys of ${view.year}`}</h3>
          <p className="hint year-choice">{view.year_choice.text}</p>
          <ResultTable<SurveySummary>
            label="Surveys"
            fileName={`surveys-${view.year}`}
            rows={surveys}
            rowKey={(s) => s.id}
            empty={
              <p className="hint">
                No survey in this year{department ? ' and department' : ''}. Surveys are made under{' '}
                <Link to="/survey/create-survey">Surveys</Link>.
              </p>
            }
            columns={[
              { header: 'Survey', value: (s) => s.name },
              { header: 'For', value: (s) => surveyForText(s.survey_for) },
              { header: 'Course / program', value: subject, wide: true },
              { header: 'Status', value: (s) => s.status, render: (s) => <SurveyStatusTag status={s.status} /> },
              { header: 'Invited', value: (s) => s.invited, render: (s) => formatNumber(s.invited, locale) },
              { header: 'Responded', value: (s) => s.responded, render: (s) => formatNumber(s.responded, locale) },
              { header: 'Response rate', value: (s) => percentText(s.response_rate) },
            ]}
            actions={links}
          />
          {surveys.length ? (
            <BarChart
              label={`Response rate of each survey of ${view.year}, percent`}
              labels={surveys.map((s) => s.name)}
              max={100}
              series={[{ label: 'Response rate (%)', values: surveys.map((s) => s.response_rate) }]}
            />
          ) : null}
          <h3>Outcomes</h3>
          <OutcomeResultsTable
            label="Outcomes assessed by surveys"
            fileName={`survey-outcomes-${view.year}`}
            rows={view.outcomes}
            survey
            empty="No survey of this year assesses an outcome yet."
          />
        </>
      ) : null}
    </section>
  );
}
