/** The `structure` feature as other features see it: everything they may import from it. */

export { campusCurrentYear, campusesCurrentYear, occasionAcademicYear, resultsYear } from './current-year.js';
