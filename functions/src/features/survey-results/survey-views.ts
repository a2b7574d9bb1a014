import {
  type CampusScope,
  type OutcomeSurveyResult,
  type RecordOf,
  type SurveyDashboardView,
  type SurveyReportView,
  type SurveySummary,
  academicYearsBetween,
  survey as surveyEntity,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { storedProgramAttainment } from '../attainment/index.js';
import { methodFor } from '../course-inputs/index.js';
import { round2 } from '../course-inputs/index.js';
import { campusCurrentYear, resultsYear } from '../structure/index.js';
import { type SurveyTally, outcomeEvidence, questionCounts, surveyPopulation, tallySurvey } from '../survey/index.js';
import { responseRate, surveyHead } from '../survey/index.js';
import { surveyStatus } from '../survey/index.js';
import { indirectLevel, indirectResult, surveyValidity } from '../survey/index.js';
import { listAll } from '../../platform/store/list-all.js';
import { getRecord } from '../../platform/store/records.js';

type Survey = RecordOf<typeof surveyEntity>;

/** The spec's survey years (spec part 2 §9: 2019 to 2023), as academic years. */
const SPEC_YEARS = academicYearsBetween(2019, 2023);

/**
 * The direct level of each outcome the survey assesses, in the same year: the course's COs or the program's POs, from
 * the program's stored results (survey evidence left out: the report has just counted the answers itself).
 */
async function directLevels(scope: CampusScope, s: Survey): Promise<Map<string, number | null>> {
  if (s.survey_for !== 'CO' && s.survey_for !== 'PO') return new Map();
  const { years } = await storedProgramAttainment(scope, s.program, { surveys: false });
  const year = years.find((y) => y.academic_year === s.academic_year);
  if (s.survey_for === 'PO') return new Map((year?.outcomes ?? []).map((o) => [o.outcome, o.direct]));
  const course = year?.courses.find((c) => c.course === s.course);
  return new Map((course?.cos ?? []).map((c) => [c.co, c.direct]));
}

/** Per outcome a survey assesses: its percent and level by the method, with the direct level beside it. */
async function outcomeResults(scope: CampusScope, list: readonly { survey: Survey; tally: SurveyTally }[], withDirect: boolean) {
  const out: OutcomeSurveyResult[] = [];
  const methods = new Map<string, Awaited<ReturnType<typeof methodFor>>>();
  for (const { survey: s, tally } of list) {
    let programMethod = methods.get(s.program);
    if (!programMethod) {
      programMethod = await methodFor(scope, s.program);
      methods.set(s.program, programMethod);
    }
    const { method } = programMethod;
    const evidence = outcomeEvidence([{ id: s.id, name: s.name, tally }]);
    const direct = withDirect ? await directLevels(scope, s) : new Map<string, number | null>();
    const codes = new Map(tally.form.questions.flatMap((q) => (q.outcome ? [[q.outcome, q.outcome_code ?? ''] as const] : [])));
    for (const [outcome, e] of evidence) {
      // The same reading as the attainment's (`indirectResult`): validity, then the level on the unrounded percent.
      const r = indirectResult(e, method);
      out.push({
        outcome,
        code: codes.get(outcome) ?? '',
        percent: r.percent,
        level: r.level,
        respondents: r.respondents,
        population: r.population,
        margin_of_error: r.margin_of_error,
        needed: r.needed,
        ...(r.note ? { note: r.note } : {}),
        ...(withDirect ? { direct: direct.get(outcome) ?? null } : {}),
        survey: s.id,
        survey_name: s.name,
      });
    }
  }
  return { out, methods };
}

/**
 * `GET /api/survey-results/{survey}` (`SurveyReportView`): per rating question the distribution (online, paper,
 * together) with its percent and level, free-text answers, the response rate and margin of error, per outcome the
 * survey level beside the direct level, and the COs whose two levels differ by 1 or more.
 * @throws HttpError 404
 */
export async function surveyReport(scope: CampusScope, surveyId: string): Promise<SurveyReportView> {
  const s = await getRecord(scope, surveyEntity, surveyId);
  const t: SurveyTally = (await tallySurvey(scope, s)) ?? {
    form: { scale: [], questions: [] },
    online: {},
    offline: null,
    respondentsOnline: 0,
    respondentsOffline: 0,
    invited: 0,
    freeText: {},
  };
  const surveyed = t.offline?.surveyed ?? 0;
  const people = t.respondentsOnline + t.respondentsOffline;
  const population = surveyPopulation(t);
  const { out: outcomes, methods } = await outcomeResults(scope, [{ survey: s, tally: t }], true);
  // `outcomeResults` read the program's method for this survey.
  const { method } = methods.get(s.program) ?? (await methodFor(scope, s.program));
  const validity = surveyValidity(people, population, method);
  const notes = validity.shortfall ? [`${validity.shortfall}: the attainment does not use this survey yet`] : [];
  return {
    survey: surveyHead(s),
    status: surveyStatus(s),
    scale: t.form.scale,
    invited: t.invited,
    surveyed_offline: surveyed,
    responded_online: t.respondentsOnline,
    responded_offline: t.respondentsOffline,
    response_rate: responseRate(people, population),
    margin_of_error: validity.margin === null ? null : round2(validity.margin),
    questions: t.form.questions
      .filter((q) => q.kind === 'Rating')
      .map((q) => {
        const c = questionCounts(t, q);
        // The level from the unrounded percent, and none from a survey too small to give one; the percent rounded for display.
        return {
          ...c,
          percent: c.percent === null ? null : round2(c.percent),
          level: c.percent === null || !validity.valid ? null : indirectLevel(c.percent, method),
        };
      }),
    free_text: t.form.questions
      .filter((q) => q.kind === 'Free text')
      .map((q) => ({ question: q, answers: [...(t.freeText[q.id] ?? [])].reverse() })),
    outcomes,
    flags:
      s.survey_for === 'CO'
        ? outcomes.flatMap((o) =>
            o.level !== null && o.direct !== null && o.direct !== undefined && Math.abs(o.direct - o.level) >= 1 - 1e-9
              ? [{ co: o.outcome, code: o.code, direct: o.direct, indirect: o.level, difference: round2(Math.abs(o.direct - o.level)) }]
              : [],
          )
        : [],
    notes,
  };
}

/**
 * `GET /api/survey-results/dashboard` (`SurveyDashboardView`): the surveys of one academic year (default: the results
 * pages' rule, `resultsYear`, over the years with surveys) and department, with response rates, and every outcome they assess with its survey level.
 */
export async function surveyDashboard(scope: CampusScope, year?: string, department?: string): Promise<SurveyDashboardView> {
  const all = await listAll(scope, surveyEntity);
  const withSurveys = [...new Set(all.map((s) => s.academic_year))];
  const years = [...new Set([...withSurveys, ...SPEC_YEARS])].sort((a, b) => b.localeCompare(a));
  // The results pages' rule: the newest year with surveys not after the campus's CAY (else CAYm1), and why.
  const yearChoice = resultsYear(year || undefined, [withSurveys], await campusCurrentYear(scope));
  const chosen = yearChoice.year;
  const surveys = all.filter((s) => s.academic_year === chosen && (!department || s.department === department));
  const limit = pLimit(8);
  const read = await Promise.all(surveys.map((s) => limit(async () => ({ survey: s, tally: await tallySurvey(scope, s) }))));
  const summaries: SurveySummary[] = read.map(({ survey: s, tally }) => {
    const invited = tally ? surveyPopulation(tally) : 0;
    const responded = (tally?.respondentsOnline ?? 0) + (tally?.respondentsOffline ?? 0);
    return {
      id: s.id,
      name: s.name,
      survey_for: s.survey_for,
      academic_year: s.academic_year,
      ...(s.department ? { department: s.department } : {}),
      program: s.program,
      ...(s.course ? { course: s.course } : {}),
      status: surveyStatus(s),
      invited,
      responded,
      response_rate: responseRate(responded, invited),
    };
  });
  const { out: outcomes } = await outcomeResults(
    scope,
    read.flatMap((r) => (r.tally ? [{ survey: r.survey, tally: r.tally }] : [])),
    false,
  );
  return {
    year: chosen,
    year_choice: yearChoice,
    years: years.includes(chosen) ? years : [chosen, ...years],
    surveys: summaries,
    outcomes,
  };
}
