import { type ApiKey, type ApiKeyCreated, type BodyOf, createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { profileAtom } from '../../app/state';

/** What creating a key sends: its name, its scopes and its last day (ISO). */
export type NewApiKey = BodyOf<typeof createApiKeyRoute>;

/** Newest first, whatever order they came in. */
const newestFirst = (keys: readonly ApiKey[]): ApiKey[] => [...keys].sort((a, b) => b.created_at.localeCompare(a.created_at));

/**
 * A new key as the list keeps it: the key alone, without the secret and what goes with it (the token URL and scope),
 * which only the dialog shown after creating it holds.
 */
export function listedKey(created: ApiKeyCreated): ApiKey {
  const { client_secret: _secret, token_url: _url, token_scope: _scope, ...key } = created;
  return key;
}

/** The campus's API keys (`GET /api/auth/api-keys`), newest first: revoked and expired ones too, never a secret. */
export function useApiKeys() {
  return useQuery({
    queryKey: qk.apiKeys(),
    queryFn: async () => newestFirst((await call(listApiKeysRoute, {})).data),
  });
}

/**
 * Creating a key (`POST /api/auth/api-keys`; quiet, so the form shows the server's message beside its fields) and
 * revoking one (`DELETE /api/auth/api-keys/{id}`). Each puts its outcome into the cached list: the new key without its
 * secret, the revoked one as revoked.
 */
export function useApiKeyWrites() {
  const qc = useQueryClient();
  const me = useAtomValue(profileAtom);
  const create = useMutation({
    mutationFn: (body: NewApiKey) => call(createApiKeyRoute, { body }, { quiet: true }),
    onSuccess: (created) =>
      qc.setQueryData<ApiKey[]>(qk.apiKeys(), (old) =>
        newestFirst([listedKey(created), ...(old ?? []).filter((k) => k.id !== created.id)]),
      ),
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => call(revokeApiKeyRoute, { params: { id: key.id } }),
    onSuccess: (_, key) =>
      qc.setQueryData<ApiKey[]>(qk.apiKeys(), (old) =>
        old?.map((k) =>
          k.id === key.id
            ? { ...k, status: 'revoked' as const, revoked_at: new Date().toISOString(), revoked_by: me?.email ?? k.revoked_by }
            : k,
        ),
      ),
  });
  return { create, revoke };
}
