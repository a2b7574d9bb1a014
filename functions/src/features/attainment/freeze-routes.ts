import { approveYearRoute, listFrozenYearsRoute, program as programEntity, unfreezeYearRoute } from '@attain/shared-types';
import { approveYear, unfreezeApproval } from './approve-year.js';
import { frozenYearView, listFrozenYears } from '../course-inputs/index.js';
import { assertWritable, getRecord } from '../../platform/store/records.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';

/**
 * Frozen results (`/api/attainment/freeze`), as their contracts in shared-types declare them: the program's approvals,
 * approving a year (admins) and unfreezing it with a reason (admins). 404 for a program not of the campus.
 */
export const FREEZE_ENDPOINTS: readonly Endpoint[] = [
  endpoint(listFrozenYearsRoute, async (c) => {
    const prog = await getRecord(c.var.scope, programEntity, pathId(c, 'program', 'Program'));
    return { data: (await listFrozenYears(c.var.scope, prog.id)).map(frozenYearView) };
  }),
  endpoint(approveYearRoute, async (c, { body }) => {
    assertWritable(c.var.scope);
    const data = await approveYear(c.var.scope, pathId(c, 'program', 'Program'), body.academic_year);
    return { message: `Approved ${body.academic_year}: its results are frozen`, data };
  }),
  endpoint(unfreezeYearRoute, async (c, { params, body }) => {
    assertWritable(c.var.scope);
    const data = await unfreezeApproval(c.var.scope, pathId(c, 'program', 'Program'), params.year, body.version, body.reason);
    return { message: `Unfroze ${params.year}`, data };
  }),
];
