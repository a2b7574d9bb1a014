import { DEFAULT_ACADEMIC_YEAR_START_MONTH, DEFAULT_LOCALE, organization, textOf, may } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { crud } from '../../app/crud-client';
import { campusAtom } from '../../app/campus-choice';
import { profileAtom, showPopup } from '../../app/state';
import { EntityForm } from '../../components/entity/entity-form';
import { putSaved, useListQuery } from '../../components/entity/list-cache';

/**
 * `/configuration`: the campus's Organization form (society, name, rich-text description, mission, vision, the
 * locale, the month its academic year starts in (a month picker, June by default), its current academic year (the year
 * every page opens on, with what changing it does) and the mail sender).
 */
export function OrganizationForm() {
  const [profile, setProfile] = useAtom(profileAtom);
  const campus = useAtomValue(campusAtom);
  // A group administrator on "All campuses" has no one organization to show (nothing is read then).
  const noCampus = may(profile, 'oversee-group') && !campus;
  // The organization is a singleton: its list holds the campus's one record (or none yet).
  const list = useListQuery(organization, noCampus ? null : {});
  const record = list.isPending ? undefined : (list.rows[0] ?? null);
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
          organization_name: textOf(res.data.name),
          locale: res.data.locale ?? DEFAULT_LOCALE,
          academic_year_start_month: res.data.academic_year_start_month ?? DEFAULT_ACADEMIC_YEAR_START_MONTH,
          current_academic_year: res.data.current_academic_year || undefined,
        });
      // A changed current academic year moves every page's default year: every view is read again.
      if (textOf(res.data.current_academic_year) !== textOf(record?.current_academic_year)) void queryClient.invalidateQueries();
      showPopup('success', `Organization ${record ? 'successfully updated' : 'successfully created'}`);
    },
  });
  if (noCampus)
    return (
      <section>
        <h2>Organization</h2>
        <p className="hint">Each campus keeps its own organization: pick a campus above to read or change it.</p>
      </section>
    );
  // Group administrators read every campus but change none (roles.ts); faculty read their campus's organization.
  const mayWrite = organization.writeRoles.some((r) => r === profile?.role);
  return (
    <section>
      <h2>Organization</h2>
      <p className="hint" id="cay-consequence">
        The current academic year (CAY) is the year every page opens on: the dashboard, the results pages, SAR readiness and the SAR. Marks
        of other years never move it; until it is set, it is the year today falls in. Changing it moves all of them at once, and the change
        is kept in the audit trail.
      </p>
      {record === undefined ? null : (
        <EntityForm
          key={`${record?.id}-${record?.version}`}
          def={organization}
          record={record}
          onSubmit={async (v) => void (await save.mutateAsync(v))}
          submitLabel="Save"
          readOnly={mayWrite ? undefined : 'Only the campus administrators change the organization; you can read it here.'}
        />
      )}
    </section>
  );
}
