import { stakeholder, survey, surveyTemplate } from '@attain/shared-types';
import { PUBLIC_SURVEY_ENDPOINTS } from '../../features/survey/public-survey-routes.js';
import { STAKEHOLDER_IMPORT_ENDPOINTS } from '../../features/survey/stakeholder-import-routes.js';
import { deleteDocument, getDocument, overwriteDocument } from '../../platform/store/documents.js';
import { HttpError } from '../../platform/lib/errors.js';
import { getRecord } from '../../platform/store/records.js';
import { surveyEvidenceChanged } from '../../features/course-inputs/write-course-input.js';
import { withFrozenGate } from '../../features/course-inputs/frozen-inputs.js';
import { assertCourseYearOpen } from '../../features/course-inputs/frozen-year-gate.js';
import { buildSurveyForm } from '../../features/survey/survey-form.js';
import { readAnswers, readInvitees } from '../../features/survey/survey-store.js';
import { behaviour, defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `survey` domain (spec part 2 Survey): stakeholders, templates and surveys as registry entities; a
 * survey's form is copied from its template when it is made (and again when its template or outcome changes before
 * anyone was invited); the stakeholder import and the public answer route. Hosting (`survey-hosting.ts`) and the
 * results (`survey-results.ts`) are Lambdas of their own, so this one carries neither the mail queue and HTML
 * sanitizer nor the attainment service.
 */
export const surveyDomain = defineDomain({
  name: 'survey',
  entities: [stakeholder, surveyTemplate, survey],
  behaviours: [
    // A survey of a frozen year keeps its year, course, template and dates, and stays (`withFrozenGate`).
    behaviour(
      survey,
      withFrozenGate(survey, assertCourseYearOpen, {
        async beforeCreate(scope, data) {
          await buildSurveyForm(scope, data, await getRecord(scope, surveyTemplate, data.template));
        },
        async beforeReplace(scope, data, old) {
          const formChanges =
            data.template !== old.template ||
            data.survey_for !== old.survey_for ||
            data.course !== old.course ||
            data.program !== old.program;
          // Answers taken as anonymous stay anonymous, and answers taken by name were given knowing that.
          const anonymityChanges = Boolean(data.anonymous) !== Boolean(old.anonymous);
          if (!formChanges && !anonymityChanges) return;
          const [invitees, offline] = await Promise.all([readInvitees(scope, old.id), getDocument(scope, 'survey-offline', old.id)]);
          const started = invitees.length > 0 || Boolean(offline) || (await readAnswers(scope, old.id)).answers.length > 0;
          if (started && anonymityChanges)
            throw new HttpError(409, 'People have been invited: whether answers are anonymous can no longer change', {
              anonymous: `Fixed once anyone is invited: this survey's answers are ${old.anonymous ? '' : 'not '}anonymous`,
            });
          if (!formChanges) return;
          if (started)
            throw new HttpError(
              409,
              'People have been invited or answers entered: the template, course and kind of this survey can no longer change',
            );
          await buildSurveyForm(scope, data, await getRecord(scope, surveyTemplate, data.template));
        },
        // The form is (re)built when the survey is made, or when its template, kind or course changed before anyone
        // was invited (`beforeReplace` refuses such a change after that).
        async afterSave(scope, rec) {
          await surveyEvidenceChanged(scope, rec);
          const stored = await getDocument(scope, 'survey-form', rec.id);
          if (stored && stored.template === rec.template && stored.course === (rec.course ?? null)) return;
          const form = await buildSurveyForm(scope, rec, await getRecord(scope, surveyTemplate, rec.template));
          await overwriteDocument(scope, 'survey-form', rec.id, { ...form, template: rec.template, course: rec.course ?? null });
        },
        async afterDelete(scope, rec) {
          await Promise.all([deleteDocument(scope, 'survey-form', rec.id), deleteDocument(scope, 'survey-offline', rec.id)]);
          await surveyEvidenceChanged(scope, rec);
        },
      }),
    ),
  ],
  endpoints: [...PUBLIC_SURVEY_ENDPOINTS, ...STAKEHOLDER_IMPORT_ENDPOINTS],
});
