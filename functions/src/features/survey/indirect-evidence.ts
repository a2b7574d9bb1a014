import { type CampusScope, type RecordOf, type SurveyEvidence, type SurveyFor, survey as surveyEntity } from '@attain/shared-types';
import pLimit from 'p-limit';
import { queryByField } from '../../platform/store/records.js';
import { type SurveyTally, outcomeEvidence, tallySurvey } from './survey-tally.js';

type Survey = RecordOf<typeof surveyEntity>;

/** Academic year -> outcome id -> what that year's surveys say about it. */
export type EvidenceByYear = Map<string, Map<string, SurveyEvidence>>;

/** Surveys read at once. */
const TALLIES_IN_FLIGHT = 8;

/** Tallies the surveys and pools them per academic year (`outcomeEvidence`). */
async function byYear(scope: CampusScope, surveys: readonly Survey[]): Promise<EvidenceByYear> {
  const limit = pLimit(TALLIES_IN_FLIGHT);
  const tallies = await Promise.all(surveys.map((s) => limit(async () => ({ s, tally: await tallySurvey(scope, s) }))));
  const years = new Map<string, { id: string; name: string; tally: SurveyTally }[]>();
  for (const { s, tally } of tallies) {
    if (!tally) continue;
    years.set(s.academic_year, [...(years.get(s.academic_year) ?? []), { id: s.id, name: s.name, tally }]);
  }
  return new Map([...years].map(([y, list]) => [y, outcomeEvidence(list)]));
}

const isFor = (kind: SurveyFor) => (s: Survey) => s.survey_for === kind;

/**
 * A course's course-exit (CO) survey evidence per academic year ("the course's indirect CO level
 * from its course-exit survey"): one Query for the course's surveys, then each CO survey's answers.
 */
export async function courseSurveyEvidence(scope: CampusScope, course: string): Promise<EvidenceByYear> {
  return byYear(scope, (await queryByField(scope, surveyEntity, 'course', course)).filter(isFor('CO')));
}

/**
 * A program's survey evidence per academic year: its PO/PSO surveys' (`outcomes`: "PO/PEO indirect
 * levels from program-level surveys"; PEOs have no direct level, so they show on the survey pages only), and each
 * course's course-exit surveys' (`courses`, unless `opts.courses` is false). One Query for the program's surveys, then
 * each survey's answers.
 */
export async function programSurveyEvidence(
  scope: CampusScope,
  program: string,
  opts: { courses: boolean } = { courses: true },
): Promise<{ outcomes: EvidenceByYear; courses: Map<string, EvidenceByYear> }> {
  const surveys = await queryByField(scope, surveyEntity, 'program', program);
  if (!opts.courses) return { outcomes: await byYear(scope, surveys.filter(isFor('PO'))), courses: new Map() };
  const byCourse = new Map<string, Survey[]>();
  for (const s of surveys.filter(isFor('CO'))) if (s.course) byCourse.set(s.course, [...(byCourse.get(s.course) ?? []), s]);
  const [outcomes, ...courses] = await Promise.all([
    byYear(scope, surveys.filter(isFor('PO'))),
    ...[...byCourse].map(async ([course, list]) => [course, await byYear(scope, list)] as const),
  ]);
  return { outcomes: outcomes as EvidenceByYear, courses: new Map(courses as (readonly [string, EvidenceByYear])[]) };
}
