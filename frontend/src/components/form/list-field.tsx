import type { FieldDef } from '@attain/shared-types';
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

type Row = Record<string, unknown>;

/**
 * A list field edited in place (a profile's qualification details): one block per row with an input per item field,
 * "Add" below and "Remove" on each row. `renderInput` draws one item field's input (the form's own inputs), so rows
 * look and validate like the rest of the form.
 */
export function ListField(props: {
  field: FieldDef;
  value: unknown;
  onChange: (v: Row[]) => void;
  renderInput: (item: FieldDef, value: unknown, onChange: (v: unknown) => void, id: string) => ReactNode;
}) {
  const { field: fd } = props;
  const rows = Array.isArray(props.value) ? (props.value as Row[]) : [];
  const items = fd.items ?? [];
  const max = fd.maxItems ?? 20;
  const one = fd.itemLabel ?? fd.label;
  const set = (i: number, name: string, v: unknown) => props.onChange(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)));
  const blank = (): Row =>
    Object.fromEntries(items.map((it) => [it.name, it.kind === 'int' || it.kind === 'number' || it.kind === 'enum' ? null : '']));
  return (
    <div className="list-field" role="group" aria-label={fd.label}>
      {rows.length ? null : <p className="hint">None yet.</p>}
      {rows.map((row, i) => (
        <fieldset key={i} className="list-row">
          <legend>{`${one} ${i + 1}`}</legend>
          <div className="list-row-fields">
            {items.map((it) => {
              const id = `f-${fd.name}-${i}-${it.name}`;
              return (
                <div key={it.name} className="form-field">
                  <label htmlFor={id}>
                    {it.label}
                    {it.required ? (
                      <span className="req" aria-hidden>
                        {' *'}
                      </span>
                    ) : null}
                  </label>
                  {props.renderInput(it, row[it.name], (v) => set(i, it.name, v), id)}
                </div>
              );
            })}
          </div>
          <Button
            type="button"
            label="Remove"
            icon="pi pi-trash"
            size="small"
            text
            severity="danger"
            aria-label={`Remove ${one} ${i + 1}`}
            onClick={() => props.onChange(rows.filter((_, j) => j !== i))}
          />
        </fieldset>
      ))}
      <Button
        type="button"
        label={`Add ${one}`}
        icon="pi pi-plus"
        size="small"
        outlined
        disabled={rows.length >= max}
        onClick={() => props.onChange([...rows, blank()])}
      />
    </div>
  );
}
