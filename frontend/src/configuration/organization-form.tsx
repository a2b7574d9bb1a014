import { type EntityRecord, type ListResponse, organization } from '@attain/shared-types';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../app/api';
import { profileAtom, showPopup } from '../app/state';
import { EntityForm } from '../entity/entity-form';

/** `/configuration`: the campus's Organization form (society, name, rich-text description, mission, vision). */
export function OrganizationForm() {
  const [record, setRecord] = useState<EntityRecord | null | undefined>(undefined);
  const [profile, setProfile] = useAtom(profileAtom);
  const load = useCallback(async () => {
    const res = await api<ListResponse<EntityRecord>>('GET', organization.path);
    setRecord(res.data[0] ?? null);
  }, []);
  useEffect(() => {
    void load().catch(() => setRecord(null));
  }, [load]);
  const save = async (values: Record<string, unknown>) => {
    const res = record
      ? await api<{ data: EntityRecord }>('PUT', `${organization.path}/${record.id}`, { ...values, version: record.version })
      : await api<{ data: EntityRecord }>('POST', organization.path, values);
    setRecord(res.data);
    if (profile) setProfile({ ...profile, organization_name: String(res.data.name ?? '') });
    showPopup('success', record ? 'successfully updated' : 'successfully created');
  };
  return (
    <section>
      <h2>Organization</h2>
      {record === undefined ? null : <EntityForm key={`${record?.id}-${record?.version}`} def={organization} record={record} refOptions={{}} onSubmit={save} submitLabel="Save" />}
    </section>
  );
}
