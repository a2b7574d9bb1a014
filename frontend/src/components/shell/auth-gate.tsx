import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { profileRoute } from '@attain/shared-types';
import { setUnauthorizedHandler } from '../../app/api';
import { call } from '../../app/api-client';
import { idToken, logout } from '../../app/auth';
import { setCampus } from '../../app/campus-choice';
import { noteSignedOut, signInFor, signInForHere } from '../../app/deep-link';
import { profileAtom } from '../../app/state';

/**
 * Lets its children render only for a signed-in user whose token the API accepts; anyone else goes to `/`, with
 * the page they asked for as `?next=` so signing in brings them to it.
 * Loads the profile (banner names, role) once per session. A 401 from any call signs out, forgetting the profile
 * and every cached read.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Signed out on a deep link: the sign-in page brings the visitor back here.
  const signIn = signInFor(`${location.pathname}${location.search}`);
  const [profile, setProfile] = useAtom(profileAtom);
  const [ready, setReady] = useState(Boolean(profile));
  const queryClient = useQueryClient();
  useEffect(() => {
    let leaving = false;
    setUnauthorizedHandler((reason) => {
      // Several calls refused together sign out once, and the sign-in page says why.
      if (leaving) return;
      leaving = true;
      noteSignedOut(reason);
      setProfile(null);
      setCampus(null);
      queryClient.clear();
      // An expired session returns here after signing in again.
      void logout().then(() => navigate(signInForHere(window.location.pathname, window.location.search), { replace: true }));
    });
    let live = true;
    (async () => {
      if (!(await idToken())) return navigate(signIn, { replace: true });
      if (!profile) {
        const res = await call(profileRoute, {}, { quiet: true }).catch(() => null);
        // A refused session (401) is signed out by the handler above, which then goes to the sign-in page saying why:
        // going there before the sign-out ends would find the old token and come straight back without the reason.
        if (!res) return leaving ? undefined : navigate(signIn, { replace: true });
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
