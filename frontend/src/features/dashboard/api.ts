import { dashboardRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';

/** The dashboard's live figures (`GET /api/dashboard`), read without the loading overlay: the tiles stay usable. */
export function useDashboard() {
  return useQuery({
    queryKey: qk.dashboard(),
    queryFn: async () => (await call(dashboardRoute, {}, { background: true, quiet: true })).data,
  });
}
