import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProfileView } from '@attain/shared-types';
import { api, setUnauthorizedHandler } from '../app/api';
import { idToken, logout } from '../app/auth';
import { profileAtom } from '../app/state';

/**
 * Lets its children render only for a signed-in user whose token the API accepts; anyone else goes to `/`.
 * Loads the profile (banner names, role) once per session. A 401 from any call signs out, forgetting the profile
 * and every cached read.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [profile, setProfile] = useAtom(profileAtom);
  const [ready, setReady] = useState(Boolean(profile));
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setProfile(null);
      queryClient.clear();
      void logout().then(() => navigate('/', { replace: true }));
    });
    let live = true;
    (async () => {
      if (!(await idToken())) return navigate('/', { replace: true });
      if (!profile) {
        const res = await api<{ data: ProfileView }>('GET', '/api/auth/profile', undefined, { quiet: true }).catch(() => null);
        if (!res) return navigate('/', { replace: true });
        if (live) setProfile(res.data);
      }
      if (live) setReady(true);
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready ? <>{children}</> : null;
}
