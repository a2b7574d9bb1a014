import { dashboardRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';

/** How often figures that are being brought up to date are read again (ms). */
const UPDATING_POLL_MS = 3000;

/**
 * The dashboard's live figures (`GET /api/dashboard`), read without the loading overlay: the tiles stay usable. While
 * they are `updating` (a change is being counted) they are read again every `UPDATING_POLL_MS`.
 */
export function useDashboard() {
  return useQuery({
    queryKey: qk.dashboard(),
    queryFn: async () => (await call(dashboardRoute, {}, { background: true, quiet: true })).data,
    refetchInterval: (q) => (q.state.data?.updating ? UPDATING_POLL_MS : false),
  });
}
