import { DEFAULT_ACADEMIC_YEAR_START_MONTH, DEFAULT_LOCALE, organization } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { crud } from '../../app/crud-client';
import { profileAtom, showPopup } from '../../app/state';
import { EntityForm } from '../../components/entity/entity-form';
import { putSaved, useListQuery } from '../../components/entity/list-cache';

/**
 * `/configuration`: the campus's Organization form (society, name, rich-text description, mission, vision, the
 * locale, the month its academic year starts in (a month picker, June by default) and the mail sender).
 */
export function OrganizationForm() {
  // The organization is a singleton: its list holds the campus's one record (or none yet).
  const list = useListQuery(organization, {});
  const record = list.isPending ? undefined : (list.rows[0] ?? null);
  const [profile, setProfile] = useAtom(profileAtom);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      record ? crud.replace(organization, record.id, values, record.version) : crud.create(organization, values),
    onSuccess: (res) => {
      putSaved(queryClient, organization, res.data);
      // The banner shows the organization's name (jotai state shared with the shell).
      // ...the campus's locale writes every date and number on screen, and its start month sets the current academic
      // year every year picker counts from: all apply at once.
      if (profile)
        setProfile({
          ...profile,
          organization_name: String(res.data.name ?? ''),
          locale: res.data.locale ?? DEFAULT_LOCALE,
          academic_year_start_month: res.data.academic_year_start_month ?? DEFAULT_ACADEMIC_YEAR_START_MONTH,
        });
      showPopup('success', `Organization ${record ? 'successfully updated' : 'successfully created'}`);
    },
  });
  return (
    <section>
      <h2>Organization</h2>
      {record === undefined ? null : (
        <EntityForm
          key={`${record?.id}-${record?.version}`}
          def={organization}
          record={record}
          onSubmit={async (v) => void (await save.mutateAsync(v))}
          submitLabel="Save"
        />
      )}
    </section>
  );
}
