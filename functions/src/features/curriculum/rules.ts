import { type CourseWeightage, courseCurriculum, courseOutcome, courseOwnWeights, curriculum, term } from '@attain/shared-types';
import { assertCourseYearOpen, courseInputsChanged } from '../course-inputs/index.js';
import { matrixUsesCo } from './co-po-matrix.js';
import { HttpError } from '../../platform/lib/errors.js';
import { deleteDocument } from '../../platform/store/documents.js';
import { createRecord } from '../../platform/store/records.js';
import { behaviour, listed } from '../../platform/http/domain-module.js';

/** Courses whose replace under way changes their CIE/SEE split (set before the write, read after it). */
const reweighted = new Set<string>();

/** Whether two versions of a course give the same CIE/SEE split. */
const sameWeights = (a: CourseWeightage, b: CourseWeightage) => JSON.stringify(courseOwnWeights(a)) === JSON.stringify(courseOwnWeights(b));

/**
 * The curriculum's rules for its record types, run by the generic router around their writes (`EntityHooks`): a
 * curriculum's terms, the frozen year of a course and its outcomes, a course's CIE/SEE weightage computed again, a
 * course's CO-PO matrix deleted with it, a CO mapped in the matrix kept.
 */
export const CURRICULUM_RULES = [
  behaviour(curriculum, {
    // A curriculum gets one term per program term (spec: its terms follow the program's number_of_terms).
    beforeCreate: async (_scope, _data, refs) => {
      if (!Number(refs.program?.number_of_terms ?? 0))
        throw new HttpError(400, "Set the program's number of terms before adding a curriculum to it", {
          program: 'Program has no number of terms',
        });
    },
    afterCreate: async (scope, rec, refs) => {
      const n = Number(refs.program?.number_of_terms ?? 0);
      for (let i = 1; i <= n; i++) await createRecord(scope, term, { name: `Term ${i}`, number: i, curriculum: rec.id });
    },
    // Moving a curriculum to another program moves its courses' results: not out of or into a frozen year.
    beforeReplace: async (scope, data, old) => {
      if (data.program !== old.program) await assertCourseYearOpen(scope, { curriculum: old, moveTo: { program: data.program } });
    },
  }),
  behaviour(courseCurriculum, {
    // A course's curriculum, term and program are inputs of its course-years: a course with results in a frozen year
    // neither moves out of nor into that program, nor changes term, nor goes, until the year is unfrozen.
    beforeReplace: async (scope, data, old) => {
      if (data.curriculum !== old.curriculum || data.term !== old.term)
        await assertCourseYearOpen(scope, {
          course: old,
          moveTo: { curriculum: data.curriculum, term: data.term, program: data.program },
        });
      // Its ISE + MSE and ESE weightage is its CIE/SEE split (`courseOwnWeights`): an input of every year of it.
      if (!sameWeights(data, old)) {
        if (data.curriculum === old.curriculum && data.term === old.term) await assertCourseYearOpen(scope, { course: old });
        reweighted.add(old.id);
      }
    },
    // A changed weightage changes the course's attainment in every year: its results are computed again (only then:
    // other edits of a course are no input of its results).
    afterSave: async (scope, rec) => {
      if (reweighted.delete(rec.id)) await courseInputsChanged(scope, { course: rec.id, program: rec.program });
    },
    beforeDelete: async (scope, rec) => {
      await assertCourseYearOpen(scope, { course: rec });
      return [];
    },
    afterDelete: (scope, rec) => deleteDocument(scope, 'co-po-matrix', rec.id),
  }),
  behaviour(courseOutcome, {
    // A course's COs are inputs of every year of it (its results list them): refused while a frozen year holds the
    // course. A CO in a matrix cannot be deleted (one on a question paper: the assessments' rule); a changed CO
    // changes its course's attainment.
    beforeCreate: (scope, data) => assertCourseYearOpen(scope, { course: data.course }),
    beforeReplace: (scope, data, old) =>
      assertCourseYearOpen(scope, { course: old.course }, ...(data.course !== old.course ? [{ course: data.course }] : [])),
    beforeDelete: async (scope, rec) => {
      await assertCourseYearOpen(scope, { course: rec.course });
      return listed(await matrixUsesCo(scope, rec));
    },
    afterSave: (scope, rec) => courseInputsChanged(scope, { course: rec.course }),
    afterDelete: (scope, rec) => courseInputsChanged(scope, { course: rec.course }),
  }),
];
