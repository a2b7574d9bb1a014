import { MARKS_ENDPOINTS } from '../../features/marks/marks-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `marks` domain: an occasion's marks sheet, grid saves, the CSV template and uploads, and the large-file import's
 * ticket and job (the S3 import worker is `workers/marks-import.ts`). Apart from `attainment` so that each Lambda
 * carries only its own code (decision 0035): the CSV reader and the marks writer here, the results there.
 */
export const marksDomain = defineDomain({
  name: 'marks',
  entities: [],
  behaviours: [],
  endpoints: MARKS_ENDPOINTS,
});
