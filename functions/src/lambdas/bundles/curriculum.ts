import {
  type CourseWeightage,
  courseCurriculum,
  courseOutcome,
  courseOwnWeights,
  curriculum,
  labExperiment,
  topic,
  term,
  textReference,
} from '@attain/shared-types';
import { assertCourseYearOpen } from '../../features/course-inputs/frozen-year-gate.js';
import { courseInputsChanged } from '../../features/course-inputs/write-course-input.js';
import { matrixUsesCo } from '../../features/curriculum/co-po-matrix.js';
import { papersUsingCo } from '../../features/assessments/question-paper.js';
import { CO_PO_MATRIX_ENDPOINTS } from '../../features/curriculum/co-po-matrix-routes.js';
import { IMPORT_ENDPOINTS } from '../../features/curriculum/import-routes.js';
import { HttpError } from '../../platform/lib/errors.js';
import { deleteDocument } from '../../platform/store/documents.js';
import { createRecord } from '../../platform/store/records.js';
import { behaviour, defineDomain, listed } from '../../platform/http/domain-module.js';

/** Courses whose replace under way changes their CIE/SEE split (set before the write, read after it). */
const reweighted = new Set<string>();

/** Whether two versions of a course give the same CIE/SEE split. */
const sameWeights = (a: CourseWeightage, b: CourseWeightage) => JSON.stringify(courseOwnWeights(a)) === JSON.stringify(courseOwnWeights(b));

/** The `curriculum` domain: curricula and their terms, courses, course outcomes, topics, lab experiments, the CO-PO matrix and CSV imports. */
export const curriculumDomain = defineDomain({
  name: 'curriculum',
  entities: [curriculum, term, courseCurriculum, courseOutcome, topic, labExperiment, textReference],
  behaviours: [
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
      // course. A CO in a matrix or on a question paper cannot be deleted; a changed CO changes its course's attainment.
      beforeCreate: (scope, data) => assertCourseYearOpen(scope, { course: data.course }),
      beforeReplace: (scope, data, old) =>
        assertCourseYearOpen(scope, { course: old.course }, ...(data.course !== old.course ? [{ course: data.course }] : [])),
      beforeDelete: async (scope, rec) => {
        await assertCourseYearOpen(scope, { course: rec.course });
        return [...listed(await matrixUsesCo(scope, rec)), ...listed(await papersUsingCo(scope, rec))];
      },
      afterSave: (scope, rec) => courseInputsChanged(scope, { course: rec.course }),
      afterDelete: (scope, rec) => courseInputsChanged(scope, { course: rec.course }),
    }),
  ],
  endpoints: [...CO_PO_MATRIX_ENDPOINTS, ...IMPORT_ENDPOINTS],
});
