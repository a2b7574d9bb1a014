import { type EntityRecord, type FieldDef, type ListResponse, MESSAGES, entity } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../app/api';
import { profileAtom, showPopup } from '../app/state';
import { EntityForm } from './entity-form';
import type { RefOption } from './field-input';
import { useRefOptions } from './use-ref-options';

function cellText(fd: FieldDef | undefined, v: unknown, refs: RefOption[] | undefined): string {
  if (v === undefined || v === null) return '';
  if (fd?.kind === 'boolean') return v ? 'Yes' : 'No';
  if (fd?.kind === 'ref') return refs?.find((o) => o.value === v)?.label ?? '';
  if (fd?.kind === 'html') return String(v).replace(/<[^>]*>/g, ' ');
  return String(v);
}

/**
 * The generic screen of a registry entity: a DataTable of the campus's records (all pages), an ADD button
 * opening a full-screen form, and per row Edit and Delete (Delete asks first). Only roles that may write
 * see the write controls.
 */
export function EntityPage({ entityName, title }: { entityName: string; title?: string }) {
  const def = useMemo(() => entity(entityName), [entityName]);
  const profile = useAtomValue(profileAtom);
  const canWrite = Boolean(profile && def.writeRoles.includes(profile.role as never));
  const [rows, setRows] = useState<EntityRecord[]>([]);
  const [editing, setEditing] = useState<EntityRecord | null | 'new'>(null);
  const refOptions = useRefOptions(def);

  const load = useCallback(async () => {
    const all: EntityRecord[] = [];
    let next: string | null = null;
    do {
      const res: ListResponse<EntityRecord> = await api('GET', `${def.path}${next ? `?next=${encodeURIComponent(next)}` : ''}`);
      all.push(...res.data);
      next = res.next;
    } while (next);
    setRows(all);
  }, [def]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const save = async (values: Record<string, unknown>) => {
    if (editing === 'new') {
      await api('POST', def.path, values);
      showPopup('success', MESSAGES.created);
    } else if (editing) {
      await api('PUT', `${def.path}/${editing.id}`, { ...values, version: editing.version });
      showPopup('success', 'successfully updated');
    }
    setEditing(null);
    await load();
  };
  const remove = (row: EntityRecord) =>
    confirmDialog({
      message: `Delete ${def.label.toLowerCase()} "${String(row[def.display ?? 'name'] ?? row.id)}"? This cannot be undone.`,
      header: 'Confirm delete',
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Delete',
      rejectLabel: 'Cancel',
      accept: async () => {
        await api('DELETE', `${def.path}/${row.id}`).catch(() => undefined);
        await load().catch(() => undefined);
      },
    });

  return (
    <section>
      <div className="page-head">
        <h2>{title ?? def.label}</h2>
        {canWrite ? <Button label="ADD" icon="pi pi-plus" onClick={() => setEditing('new')} /> : null}
      </div>
      <DataTable value={rows} dataKey="id" paginator rows={20} rowsPerPageOptions={[20, 50, 100]} emptyMessage={`No ${def.label.toLowerCase()} yet`} responsiveLayout="stack" breakpoint="720px" size="small" stripedRows>
        {def.columns.map((c) => {
          const fd = def.fields.find((f) => f.name === c);
          return <Column key={c} field={c} header={fd?.label ?? c} sortable body={(r: EntityRecord) => cellText(fd, r[c], refOptions[c])} />;
        })}
        {canWrite ? (
          <Column
            header="Actions"
            body={(r: EntityRecord) => (
              <span className="row-actions">
                <Button icon="pi pi-pencil" rounded text aria-label={`Edit ${String(r[def.display ?? 'name'] ?? '')}`} onClick={() => setEditing(r)} />
                <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Delete ${String(r[def.display ?? 'name'] ?? '')}`} onClick={() => remove(r)} />
              </span>
            )}
          />
        ) : null}
      </DataTable>
      <Dialog
        header={editing === 'new' ? `Add ${def.label.toLowerCase()}` : `Edit ${def.label.toLowerCase()}`}
        visible={editing !== null}
        maximized
        onHide={() => setEditing(null)}
      >
        {editing !== null ? (
          <EntityForm def={def} record={editing === 'new' ? null : editing} refOptions={refOptions} onSubmit={save} onCancel={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <ConfirmDialog />
    </section>
  );
}
