import { type ItemResponse, type ProfileView, isWritable, profile } from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { api } from '../app/api';
import { qk } from '../app/query-keys';
import { profileAtom, showPopup } from '../app/state';
import { EntityForm } from '../entity/entity-form';
import { useRefRecords } from '../entity/ref-records';
import { fieldText } from '../format/field-text';
import { useLocale } from '../format/locale';
import { DownloadCvButton } from './download-cv-button';

/**
 * `/faculty-contribution`: the signed-in member's own profile (spec part 2 §2 "Faculty Profile"), read from and
 * saved to `/api/auth/profile` with Update (the spec's version only logged the values), and Download CV.
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
        <span className="page-tools">
          <DownloadCvButton />
        </span>
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

/**
 * Another member's profile, read-only (an admin arriving from Manage User): every profile field the member has
 * filled, in words and the campus's date format, from the campus's user list (`?ids=`), and Download CV of the member.
 */
export function MemberProfile({ id }: { id: string }) {
  const member = useRefRecords([{ target: profile, ids: [id] }])(profile, id);
  const locale = useLocale();
  return (
    <section>
      <div className="page-head">
        <h2>Faculty Profile</h2>
        <span className="page-tools">
          <DownloadCvButton faculty={id} />
        </span>
      </div>
      {member ? (
        <dl className="record-card-fields profile-read">
          <div>
            <dt>E-mail</dt>
            <dd>{String(member.email ?? '')}</dd>
          </div>
          {profile.fields
            .filter(
              (fd) => isWritable(fd) && fd.kind !== 'ref' && member[fd.name] !== undefined && member[fd.name] !== '' && fd.name !== 'image',
            )
            .map((fd) => (
              <div key={fd.name} className={fd.kind === 'text' ? 'wide' : undefined}>
                <dt>{fd.label}</dt>
                <dd>{fieldText(fd, member[fd.name], locale)}</dd>
              </div>
            ))}
        </dl>
      ) : (
        <p className="hint">Loading…</p>
      )}
    </section>
  );
}
