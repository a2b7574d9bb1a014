import { occasion } from '@attain/shared-types';
import { markCourseInputsChanged } from '../attainment/result-store.js';
import { questionPaperRouter } from '../http/document-routes.js';
import { deleteDocument } from '../store/documents.js';
import { behaviour, defineDomain } from './domain-module.js';

/** The `assessments` domain: question banks, assessment occasions (ISE/MSE/ESE) and their question papers. */
export const assessmentsDomain = defineDomain({
  name: 'assessments',
  behaviours: [
    behaviour(occasion, {
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
