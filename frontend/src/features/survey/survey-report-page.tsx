import type { QuestionResult, SurveyReportView } from '@attain/shared-types';
import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatNumber, useLocale } from '../../lib/format/locale';
import { type ResultColumn, ResultTable } from '../../components/table/result-table';
import { surveyForText } from './choice-text';
import { DistributionChart } from './distribution-chart';
import { OutcomeResultsTable } from './outcome-results-table';
import { useChosenSurvey } from './survey-picker';
import { SurveyStatusTag } from './survey-status-tag';
import { useSurveyReport } from './api';
import { levelText, percentText } from './survey-numbers';

/** A file name part from a survey's name (`Course exit CS3101` -> `Course-exit-CS3101`). */
const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The report's headline numbers: status, dates, response rate, invited, online and paper answers, margin of error. */
function ReportFacts({ report }: { report: SurveyReportView }) {
  const locale = useLocale();
  const s = report.survey;
  const n = (v: number) => formatNumber(v, locale);
  const facts: [string, ReactNode][] = [
    ['Status', <SurveyStatusTag key="status" status={report.status} />],
    ['Survey for', `${surveyForText(s.survey_for)}, ${s.academic_year}`],
    ['Dates', `${formatDate(s.start_date, locale)} to ${formatDate(s.end_date, locale)}`],
    ['Response rate', report.response_rate === null ? 'Nobody invited yet' : percentText(report.response_rate)],
    ['Invited', n(report.invited)],
    ['Answered online', n(report.responded_online)],
    ['Answered on paper', report.surveyed_offline ? `${n(report.responded_offline)} of ${n(report.surveyed_offline)} surveyed` : n(0)],
    [
      'Margin of error',
      report.margin_of_error === null
        ? 'Not computed (nobody, or everybody, answered)'
        : `± ${report.margin_of_error.toFixed(2)} percentage points (95 % confidence)`,
    ],
  ];
  return (
    <dl className="record-card-fields survey-facts" aria-label="Survey facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The rating questions' numbers as a table to export: counts per scale point, respondents, percent and level. */
function QuestionTable({ report }: { report: SurveyReportView }) {
  const columns: ResultColumn<QuestionResult & { n: number }>[] = [
    { header: 'No.', value: (q) => q.n },
    { header: 'Question', value: (q) => q.question.text, wide: true },
    { header: 'Outcome', value: (q) => q.question.outcome_code ?? '' },
    ...report.scale.map((p, k) => ({ header: p.label, key: `point-${k}`, value: (q: QuestionResult) => q.counts[k] ?? 0 })),
    { header: 'Respondents', value: (q) => q.respondents },
    { header: 'Percent', value: (q) => percentText(q.percent) },
    { header: 'Level', value: (q) => levelText(q.level) },
  ];
  return (
    <ResultTable
      label="Rating questions"
      fileName={`${fileSafe(report.survey.name)}-questions`}
      rows={report.questions.map((q, i) => ({ ...q, n: i + 1 }))}
      rowKey={(q) => q.question.id}
      columns={columns}
    />
  );
}

/**
 * `/survey/survey-report?survey=<id>` (a survey picker when none is named): a survey's results
 * (`GET /api/survey-results/{id}`): response rate, invited, online and paper answers and the margin of error; per
 * rating question its answers per scale point (bars with counts and shares in words) with its percent and level,
 * and the same numbers as a table to export; the free-text answers per question; per outcome the survey's indirect
 * level beside the direct one, rows 1 or more apart marked for review; and why the attainment does not use it, when
 * it does not.
 */
export function SurveyReportPage() {
  const { id, picker } = useChosenSurvey();
  const read = useSurveyReport(id);
  const report = read.data;
  return (
    <section>
      <div className="page-head">
        <h2>{report ? `Survey report: ${report.survey.name}` : 'Survey report'}</h2>
        {report ? (
          <span className="page-tools">
            <Link className="p-button p-button-text p-button-sm" to={`/survey/host-survey?survey=${encodeURIComponent(report.survey.id)}`}>
              Host survey
            </Link>
          </span>
        ) : null}
      </div>
      {picker}
      {!id ? <p className="hint">Choose a survey to see its answers.</p> : null}
      {id && read.isError && !report ? (
        <p className="hint" role="alert">
          This report could not be read.
        </p>
      ) : null}
      {report ? (
        <>
          <ReportFacts report={report} />
          {report.notes.length ? (
            <ul className="notes survey-notes" aria-label="Notes">
              {report.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          <h3>Rating questions</h3>
          {report.questions.length ? (
            <>
              <div className="distributions">
                {report.questions.map((q, i) => (
                  <DistributionChart key={q.question.id} result={q} scale={report.scale} number={i + 1} />
                ))}
              </div>
              <QuestionTable report={report} />
            </>
          ) : (
            <p className="hint">This survey has no rating question.</p>
          )}
          {report.free_text.length ? (
            <>
              <h3>Written answers</h3>
              {report.free_text.map(({ question, answers }) => (
                <section key={question.id} className="free-text" aria-label={question.text}>
                  <h4>{question.text}</h4>
                  {answers.length ? (
                    <ul>
                      {answers.map((a, i) => (
                        <li key={i}>{a}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="hint">No written answer yet.</p>
                  )}
                </section>
              ))}
            </>
          ) : null}
          <h3>Outcomes</h3>
          <OutcomeResultsTable
            label="Outcomes: survey and direct levels"
            fileName={`${fileSafe(report.survey.name)}-outcomes`}
            rows={report.outcomes}
            flags={report.flags}
            direct
            empty="No question of this survey assesses an outcome."
          />
        </>
      ) : null}
    </section>
  );
}
