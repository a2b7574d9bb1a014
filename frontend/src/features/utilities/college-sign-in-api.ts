import {
  type BodyOf,
  type IdentityProviderSetting,
  deleteIdentityProviderRoute,
  getIdentityProviderRoute,
  putIdentityProviderRoute,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';

/** What saving the provider sends (`PUT /api/auth/identity-provider`). */
export type CollegeProviderInput = BodyOf<typeof putIdentityProviderRoute>;

/** The campus's sign-in provider, never its secret (`GET /api/auth/identity-provider`). */
export function useCollegeSignInSetting() {
  return useQuery({ queryKey: qk.identityProvider(), queryFn: () => call(getIdentityProviderRoute, {}) });
}

/**
 * Saving the provider (quiet: the form shows the server's messages beside its fields) and removing it; each puts the
 * outcome into the cached setting.
 */
export function useCollegeSignInWrites() {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (body: CollegeProviderInput) => call(putIdentityProviderRoute, { body }, { quiet: true }),
    onSuccess: (setting) => qc.setQueryData<IdentityProviderSetting>(qk.identityProvider(), setting),
  });
  const remove = useMutation({
    mutationFn: () => call(deleteIdentityProviderRoute, {}),
    onSuccess: () => qc.setQueryData<IdentityProviderSetting>(qk.identityProvider(), (old) => (old ? { ...old, provider: null } : old)),
  });
  return { save, remove };
}
