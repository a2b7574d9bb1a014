/** The `structure` feature as other features see it: everything they may import from it. */

export { campusCurrentYear, campusesCurrentYear, occasionAcademicYear, resultsYear } from './current-year.js';
export { PO_FRAMEWORKS, type PoFramework, setUpProgramOutcomes } from './program-outcomes-setup.js';
