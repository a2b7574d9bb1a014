import { studentDomain } from '../bundles/student.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `student` domain (a signed-in student's own pages). */
export const handler = lambdaHandler(studentDomain);
