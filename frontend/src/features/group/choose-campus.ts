import { profileRoute } from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { call } from '../../app/api-client';
import { setCampus } from '../../app/campus-choice';
import { profileAtom } from '../../app/state';

/**
 * Chooses the campus a group administrator reads (null: all campuses): kept for the session and sent as `X-Campus`
 * from the next call on; every cached read is forgotten (none of the previous campus may show), and the profile is
 * read again, so the banner names the campus chosen.
 */
export function useChooseCampus(): (id: string | null) => Promise<void> {
  const queryClient = useQueryClient();
  const setProfile = useSetAtom(profileAtom);
  return useCallback(
    async (id: string | null) => {
      setCampus(id);
      queryClient.clear();
      const res = await call(profileRoute, {}, { quiet: true, background: true }).catch(() => null);
      if (res) setProfile(res.data);
    },
    [queryClient, setProfile],
  );
}
