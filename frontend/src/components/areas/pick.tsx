import { Dropdown } from 'primereact/dropdown';
import type { ReactNode } from 'react';

/** A labelled dropdown in the filter bar (`footer`: e.g. "Load more" under the choices); '' or a clear means none. */
export function Pick(p: {
  id: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (v: string | undefined) => void;
  placeholder?: string;
  footer?: ReactNode;
  /** Offer a clear button (an optional choice). */
  showClear?: boolean;
}) {
  return (
    <span className="filter">
      <label htmlFor={p.id}>{p.label}</label>
      <Dropdown
        inputId={p.id}
        value={p.value ?? null}
        options={p.options}
        placeholder={p.placeholder ?? 'Choose'}
        filter={p.options.length > 10}
        panelFooterTemplate={p.footer}
        showClear={p.showClear}
        onChange={(e) => p.onChange(e.value || undefined)}
      />
    </span>
  );
}
