import { ATTAINMENT_ENTITIES } from '@attain/shared-types';
import { ATTAINMENT_RULES } from '../../features/attainment/rules.js';
import { ATTAINMENT_ENDPOINTS } from '../../features/attainment/attainment-routes.js';
import { rosterSyncEndpoint } from '../../features/students/roster-sync.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `attainment` domain: the methodology, student rosters (and their sync from an ERP), marks (grid, files, the S3 import worker's jobs) and
 * CO/PO attainment results. Students are unique by `['curriculum', 'roll_no']` in the registry.
 */
export const attainmentDomain = defineDomain({
  name: 'attainment',
  entities: ATTAINMENT_ENTITIES,
  behaviours: ATTAINMENT_RULES,
  // Approving years and improvement plans are the `reports` Lambda's, with the SAR they feed.
  endpoints: [...ATTAINMENT_ENDPOINTS, rosterSyncEndpoint],
});
