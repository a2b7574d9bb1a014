import type { ReportPicker } from './report-catalogue.js';

/**
 * What each report picker is called in a sentence ("Choose a curriculum", "Check the academic year of ..."): the
 * web's request for a missing picker and the API's 400 for one say the same words.
 */
export const REPORT_PICKER_NAMES: Readonly<Record<ReportPicker, string>> = {
  department: 'department',
  user: 'faculty member',
  curriculum: 'curriculum',
  term: 'term',
  course: 'course',
  option: 'option',
  map_state: 'map state',
  year: 'academic year',
};
