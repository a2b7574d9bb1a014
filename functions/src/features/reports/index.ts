/** The `reports` feature as other features see it: everything they may import from it. */

export { levelCells } from './articulation.js';
export {
  CRITERION3_CITATION,
  CRITERION4_2015_CITATION,
  CRITERION4_2016_CITATION,
  CRITERION4_2025_CITATION,
  CRITERION5_2019_CITATION,
  CRITERION5_2025_CITATION,
  CRITERION8_2015_CITATION,
  FINAL_LEVEL_CITATION,
  STUDENT_COUNT_CITATION,
} from './nba-citations.js';
export { courseName } from './report-curriculum.js';
export { NOT_COMPUTED, TWO_DECIMALS, figure, notAvailable } from './report-figures.js';
export { campusLocale } from './report-shape.js';
export { type CourseMatrix, courseMatrices } from './report-outcomes.js';
export { reportDocx } from './documents/report-docx.js';
export { reportPdf } from './documents/report-pdf.js';
