import { myResultsRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';

/**
 * The signed-in student's own results (`GET /api/me/results?year=`): `year` undefined lets the server choose (the
 * course pages' rule over the years the student has marks in).
 */
export function useMyResults(year: string | undefined) {
  return useQuery({
    queryKey: qk.myResults(year ?? null),
    queryFn: async () => (await call(myResultsRoute, { query: year ? { year } : {} })).data,
  });
}
