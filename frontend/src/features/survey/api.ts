import { surveyDashboardRoute, surveyHostRoute, surveyReportRoute } from '@attain/shared-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { HOST_POLL_MS, deliverySettled } from './host-polling';

/**
 * A survey's hosting view (`GET /api/survey-host/{id}`): read again every few seconds while invitations are being
 * delivered (`deliverySettled`), those reads without the loading overlay or popups; nothing is read without an id.
 */
export function useSurveyHost(id: string | undefined) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: qk.surveyHost(id ?? ''),
    queryFn: async () => {
      const shown = Boolean(qc.getQueryData(qk.surveyHost(id ?? '')));
      return (await call(surveyHostRoute, { params: { survey: id ?? '' } }, { background: shown, quiet: shown })).data;
    },
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && !deliverySettled(q.state.data) ? HOST_POLL_MS : false),
  });
}

/** A survey's report (`GET /api/survey-results/{id}`); nothing is read without an id. */
export function useSurveyReport(id: string | undefined) {
  return useQuery({
    queryKey: qk.surveyReport(id ?? ''),
    queryFn: async () => (await call(surveyReportRoute, { params: { survey: id ?? '' } })).data,
    enabled: Boolean(id),
  });
}

/**
 * The survey dashboard of an academic year and department (`GET /api/survey-results/dashboard?year=&department=`;
 * either left out = the server's default: the newest year with surveys, every department).
 */
export function useSurveyDashboard(year: string | undefined, department: string | undefined) {
  return useQuery({
    queryKey: qk.surveyDashboard(year ?? null, department ?? null),
    queryFn: async () => (await call(surveyDashboardRoute, { query: { year, department } })).data,
  });
}
