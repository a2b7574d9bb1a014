import { choiceLabel, survey } from '@attain/shared-types';

/** The survey's `survey_for` field, whose choices `surveyForText` words. */
const SURVEY_FOR_FIELD = survey.fields.find((fd) => fd.name === 'survey_for') ?? {};

/** What a survey is for, in words (`choiceLabel` of the survey's field: `Faculty Feedback`, `CO`). */
export const surveyForText = (value: unknown): string => choiceLabel(SURVEY_FOR_FIELD, value);
