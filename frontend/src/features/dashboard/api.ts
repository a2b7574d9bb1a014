import { type DashboardView, dashboardRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { useUpdatingPoll } from '../../lib/updating-poll';

/**
 * The dashboard's live figures (`GET /api/dashboard`), read without the loading overlay: the tiles stay usable. While
 * they are `updating` (a change is being counted) they are read again (`updatingPollMs`: 3 s, backing off to a minute).
 */
export function useDashboard() {
  const poll = useUpdatingPoll<DashboardView>((v) => Boolean(v.updating));
  return useQuery({
    queryKey: qk.dashboard(),
    queryFn: async () => (await call(dashboardRoute, {}, { background: true, quiet: true })).data,
    refetchInterval: poll,
  });
}
