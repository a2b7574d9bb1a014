import { curriculum } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import type { ReactNode } from 'react';
import { useListQuery } from './list-cache';
import { loadMoreFooter } from './load-more';

/**
 * "Into curriculum": the curriculum a file is loaded into (the CSV import and the stakeholder import). Reads the
 * curricula only while `active` (the dialog is open), a server page at a time with "Load more" in the panel.
 */
export function CurriculumTargetField(props: {
  id: string;
  active: boolean;
  value: string | null | undefined;
  onChange: (id: string) => void;
  hint?: ReactNode;
}) {
  const curricula = useListQuery(curriculum, props.active ? {} : null);
  return (
    <div className="form-field">
      <label htmlFor={props.id}>Into curriculum</label>
      <Dropdown
        inputId={props.id}
        value={props.value}
        placeholder="Choose"
        options={curricula.rows.map((c) => ({ value: c.id, label: c.name }))}
        filter={curricula.rows.length > 10}
        panelFooterTemplate={loadMoreFooter(curricula)}
        onChange={(e) => props.onChange(e.value)}
      />
      {props.hint ? <small>{props.hint}</small> : null}
    </div>
  );
}
