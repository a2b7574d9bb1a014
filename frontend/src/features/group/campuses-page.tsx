import type { GroupCampus } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hrefWith } from '../../app/navigation';
import { formatDate, useLocale } from '../../lib/format/locale';
import { ResultTable } from '../../components/table/result-table';
import { CampusStatusDialog } from './campus-status-dialog';
import { useGroupCampuses } from './api';
import { NewCampusForm } from './new-campus-form';

/**
 * `/group/campuses`: the group's campuses with their status, first administrator and creation date; each
 * opens (chosen in the banner's picker, then the dashboard) and is disabled (with a reason) or enabled again.
 * "Add campus" makes one and invites its first administrator by mail.
 */
export function CampusesPage() {
  const locale = useLocale();
  const read = useGroupCampuses();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<GroupCampus | null>(null);
  const [created, setCreated] = useState<GroupCampus | null>(null);
  const group = read.data;
  // The shell chooses the campus a link names (`?campus=`) before the dashboard reads anything.
  const open = (c: GroupCampus) => navigate(hrefWith('/dashboard', { campus: c.id }));
  return (
    <section>
      <div className="page-head">
        <h2>{group ? `Campuses of ${group.name}` : 'Campuses'}</h2>
        <Button label="Add campus" icon="pi pi-plus" onClick={() => setAdding(true)} />
      </div>
      {created ? (
        <p className="campus-created" role="status">
          <i className="pi pi-check-circle" aria-hidden /> {`Campus created; an invitation was mailed to ${created.admin_email}`}
        </p>
      ) : null}
      {read.isError ? <p className="field-error">The group&apos;s campuses could not be read; please reload the page.</p> : null}
      {group ? (
        <ResultTable<GroupCampus>
          label="Campuses"
          fileName={`campuses-${group.id}`}
          rows={group.campuses}
          rowKey={(c) => c.id}
          highlight={created?.id ?? null}
          empty={<p className="hint">No campus yet: add the first one.</p>}
          columns={[
            { header: 'Name', value: (c) => c.name, wide: true },
            { header: 'Id', value: (c) => c.id },
            {
              header: 'Status',
              value: (c) => c.status,
              render: (c) => <span className={`campus-status ${c.status.toLowerCase()}`}>{c.status}</span>,
            },
            { header: 'First administrator', value: (c) => c.admin_email, wide: true },
            { header: 'Created', value: (c) => c.created_at.slice(0, 10), render: (c) => formatDate(c.created_at, locale) },
            { header: 'Reason', value: (c) => c.status_reason ?? '', wide: true },
          ]}
          actions={(c) => (
            <span className="row-actions">
              <Button type="button" label="Open" size="small" text aria-label={`Open ${c.name}`} onClick={() => open(c)} />
              <Button
                type="button"
                label={c.status === 'Active' ? 'Disable' : 'Enable'}
                size="small"
                text
                severity={c.status === 'Active' ? 'danger' : undefined}
                aria-label={`${c.status === 'Active' ? 'Disable' : 'Enable'} ${c.name}`}
                onClick={() => setChanging(c)}
              />
            </span>
          )}
        />
      ) : null}
      <NewCampusForm visible={adding} onHide={() => setAdding(false)} onCreated={setCreated} />
      <CampusStatusDialog key={changing?.id ?? ''} campus={changing} onHide={() => setChanging(null)} />
    </section>
  );
}
