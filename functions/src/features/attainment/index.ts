/** The `attainment` feature as other features see it: everything they may import from it. */

export { storedProgramAttainment, studentCourseResults } from './attainment-service.js';
export { improvementPlan } from './improvement-plan.js';
export { STUDENTS_ATTAINMENT_ENDPOINTS } from './students-attainment-routes.js';
