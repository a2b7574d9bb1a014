import { type EntityRecord, type FieldDef, type ListResponse, MAX_PAGE_SIZE, MESSAGES, entity } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { profileAtom, showPopup } from '../app/state';
import { EntityForm } from './entity-form';
import type { RefOption } from './field-input';
import { FilterBar } from './filter-bar';
import { clearRefCache, useRefOptions } from './use-ref-options';

function cellText(fd: FieldDef | undefined, v: unknown, refs: RefOption[] | undefined): string {
  if (v === undefined || v === null) return '';
  if (fd?.kind === 'boolean') return v ? (fd.name === 'status' ? 'Active' : 'Yes') : fd.name === 'status' ? 'Inactive' : 'No';
  if (fd?.kind === 'ref') return refs?.find((o) => o.value === v)?.label ?? '';
  if (fd?.kind === 'html') return String(v).replace(/<[^>]*>/g, ' ');
  return String(v);
}

/**
 * The generic screen of a registry entity: its server-side filters (kept in the address, so a filtered list can be
 * bookmarked), a DataTable of the matching records (the first page shows while the rest load), a text search over
 * the loaded rows, an ADD button opening a full-screen form (prefilled with the chosen filters), and per row Edit
 * and Delete (Delete asks first; a refused delete says what still refers to the record). Write controls show for
 * roles that may write: admins, and faculty on records of courses they own (the server checks the course).
 */
export function EntityPage(props: { entityName: string; title?: string; filters?: readonly string[]; toolbar?: ReactNode; rowActions?: (r: EntityRecord) => ReactNode }) {
  const def = useMemo(() => entity(props.entityName), [props.entityName]);
  const filterFields = props.filters ?? def.filters ?? [];
  const profile = useAtomValue(profileAtom);
  const role = profile?.role as never;
  const canWrite = Boolean(profile && (def.writeRoles.includes(role) || (profile.role === 'faculty' && def.ownedVia)));
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(filterFields.filter((f) => params.get(f)).map((f) => [f, params.get(f) as string])), [params, filterFields]);
  const [rows, setRows] = useState<EntityRecord[] | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<EntityRecord | null | 'new'>(null);
  const [optionsVersion, setOptionsVersion] = useState(0);
  const refOptions = useRefOptions(def, undefined, optionsVersion);

  const query = new URLSearchParams(filters).toString();
  const load = useCallback(async () => {
    let next: string | null = null;
    let all: EntityRecord[] = [];
    let first = true;
    do {
      const res: ListResponse<EntityRecord> = await api('GET', `${def.path}?limit=${MAX_PAGE_SIZE}${query ? `&${query}` : ''}${next ? `&next=${encodeURIComponent(next)}` : ''}`);
      all = first ? res.data : [...all, ...res.data];
      first = false;
      setRows(all);
      next = res.next;
    } while (next);
  }, [def, query]);
  useEffect(() => {
    setRows(null);
    void load().catch(() => setRows([]));
  }, [load]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!rows || !q) return rows ?? [];
    return rows.filter((r) => def.columns.some((c) => cellText(def.fields.find((f) => f.name === c), r[c], refOptions[c]).toLowerCase().includes(q)));
  }, [rows, search, def, refOptions]);

  const afterWrite = async () => {
    clearRefCache(def.name);
    setOptionsVersion((n) => n + 1);
    await load();
  };
  const save = async (values: Record<string, unknown>) => {
    if (editing === 'new') {
      await api('POST', def.path, values);
      showPopup('success', MESSAGES.created);
    } else if (editing) {
      await api('PUT', `${def.path}/${editing.id}`, { ...values, version: editing.version });
      showPopup('success', 'successfully updated');
    }
    setEditing(null);
    await afterWrite();
  };
  const nameOf = (r: EntityRecord) => String(r[def.display ?? 'name'] ?? '').slice(0, 60);
  const remove = (row: EntityRecord) =>
    confirmDialog({
      message: `Delete ${def.label.toLowerCase()} "${nameOf(row) || row.id}"? This cannot be undone.`,
      header: 'Confirm delete',
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Delete',
      rejectLabel: 'Cancel',
      accept: async () => {
        await api('DELETE', `${def.path}/${row.id}`)
          .then(() => showPopup('success', 'successfully deleted'))
          .catch(() => undefined);
        await afterWrite().catch(() => undefined);
      },
    });

  return (
    <section>
      <div className="page-head">
        <h2>{props.title ?? def.label}</h2>
        <span className="page-tools">
          {props.toolbar}
          {canWrite ? <Button label="ADD" icon="pi pi-plus" onClick={() => setEditing('new')} /> : null}
        </span>
      </div>
      {filterFields.length ? <FilterBar def={def} fields={filterFields} values={filters} options={refOptions} onChange={(v) => setParams(v, { replace: true })} /> : null}
      <div className="table-search">
        <span className="p-input-icon-left">
          <InputText aria-label={`Search ${def.label.toLowerCase()}s`} placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </span>
        <span className="row-count" aria-live="polite">
          {rows === null ? 'Loading…' : `${shown.length} of ${rows.length}`}
        </span>
      </div>
      <DataTable value={shown} dataKey="id" paginator rows={20} rowsPerPageOptions={[20, 50, 100]} emptyMessage={rows === null ? 'Loading…' : `No ${def.label.toLowerCase()} yet`} responsiveLayout="stack" breakpoint="720px" size="small" stripedRows>
        {def.columns.map((c) => {
          const fd = def.fields.find((f) => f.name === c);
          return <Column key={c} field={c} header={fd?.label ?? c} sortable body={(r: EntityRecord) => cellText(fd, r[c], refOptions[c])} />;
        })}
        {canWrite || props.rowActions ? (
          <Column
            header="Actions"
            body={(r: EntityRecord) => (
              <span className="row-actions">
                {props.rowActions?.(r)}
                {canWrite ? (
                  <>
                    <Button icon="pi pi-pencil" rounded text aria-label={`Edit ${nameOf(r)}`} onClick={() => setEditing(r)} />
                    <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Delete ${nameOf(r)}`} onClick={() => remove(r)} />
                  </>
                ) : null}
              </span>
            )}
          />
        ) : null}
      </DataTable>
      <Dialog header={editing === 'new' ? `Add ${def.label.toLowerCase()}` : `Edit ${def.label.toLowerCase()}`} visible={editing !== null} maximized onHide={() => setEditing(null)}>
        {editing !== null ? (
          <EntityForm def={def} record={editing === 'new' ? null : editing} preset={filters} refOptions={refOptions} onSubmit={save} onCancel={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <ConfirmDialog />
    </section>
  );
}
