import { occasion } from '@attain/shared-types';
import { assertYearOpen } from '../attainment/frozen-years.js';
import { markCourseInputsChanged } from '../attainment/result-store.js';
import { questionPaperRouter } from '../http/document-routes.js';
import { deleteDocument } from '../store/documents.js';
import { behaviour, defineDomain } from './domain-module.js';

/** The `assessments` domain: question banks, assessment occasions (ISE/MSE/ESE) and their question papers. */
export const assessmentsDomain = defineDomain({
  name: 'assessments',
  behaviours: [
    behaviour(occasion, {
      // An occasion of an approved (frozen) year is one of that year's inputs: it is not added, changed, moved out of
      // the year or deleted until an admin unfreezes the year (as its marks and question paper).
      beforeCreate: (scope, data) => assertYearOpen(scope, data.program, data.held_on),
      beforeReplace: async (scope, data, old) => {
        await assertYearOpen(scope, old.program, old.held_on);
        // Moved into another program or date: that year must be open too (an unmoved occasion is checked once).
        if (data.program !== old.program || data.held_on !== old.held_on) await assertYearOpen(scope, data.program, data.held_on);
      },
      beforeDelete: async (scope, rec) => {
        await assertYearOpen(scope, rec.program, rec.held_on);
        return [];
      },
      // An occasion's kind, date or course decides which attainment it counts in.
      afterSave: (scope, rec) => markCourseInputsChanged(scope, rec.course, rec.program),
      afterDelete: async (scope, rec) => {
        await deleteDocument(scope, 'question-paper', rec.id);
        await markCourseInputsChanged(scope, rec.course, rec.program);
      },
    }),
  ],
  routes: [{ path: '/api/question-paper', router: questionPaperRouter }],
});
