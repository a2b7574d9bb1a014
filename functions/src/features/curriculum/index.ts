/** The `curriculum` feature as other features see it: everything they may import from it. */

export { type ProgramOutcomeColumn, byCode, byReference, courseOutcomesByCode, isColumn, programOutcomeColumns } from './co-po-matrix.js';
export { assertOwnsCourse, assertReadsStudentsOf, studentsReader } from './course-access.js';
export { curriculumContext } from './import/curriculum-context.js';
