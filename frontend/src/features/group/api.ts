import {
  type CampusStatusBody,
  type NewCampusBody,
  type RollupView,
  campusStatusRoute,
  createCampusRoute,
  groupCampusesRoute,
  rollupRoute,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { useUpdatingPoll } from '../../lib/updating-poll';

/** The group administrator's group and its campuses (`GET /api/group/campus`); nothing is read for anyone else. */
export function useGroupCampuses(enabled = true) {
  return useQuery({
    queryKey: qk.groupCampuses(),
    queryFn: async () => (await call(groupCampusesRoute, {}, { background: true })).data,
    enabled,
  });
}

/**
 * The group's roll-up for `year` (`GET /api/group/rollup?year=`; null: the server's default year). While it lists
 * campuses as `updating` it is read again (`updatingPollMs`: 3 s, backing off to a minute), without the loading overlay.
 */
export function useRollup(year: string | null) {
  const qc = useQueryClient();
  const poll = useUpdatingPoll<RollupView>((v) => Boolean(v.updating?.length));
  return useQuery({
    queryKey: qk.rollup(year),
    queryFn: async () =>
      (await call(rollupRoute, { query: { year: year ?? undefined } }, { background: qc.getQueryData(qk.rollup(year)) !== undefined }))
        .data,
    refetchInterval: poll,
  });
}

/**
 * The sentence the roll-up shows while some campuses' figures are being brought up to date after a change, naming
 * them (`names`: campus id to name), or null when none is.
 */
export function rollupUpdatingText(updating: readonly string[], names: ReadonlyMap<string, string>): string | null {
  if (!updating.length) return null;
  const list = updating.map((id) => names.get(id) ?? id).join(', ');
  return `Updating: the figures of ${list} are being brought up to date after a change; those shown are the previous ones until then.`;
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
