/** The `attainment` feature as other features see it: everything they may import from it. */

export { storedProgramAttainment } from './attainment-service.js';
export { readStudentResults, studentResultsStored } from './student-result-store.js';
export { storeStudentResults } from './student-results.js';
export { improvementPlan } from './improvement-plan.js';
export { STUDENTS_ATTAINMENT_ENDPOINTS } from './students-attainment-routes.js';
