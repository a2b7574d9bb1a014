import type { Figure } from '@attain/shared-types';
import { useState } from 'react';
import { TracePanel } from './trace-panel';
import { traceSummary } from './trace-summary';

/**
 * A computed figure of a report table: its text as a button (reached by Tab, opened by a click, Enter or Space) whose
 * tooltip sums up its trace, opening the `TracePanel` with the inputs, formula, version, source and rounding.
 * `label` says which figure it is (`PO1 of CS3101`), for the panel's title and screen readers. Prints as plain text.
 */
export function FigureButton({ figure, label }: { figure: Figure; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`figure-button${figure.value === null ? ' figure-missing' : ''}`}
        title={traceSummary(figure)}
        aria-label={`${figure.text || 'Not computed'}: how ${label} was computed`}
        onClick={() => setOpen(true)}
      >
        {figure.text || '-'}
      </button>
      {open ? <TracePanel figure={figure} label={label} onHide={() => setOpen(false)} /> : null}
    </>
  );
}
