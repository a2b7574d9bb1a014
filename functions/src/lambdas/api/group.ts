import { groupDomain } from '../bundles/group.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `group` domain (a group's campuses, the group roll-up and the dashboard's figures). */
export const handler = lambdaHandler(groupDomain);
