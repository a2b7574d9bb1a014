/**
 * Choice lists of the Survey area (spec part 2 §3 "Stakeholder", "Survey-for values"; the rest ours, see
 * docs/decisions/0021-survey.md).
 */

/** What a survey or template assesses (spec part 2 §3, kept as written). */
export const SURVEY_FOR = ['PEO', 'PO', 'CO', 'Faculty Feedback', 'Facility Feedback', 'Student Satisfactory'] as const;
export type SurveyFor = (typeof SURVEY_FOR)[number];

/** Stakeholder groups (spec part 2 §3, kept as written). */
export const STAKEHOLDER_GROUPS = ['Employer or Industry', 'Alumni', 'Professional Bodies', 'Others', 'Patent'] as const;
export type StakeholderGroup = (typeof STAKEHOLDER_GROUPS)[number];

/**
 * A template's or survey's `type` (the spec names the field, not its values): who answers it. `Students` are the
 * students of a curriculum (its roster), the other values the stakeholder groups.
 */
export const SURVEY_TYPES = ['Students', ...STAKEHOLDER_GROUPS] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/**
 * Whether a person belongs to a survey's audience: its `type` ("Answered by") is `Students` or one stakeholder group,
 * and only that audience is invited and counted, so a stray answer (a parent invited under "Others" to a survey meant
 * for students) never moves an outcome's indirect level.
 * @param person a student (`source` `Students`) or a stakeholder (`group`)
 */
export function inSurveyAudience(type: string, person: { source?: string; group?: string }): boolean {
  return type === 'Students' ? person.source === 'Students' : person.source !== 'Students' && person.group === type;
}

/** A question is answered on the template's rating scale or in free text. */
export const QUESTION_KINDS = ['Rating', 'Free text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * The outcome code a question assesses, by what the survey is for: a CO survey's questions name a CO of the
 * survey's course (`CO1`), a PO survey's a PO or PSO of its program (`PO3`, `PSO1`), a PEO survey's a PEO (`PEO2`).
 * Resolved to the outcome record when a survey is created from the template.
 */
export const OUTCOME_CODE: Readonly<Partial<Record<SurveyFor, RegExp>>> = {
  CO: /^CO\d{1,2}$/,
  PO: /^(PO|PSO)\d{1,2}$/,
  PEO: /^PEO\d{1,2}$/,
};

/** Most points of a rating scale, and most questions of a template. */
export const MAX_SCALE_POINTS = 10;
export const MAX_SURVEY_QUESTIONS = 60;
/** Longest free-text answer, in characters. */
export const MAX_FREE_TEXT = 2000;
