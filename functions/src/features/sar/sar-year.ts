import type { CampusScope } from '@attain/shared-types';
import { storedProgramAttainment } from '../attainment/index.js';
import { listFrozenYears } from '../course-inputs/index.js';
import { resultsYear } from '../structure/index.js';

/**
 * The year a program's SAR is for: `asked`, else the year every results page opens on (`resultsYear`: the newest year
 * with results or an approval, not after the campus's CAY `cay`; none: CAYm1). The program's stored attainment and
 * approvals are read when the year is to be chosen or `withResults` asks for them (Criterion 3), and returned.
 */
export async function sarYear(scope: CampusScope, programId: string, cay: string, asked: string | undefined, withResults: boolean) {
  const [current, approvals] =
    withResults || !asked
      ? await Promise.all([storedProgramAttainment(scope, programId), listFrozenYears(scope, programId)])
      : [undefined, []];
  const years = [
    ...(current?.years ?? []).map((y) => y.academic_year ?? ''),
    ...approvals.filter((f) => f.status === 'Frozen').map((f) => f.academic_year),
  ];
  return { yearChoice: resultsYear(asked, [years], cay), current, approvals };
}
