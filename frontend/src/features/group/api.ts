import {
  type CampusStatusBody,
  type NewCampusBody,
  campusStatusRoute,
  createCampusRoute,
  groupCampusesRoute,
  rollupRoute,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';

/** The group administrator's group and its campuses (`GET /api/group/campus`); nothing is read for anyone else. */
export function useGroupCampuses(enabled = true) {
  return useQuery({
    queryKey: qk.groupCampuses(),
    queryFn: async () => (await call(groupCampusesRoute, {}, { background: true })).data,
    enabled,
  });
}

/** The group's roll-up for `year` (`GET /api/group/rollup?year=`; null: the server's default year). */
export function useRollup(year: string | null) {
  return useQuery({
    queryKey: qk.rollup(year),
    queryFn: async () => (await call(rollupRoute, { query: { year: year ?? undefined } })).data,
  });
}

/**
 * Adding a campus (`POST /api/group/campus`) and enabling or disabling one (`PUT /api/group/campus/{id}`): quiet, so
 * the form or dialog shows the server's message itself; each marks the group's views stale.
 */
export function useCampusWrites() {
  const qc = useQueryClient();
  const onSuccess = () => void qc.invalidateQueries({ queryKey: qk.group() });
  const add = useMutation({
    mutationFn: async (body: NewCampusBody) => (await call(createCampusRoute, { body }, { quiet: true })).data,
    onSuccess,
  });
  const status = useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CampusStatusBody }) =>
      (await call(campusStatusRoute, { params: { id }, body }, { quiet: true })).data,
    onSuccess,
  });
  return { add, status };
}
