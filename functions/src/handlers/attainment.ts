import { lambdaHandler } from './lambda-entry.js';

/** Lambda entry of the `attainment` domain: methodology, students, marks, import jobs and attainment results. */
export const handler = lambdaHandler('attainment');
