/** The `marks` feature as other features see it: everything they may import from it. */

export { readMarks } from './marks-store.js';
export { settleSheet, sheetState } from './sheet-claim-store.js';
export { courseYearRoster, courseYearStudents, sitsCourse } from './occasion-sheet.js';
