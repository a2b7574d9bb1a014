import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';

/**
 * What a paste from a spreadsheet would do, shown before anything changes: the lines it reads or changes (`items`,
 * a list named `itemsLabel`; `empty` when there are none), the parts it cannot use (`problems`, named
 * `problemsLabel`), and the buttons Cancel and `applyLabel` (off when there is nothing to apply). `open` while a
 * paste waits for an answer.
 */
export function PastePreview(props: {
  header: string;
  open: boolean;
  note?: ReactNode;
  itemsLabel: string;
  items: readonly string[];
  empty: string;
  problemsLabel: string;
  problems: readonly string[];
  applyLabel: string;
  onApply: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      header={props.header}
      visible={props.open}
      onHide={props.onCancel}
      style={{ width: 'min(36rem, 95vw)' }}
      footer={
        <div className="form-actions">
          <Button type="button" label="Cancel" severity="secondary" outlined onClick={props.onCancel} />
          <Button type="button" label={props.applyLabel} disabled={!props.items.length} onClick={props.onApply} />
        </div>
      }
    >
      {props.note}
      {props.items.length ? (
        <ul className="paste-preview" aria-label={props.itemsLabel}>
          {props.items.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="hint">{props.empty}</p>
      )}
      {props.problems.length ? (
        <ul className="field-error" aria-label={props.problemsLabel}>
          {props.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
