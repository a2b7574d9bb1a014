import type { ReactNode } from 'react';

/**
 * The file chooser of an import dialog: a labelled native file input (keyboard and screen-reader friendly on every
 * device) taking the dialog's whole width, with a hint under it (the columns or formats the file may hold).
 * `onFile` gets the chosen file, or null when the choice is cleared.
 */
export function ImportFileField(props: {
  id: string;
  label: string;
  accept: string;
  hint?: ReactNode;
  onFile: (file: File | null) => void;
}) {
  const { id, label, accept, hint, onFile } = props;
  return (
    <div className="form-field wide">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept={accept} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      {hint ? <small>{hint}</small> : null}
    </div>
  );
}
