import { occasion } from '@attain/shared-types';
import { assertCourseYearOpen, courseInputsChanged } from '../course-inputs/index.js';
import { occasionAcademicYear } from '../structure/index.js';
import { deleteDocument } from '../../platform/store/documents.js';
import { behaviour } from '../../platform/http/domain-module.js';

/** Where an occasion as sent would count: by the year sent (or its date's) and by its date's year, for the frozen gate. */
const targets = (data: { course: string; academic_year?: string; held_on?: string }) => [
  { course: data.course, occasion: { academic_year: data.academic_year, held_on: data.held_on } },
  ...(data.held_on ? [{ course: data.course, occasion: { held_on: data.held_on } }] : []),
];

/**
 * The assessments' rules for their record types, run by the generic router around their writes (`EntityHooks`): an
 * occasion's frozen year and academic year, its question paper deleted with it, its course's results computed again.
 */
export const ASSESSMENT_RULES = [
  behaviour(occasion, {
    // An occasion of an approved (frozen) year is one of that year's inputs: it is not added, changed, moved out of
    // the year or deleted until an admin unfreezes the year (as its marks and question paper).
    // A frozen year is refused first (409), whether the occasion would count in it by the year sent or by its date;
    // then its academic year is settled: picked (or, from a client that does not send one, its date's, else the
    // campus's CAY), a date outside the picked year refused (400, `occasionAcademicYear`).
    beforeCreate: async (scope, data) => {
      await assertCourseYearOpen(scope, ...targets(data));
      data.academic_year = await occasionAcademicYear(scope, data);
      await assertCourseYearOpen(scope, { course: data.course, occasion: { academic_year: data.academic_year } });
    },
    beforeReplace: async (scope, data, old) => {
      // A client that does not send the year (the spec's form has none) keeps the one stored.
      if (!data.academic_year && old.academic_year) data.academic_year = old.academic_year;
      // As stored (its approval, or its year in its course's program), and where it would go (another course or year).
      const moves = data.course !== old.course || data.held_on !== old.held_on || data.academic_year !== old.academic_year;
      await assertCourseYearOpen(scope, { course: old.course, occasion: old }, ...(moves ? targets(data) : []));
      data.academic_year = await occasionAcademicYear(scope, data);
      if (data.academic_year !== old.academic_year)
        await assertCourseYearOpen(scope, { course: data.course, occasion: { academic_year: data.academic_year } });
    },
    beforeDelete: async (scope, rec) => {
      await assertCourseYearOpen(scope, { course: rec.course, occasion: rec });
      return [];
    },
    // An occasion's kind, date or course decides which attainment it counts in.
    afterSave: (scope, rec) => courseInputsChanged(scope, { course: rec.course, program: rec.program }),
    afterDelete: async (scope, rec) => {
      await deleteDocument(scope, 'question-paper', rec.id);
      await courseInputsChanged(scope, { course: rec.course, program: rec.program });
    },
  }),
];
