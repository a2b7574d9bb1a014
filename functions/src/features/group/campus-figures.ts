import { surveyStatus } from '../survey/index.js';
import type { CampusSummaries } from './campus-summary.js';
import type { ProgramReadiness, ProgramSummary, YearSummary } from './summary-shapes.js';

/**
 * What the group roll-up shows of one campus for one academic year, read from the campus's summaries
 * (`campus-summary.ts`, where each figure is computed by the services the campus's own pages use):
 * - programs with their type's name and their PO/PSO levels that year (as the Program Level PO Attainment page);
 * - survey invitations and responses of the year's surveys (as the Survey dashboard);
 * - the faculty in position that year (role faculty) by cadre and PhD (the SAR's census rules);
 * - publications (journal and conference papers, a co-authored paper once) and funded projects of the year, by the
 *   SAR's measures;
 * - mails sent in the year up to today, with their bounced recipients (Send Mail's counts);
 * - each program's SAR readiness for the year as its report year (as the SAR Readiness page).
 */
export interface CampusFigures {
  campus: string;
  /** Each program, its type's name and its figures in the year (undefined: no results that year). */
  programs: { id: string; type: string; year: ProgramSummary['years'][number] | undefined }[];
  surveys: { invited: number; responded: number };
  faculty: YearSummary['faculty'];
  publications: number;
  funded: number;
  mail: YearSummary['mail'];
  /** Each program's SAR readiness for the year (its total, outcome and the criteria below NBA's line). */
  readiness: ProgramReadiness[];
}

/**
 * A campus's roll-up figures for `year` ("2025-26") from its summaries, that year's (`yearSummary`) and its programs'
 * SAR readiness that year (`readinessSummary`). No DynamoDB call.
 */
export function campusFigures(c: CampusSummaries, y: YearSummary, year: string, readiness: readonly ProgramReadiness[]): CampusFigures {
  return {
    campus: c.scope.campus,
    programs: c.programs.programs.map((p) => ({ id: p.id, type: p.type, year: p.years.find((x) => x.year === year) })),
    surveys: surveyTotals(y.surveys),
    faculty: y.faculty,
    publications: y.publications,
    funded: y.funded,
    mail: y.mail,
    readiness: [...readiness],
  };
}

/** Invitations and responses summed over surveys (all of them, or those open today). */
export const surveyTotals = (surveys: YearSummary['surveys']): { invited: number; responded: number } => ({
  invited: surveys.reduce((n, s) => n + s.invited, 0),
  responded: surveys.reduce((n, s) => n + s.responded, 0),
});

/** The surveys open today (`surveyStatus`, as the Survey dashboard shows them). */
export const openSurveys = (surveys: YearSummary['surveys']): YearSummary['surveys'] => surveys.filter((s) => surveyStatus(s) === 'Open');
