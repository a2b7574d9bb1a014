import type { CoReviewFlag, OutcomeSurveyResult } from '@attain/shared-types';
import { Link } from 'react-router-dom';
import { type ResultColumn, ResultTable } from '../../components/table/result-table';
import { levelText, percentText } from './survey-numbers';

/** What a flagged row says (spec of the report: direct and indirect levels 1 or more apart). */
export const REVIEW_TEXT = 'Review: direct and indirect differ by 1 or more';

/**
 * Outcomes as surveys assessed them (CO, PO, PSO, PEO): code, survey percent, indirect level, respondents of how many,
 * the margin of error and, when the survey is too small for a level, why; with
 * `direct`, the direct level beside it and, for rows in `flags`, `REVIEW_TEXT`; with `survey`, the survey each came
 * from (a link to its report). Exports CSV and XLSX like the attainment tables.
 */
export function OutcomeResultsTable(props: {
  label: string;
  fileName: string;
  rows: readonly OutcomeSurveyResult[];
  flags?: readonly CoReviewFlag[];
  direct?: boolean;
  survey?: boolean;
  empty?: string;
}) {
  const flagged = new Map((props.flags ?? []).map((f) => [f.co, f]));
  const columns: ResultColumn<OutcomeSurveyResult>[] = [
    { header: 'Outcome', value: (o) => o.code },
    { header: 'Survey percent', value: (o) => percentText(o.percent) },
    { header: 'Indirect level', value: (o) => levelText(o.level) },
    { header: 'Respondents', value: (o) => `${o.respondents} of ${o.population}` },
    { header: 'Margin of error (95 %)', value: (o) => (o.margin_of_error === null ? '-' : `± ${o.margin_of_error.toFixed(2)}`) },
  ];
  if (props.rows.some((o) => o.note)) columns.push({ header: 'Why no level', value: (o) => o.note ?? '' });
  if (props.direct)
    columns.push(
      { header: 'Direct level', value: (o) => levelText(o.direct) },
      {
        header: 'Review',
        value: (o) => (flagged.has(o.outcome) ? REVIEW_TEXT : ''),
        render: (o) =>
          flagged.has(o.outcome) ? (
            <span className="review-flag">
              <i className="pi pi-flag" aria-hidden /> {REVIEW_TEXT}
            </span>
          ) : (
            '-'
          ),
        className: (o) => (flagged.has(o.outcome) ? 'below' : undefined),
      },
    );
  if (props.survey)
    columns.push({
      header: 'Survey',
      value: (o) => o.survey_name ?? '',
      render: (o) =>
        o.survey ? <Link to={`/survey/survey-report?survey=${encodeURIComponent(o.survey)}`}>{o.survey_name ?? 'Report'}</Link> : '-',
    });
  return (
    <ResultTable<OutcomeSurveyResult>
      label={props.label}
      fileName={props.fileName}
      rows={props.rows}
      rowKey={(o, i) => `${o.outcome}#${o.survey ?? ''}#${i}`}
      columns={columns}
      empty={<p className="hint">{props.empty ?? 'No survey question assesses an outcome.'}</p>}
    />
  );
}
