import { type ItemResponse, type ProfileView, profile } from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { api } from '../app/api';
import { qk } from '../app/query-keys';
import { profileAtom, showPopup } from '../app/state';
import { EntityForm } from '../entity/entity-form';

/**
 * `/faculty-contribution`: the signed-in member's own profile (spec part 2 §2 "Faculty Profile"), read from and
 * saved to `/api/auth/profile` with Update (the spec's version only logged the values).
 */
export function ProfilePage() {
  const key = qk.record(profile.path, 'me');
  const me = useQuery({ queryKey: key, queryFn: async () => (await api<ItemResponse<ProfileView>>('GET', profile.path)).data }).data;
  const setProfile = useSetAtom(profileAtom);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api<ItemResponse<ProfileView>>('PATCH', profile.path, { ...values, version: me?.version }),
    onSuccess: (res) => {
      queryClient.setQueryData(key, res.data);
      setProfile(res.data);
      showPopup('success', 'successfully updated');
    },
  });
  return (
    <section>
      <div className="page-head">
        <h2>Faculty Profile</h2>
      </div>
      {me ? (
        <EntityForm
          key={String(me.version ?? 0)}
          def={profile}
          record={me as never}
          submitLabel="Update"
          onSubmit={async (v) => void (await save.mutateAsync(v))}
        />
      ) : null}
    </section>
  );
}
