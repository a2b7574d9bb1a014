import { survey, surveyTemplate } from '@attain/shared-types';
import { assertCourseYearOpen, surveyEvidenceChanged, withFrozenGate } from '../course-inputs/index.js';
import { deleteDocument, getDocument, overwriteDocument } from '../../platform/store/documents.js';
import { HttpError } from '../../platform/lib/errors.js';
import { getRecord } from '../../platform/store/records.js';
import { buildSurveyForm } from './survey-form.js';
import { readAnswers, readInvitees } from './survey-store.js';
import { behaviour } from '../../platform/http/domain-module.js';

/**
 * The surveys' rules for their record types, run by the generic router around their writes (`EntityHooks`): a survey
 * of a frozen year stays as it was; its form is copied from its template when it is made, and again when its template,
 * kind or course changes before anyone is invited (409 after that); anonymity is fixed once anyone is invited.
 */
export const SURVEY_RULES = [
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
];
