import { type EntityDef, type FieldDef, refTarget, textOf } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import { useEffect } from 'react';
import { useListQuery } from './list-cache';
import { loadMoreFooter } from './load-more';
import { fieldRefLabel, pickerScope, useRefRecords } from './ref-records';

/**
 * A picker of the records a reference field `field` of `def` may point at. With a parent chosen (in the form, or in
 * the list filters it was opened under) it lists the scoped records from the server (`pickerScope`: a curriculum's
 * terms, a term's courses); else the first page of the referenced entity, the cached list every picker and table of
 * that entity shares. "Load more" in the panel reads the next page. A chosen record missing from the pages read (a
 * deep link, an old record) is read by id so it still shows. With `onOnlyChoice` (a required field of a form), the only
 * record there is to choose is handed over while nothing is chosen.
 */
export function RefPicker(props: {
  def: EntityDef;
  field: FieldDef;
  value: unknown;
  /** Values chosen so far, by field name (scope the choices). */
  chosen: Readonly<Record<string, unknown>>;
  onChange: (v: string | null) => void;
  onBlur?: () => void;
  inputId: string;
  className?: string;
  placeholder?: string;
  showClear?: boolean;
  /** Offer a text filter over the choices: always, or (default) from 11 choices on. */
  filter?: boolean;
  /** Called with the only record there is to choose, while nothing is chosen (a required field of a form). */
  onOnlyChoice?: (id: string) => void;
}) {
  const target = refTarget(props.field);
  const scope = pickerScope(props.def, props.field, props.chosen);
  const list = useListQuery(target, scope);
  const value = typeof props.value === 'string' && props.value ? props.value : null;
  const missing = Boolean(value && list.isSuccess && !list.rows.some((r) => r.id === value));
  const byId = useRefRecords(missing ? [{ target, ids: [value] }] : []);
  const extra = missing ? byId(target, value) : undefined;
  // A chosen record outside the scope (its parent changed) is not offered again.
  const records = extra && Object.entries(scope).every(([k, v]) => textOf(extra[k]) === v) ? [extra, ...list.rows] : list.rows;
  const options = records.map((r) => ({ value: r.id, label: fieldRefLabel(props.field, r) }));
  const more = loadMoreFooter(list);
  const only = !value && list.isSuccess && !list.hasNextPage && records.length === 1 ? records[0].id : null;
  const { onOnlyChoice } = props;
  useEffect(() => {
    if (only) onOnlyChoice?.(only);
  }, [only, onOnlyChoice]);
  return (
    <Dropdown
      inputId={props.inputId}
      className={props.className}
      value={value}
      options={options}
      onChange={(e) => props.onChange(e.value ?? null)}
      onBlur={props.onBlur}
      placeholder={props.placeholder ?? 'Select'}
      filter={props.filter ?? options.length > 10}
      showClear={props.showClear}
      emptyMessage={list.isPending ? 'Loading…' : 'Nothing to choose yet'}
      panelFooterTemplate={more}
    />
  );
}
