import type { Figure } from '@attain/shared-types';
import { Sidebar } from 'primereact/sidebar';

/**
 * How a computed figure was made, in a side panel: its value, the inputs it used (label: value), the formula, the
 * rule's version and source, how it was rounded, and the note when it could not be computed. Closed by its close
 * button or Escape (the keyboard goes back to the figure that opened it).
 */
export function TracePanel({ figure, label, onHide }: { figure: Figure; label: string; onHide: () => void }) {
  const t = figure.trace;
  const facts: [string, string | undefined][] = [
    ['Formula', t.formula],
    ['Version', t.version],
    ['Source', t.source],
    ['Rounding', t.rounding],
    ['Note', figure.note],
  ];
  return (
    <Sidebar
      visible
      position="right"
      onHide={onHide}
      className="trace-panel"
      header={<h3 className="trace-title">How {label} was computed</h3>}
      ariaCloseLabel="Close"
    >
      <p className="trace-value">
        <strong>{figure.text || 'Not computed'}</strong>
      </p>
      <h4>Inputs</h4>
      {t.inputs.length ? (
        <dl className="trace-inputs" aria-label="Inputs">
          {t.inputs.map((i) => (
            <div key={i.label}>
              <dt>{i.label}</dt>
              <dd>{i.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="hint">No inputs.</p>
      )}
      <dl className="trace-facts">
        {facts
          .filter((x): x is [string, string] => Boolean(x[1]))
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </Sidebar>
  );
}
