import { type EntityDef, refLabel } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import type { ReactNode } from 'react';
import { useListQuery } from './list-cache';
import { loadMoreFooter } from './load-more';

/**
 * The record a file is loaded into ("Into curriculum" for the CSV import and the stakeholder import, "Into program"
 * for the batches): a picker of `entity`'s records, read only while `active` (the dialog is open), a server page at a
 * time with "Load more" in the panel.
 */
export function ImportTargetField(props: {
  id: string;
  entity: EntityDef;
  active: boolean;
  value: string | null | undefined;
  onChange: (id: string) => void;
  hint?: ReactNode;
}) {
  const records = useListQuery(props.entity, props.active ? {} : null);
  return (
    <div className="form-field">
      <label htmlFor={props.id}>{`Into ${props.entity.label.toLowerCase()}`}</label>
      <Dropdown
        inputId={props.id}
        value={props.value}
        placeholder="Choose"
        options={records.rows.map((r) => ({ value: r.id, label: refLabel(props.entity, r) }))}
        filter={records.rows.length > 10}
        panelFooterTemplate={loadMoreFooter(records)}
        onChange={(e) => props.onChange(e.value)}
      />
      {props.hint ? <small>{props.hint}</small> : null}
    </div>
  );
}
